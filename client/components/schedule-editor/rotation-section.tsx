import type { ReactNode } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import type { Translate } from "@core/i18n/translate";
import { rotationDayName } from "@core/school-day";
import { MAX_ROTATION_DAYS } from "@core/schemas/school-schedule";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { useT } from "@/lib/i18n";
import { ClassPeriodsByDay } from "./periods-by-day";
import { ScheduleDateField, ScheduleField } from "./schedule-field";
import { rotationDays, type ScheduleEditorValues } from "./schedule-values";
import type { NumberValidity } from "./use-number-validity";
import { WholeNumberField } from "./whole-number-field";

type ChosenRotationProps = {
  /** Goes up with each refused Save: the cycle's number field then says what it takes. */
  tried: number;
  validity: NumberValidity;
};

/**
 * The student's rotation: none, A/B days or a cycle of days chosen from a list, which day a date
 * is, and which of their classes meet on each.
 */
export function ChosenRotation({ tried, validity }: ChosenRotationProps) {
  const t = useT();
  const { control, setValue } = useFormContext<ScheduleEditorValues>();
  const rotation = useWatch({ control, name: "rotation" });
  const days = rotationDays(rotation);
  // A new rotation's days: the anchor's day is its first again.
  const resetAnchorDay = () => setValue("rotation.anchorDay", "");
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 font-medium">{t("classes.rotation")}</legend>
      <SelectField name="rotation.kind" label={t("classes.timetable")} onChange={resetAnchorDay}>
        <option value="none">{t("classes.timetable_same")}</option>
        <option value="ab">{t("classes.timetable_ab")}</option>
        <option value="cycle">{t("classes.timetable_cycle")}</option>
      </SelectField>
      {rotation.kind === "cycle" && (
        <WholeNumberField
          name="rotation.cycleLength"
          label={t("classes.days_in_cycle")}
          min={2}
          max={MAX_ROTATION_DAYS}
          onChange={resetAnchorDay}
          onValidityChange={validity.reporters.cycleLength}
          checkRequest={tried}
        />
      )}
      {days.length > 0 && (
        <>
          <div className="grid grid-cols-2 items-start gap-2">
            <ScheduleDateField name="rotation.anchorDate" label={t("classes.anchor_date")} />
            <SelectField name="rotation.anchorDay" label={t("classes.anchor_day")} shown={(day) => (days.includes(day) ? day : days[0]!)}>
              {days.map((day) => (
                <option key={day} value={day}>
                  {rotation.kind === "ab" ? abDayName(t, day) : rotationDayName(day, t)}
                </option>
              ))}
            </SelectField>
          </div>
          <p className="text-sm text-muted-foreground">{t("classes.rotation_hint")}</p>
          <ClassPeriodsByDay days={days} />
        </>
      )}
    </fieldset>
  );
}

/** Staff's rotation: its days typed as one text ("A, B"), the date of a known day (picked) and that day. */
export function TypedRotation({ today }: { today: string }) {
  const t = useT();
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{t("admin.rotation")}</legend>
      <div className="grid gap-3 sm:grid-cols-3">
        <ScheduleField name="rotation.days" label={t("admin.rotation_days")} />
        <ScheduleDateField name="rotation.anchorDate" label={t("admin.rotation_anchor_date")} today={today} />
        <ScheduleField name="rotation.anchorDay" label={t("admin.rotation_anchor_day")} />
      </div>
    </fieldset>
  );
}

type SelectFieldProps = {
  name: "rotation.kind" | "rotation.anchorDay";
  label: string;
  /** What the select shows for the form's value (the anchor's day: the rotation's first until one is chosen). */
  shown?: (value: string) => string;
  /** After the field has set its value. */
  onChange?: () => void;
  children: ReactNode;
};

/** A native select through the form kit: its value, label, state and message. */
function SelectField({ name, label, shown = (value) => value, onChange, children }: SelectFieldProps) {
  return (
    <FormField
      name={name}
      render={({ field }) => (
        <FormItem className="gap-1">
          <FormLabel className="font-normal">{label}</FormLabel>
          <FormControl>
            <select
              className="h-10 rounded-md border bg-background px-3 text-sm"
              value={shown(field.value as string)}
              onChange={(e) => {
                field.onChange(e.target.value);
                onChange?.();
              }}
              onBlur={field.onBlur}
            >
              {children}
            </select>
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/**
 * "an A day", "a B day": the article goes by how the label is said. A single letter is said by
 * its name ("an F", "an S", "a B"); a word by its first letter ("an Even day", "a Blue day").
 * Spanish has none ("día A").
 */
function abDayName(t: Translate, day: string): string {
  const saidWithVowel = day.length === 1 ? /[aefhilmnorsx]/i.test(day) : /^[aeiou]/i.test(day);
  return saidWithVowel ? t("classes.ab_day_an", { day }) : t("classes.ab_day_a", { day });
}
