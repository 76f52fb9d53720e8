import { Clock, Plus, Trash2 } from "lucide-react";
import { useFormContext } from "react-hook-form";
import { MAX_ALTERNATES } from "@core/schemas/school-schedule";
import { useListField } from "@/components/form/use-list-field";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n";
import { shiftBellTimes } from "./bell-times";
import { BellRows, BellsByDayEditor } from "./bell-rows";
import { ScheduleField } from "./schedule-field";
import { alternateIdFor, type ScheduleEditorValues } from "./schedule-values";

/**
 * Staff's alternate bell schedules (a 2-hour delay, an early dismissal): each its name, its times
 * (filled "2 hours later" in one press) and, with a rotation, each rotation day's own.
 */
export function AlternatesSection({ days }: { days: readonly string[] }) {
  const t = useT();
  const form = useFormContext<ScheduleEditorValues>();
  const { getValues, setValue } = form;
  const alternates = useListField(form, "alternates");
  const alternateValues = alternates.items;

  // "2 hours later": the usual times moved, each rotation day's too when this alternate has its own.
  const twoHoursLater = (i: number) => {
    setValue(`alternates.${i}.bellTimes`, shiftBellTimes(getValues("bellTimes"), 120));
    if (getValues(`alternates.${i}.bellTimesByDay`) === null) return;
    const usualByDay = getValues("bellTimesByDay");
    for (const d of days) setValue(`alternates.${i}.bellTimesByDay.${d}`, shiftBellTimes(usualByDay?.[d] ?? getValues("bellTimes"), 120));
  };

  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium">{t("admin.alternates")}</legend>
      {alternates.keys.map((key, i) => {
        const name = alternateValues[i]?.name ?? "";
        return (
          <div key={key} className="grid gap-3 rounded-md border p-3">
            <div className="flex flex-wrap items-end gap-2">
              <ScheduleField name={`alternates.${i}.name`} label={t("admin.alternate_name")} className="w-56" />
              <Button type="button" variant="outline" onClick={() => twoHoursLater(i)}>
                <Clock aria-hidden="true" />
                {t("admin.two_hours_later")}
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={t("admin.remove_alternate", { name })}
                onClick={() => alternates.remove(i)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
            <BellRows path={`alternates.${i}.bellTimes`} />
            {days.length > 0 && (
              <BellsByDayEditor days={days} usualPath={`alternates.${i}.bellTimes`} path={`alternates.${i}.bellTimesByDay`} />
            )}
          </div>
        );
      })}
      {alternates.keys.length < MAX_ALTERNATES && (
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          onClick={() =>
            alternates.append({
              id: alternateIdFor(
                `alternate-${alternateValues.length + 1}`,
                alternateValues.map((a) => a.id),
              ),
              name: t("admin.two_hours_later"),
              bellTimes: shiftBellTimes(getValues("bellTimes"), 120),
              bellTimesByDay: null,
            })
          }
        >
          <Plus aria-hidden="true" />
          {t("admin.add_alternate")}
        </Button>
      )}
    </fieldset>
  );
}
