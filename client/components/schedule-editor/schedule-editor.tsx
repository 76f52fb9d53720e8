import { useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { todayIn } from "@core/dates";
import { useT } from "@/lib/i18n";
import { AlternatesSection } from "./alternates-section";
import { BellRows, BellsByDayEditor } from "./bell-rows";
import { ClassBellTimes } from "./class-bell-times";
import { DaysOffSection } from "./days-off-section";
import { PeriodToggles } from "./periods-by-day";
import { ChosenRotation, TypedRotation } from "./rotation-section";
import { periodsOf, rotationDays, type ScheduleEditorValues } from "./schedule-values";
import { SchoolDaysSection } from "./school-days-section";
import type { NumberValidity } from "./use-number-validity";

type ScheduleEditorProps =
  | {
      /** The student's School Day step: their classes' bell times with a quick fill, a rotation chosen from a list. */
      variant: "student";
      /** Goes up with each refused Save: the number fields then say what they take. */
      tried: number;
      validity: NumberValidity;
    }
  | {
      /** Staff's /admin/school: free bell rows, a typed rotation, each rotation day's own times and periods, alternates. */
      variant: "staff";
    };

/**
 * The one editor of the school schedule document (SchoolScheduleInput), inside a form of
 * useScheduleEditorForm: its sections over the one values type, in each caller's order. The
 * caller keeps its own frame (the student's "whose school day" choice and footer; staff's Publish).
 */
export function ScheduleEditor(props: ScheduleEditorProps) {
  if (props.variant === "staff") return <StaffSections />;
  return (
    <>
      <ClassBellTimes validity={props.validity} />
      <SchoolDaysSection />
      <ChosenRotation tried={props.tried} validity={props.validity} />
      <DaysOffSection />
    </>
  );
}

const localToday = () => todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);

function StaffSections() {
  const t = useT();
  const [today] = useState(localToday);
  const { control } = useFormContext<ScheduleEditorValues>();
  const days = rotationDays(useWatch({ control, name: "rotation" }));
  const periods = periodsOf(useWatch({ control, name: "bellTimes" }), useWatch({ control, name: "bellTimesByDay" }));
  return (
    <>
      <SchoolDaysSection />
      <TypedRotation today={today} />
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium">{t("admin.usual_bell_times")}</legend>
        <BellRows path="bellTimes" />
        {days.length > 0 && (
          <>
            <BellsByDayEditor days={days} usualPath="bellTimes" path="bellTimesByDay" />
            <PeriodToggles days={days} periods={periods} />
          </>
        )}
      </fieldset>
      <AlternatesSection days={days} />
      <DaysOffSection today={today} />
    </>
  );
}
