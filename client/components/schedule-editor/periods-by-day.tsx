import { useId } from "react";
import { useController, useWatch } from "react-hook-form";
import { rotationDayName } from "@core/school-day";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import { useLocale, useT } from "@/lib/i18n";
import { bellLabel, type ScheduleEditorValues } from "./schedule-values";

// Which periods meet on each rotation day (the form's `periodsByDay`, null while every day meets
// the same): the student's table of their classes, or staff's toggles of every period with a bell time.

type PeriodsByDay = Record<string, number[]> | null;

/** The form's `periodsByDay`, as its value and setter. */
function usePeriodsByDay() {
  const { field } = useController<ScheduleEditorValues, "periodsByDay">({ name: "periodsByDay" });
  return [field.value, field.onChange as (periodsByDay: PeriodsByDay) => void] as const;
}

/**
 * "My classes differ by rotation day", then a checkbox per class period and day. A day not yet set
 * shows every period on; it meets none until one is checked (the student's mapping, schedule-values.ts).
 */
export function ClassPeriodsByDay({ days }: { days: readonly string[] }) {
  const t = useT();
  const words = { t, locale: useLocale() };
  const differId = useId();
  const bells = useWatch<ScheduleEditorValues, "bellTimes">({ name: "bellTimes" });
  const [periodsByDay, onChange] = usePeriodsByDay();
  return (
    <>
      <div className="flex items-center gap-3 text-sm">
        <Switch id={differId} checked={periodsByDay !== null} onCheckedChange={(on) => onChange(on ? {} : null)} />
        <label htmlFor={differId}>{t("classes.differ_by_day")}</label>
      </div>
      {periodsByDay !== null && (
        <div className="overflow-x-auto">
          <table className="text-sm">
            <caption className="sr-only">{t("classes.periods_by_day_caption")}</caption>
            <thead>
              <tr>
                <th scope="col" className="px-2 text-left font-medium">
                  {t("classes.period_column")}
                </th>
                {days.map((day) => (
                  <th key={day} scope="col" className="px-2 font-medium">
                    {rotationDayName(day, t)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {bells.map((bell) => {
                const label = bellLabel(bell, words);
                return (
                  <tr key={bell.period}>
                    <th scope="row" className="px-2 py-1 text-left font-normal">
                      {label}
                    </th>
                    {days.map((day) => {
                      const list = periodsByDay[day] ?? bells.map((b) => b.period);
                      const on = list.includes(bell.period);
                      return (
                        <td key={day} className="px-2 text-center">
                          <input
                            type="checkbox"
                            className="size-5"
                            aria-label={t("classes.period_on_day", { period: label, day: rotationDayName(day, t) })}
                            checked={on}
                            onChange={() =>
                              onChange({ ...periodsByDay, [day]: on ? list.filter((p) => p !== bell.period) : [...list, bell.period] })
                            }
                          />
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

type PeriodTogglesProps = {
  days: readonly string[];
  /** Every period with a bell time: the ones a day may meet. */
  periods: readonly number[];
};

/** Staff's "Different periods on each rotation day": a toggle per period and day (a day not set meets every period). */
export function PeriodToggles({ days, periods }: PeriodTogglesProps) {
  const t = useT();
  const switchId = useId();
  const [periodsByDay, onChange] = usePeriodsByDay();
  return (
    <div className="grid gap-3">
      <div className="flex items-center gap-3 text-sm">
        <Switch
          id={switchId}
          checked={periodsByDay !== null}
          onCheckedChange={(on) => onChange(on ? Object.fromEntries(days.map((d) => [d, [...periods]])) : null)}
        />
        <label htmlFor={switchId}>{t("admin.periods_differ_by_day")}</label>
      </div>
      {periodsByDay !== null &&
        days.map((day) => {
          const dayName = rotationDayName(day, t);
          const list = periodsByDay[day] ?? [...periods];
          return (
            <div key={day} role="group" aria-label={t("admin.periods_on_day", { day: dayName })} className="grid gap-1">
              <span className="text-sm font-medium">{t("admin.periods_on_day", { day: dayName })}</span>
              <div className="flex flex-wrap gap-1">
                {periods.map((period) => {
                  const on = list.includes(period);
                  return (
                    <Button
                      key={period}
                      type="button"
                      size="sm"
                      variant={on ? "default" : "outline"}
                      aria-pressed={on}
                      aria-label={t("admin.period_on_day", { period, day: dayName })}
                      onClick={() =>
                        onChange({
                          ...periodsByDay,
                          [day]: on ? list.filter((p) => p !== period) : [...list, period].sort((a, b) => a - b),
                        })
                      }
                    >
                      {period}
                    </Button>
                  );
                })}
              </div>
            </div>
          );
        })}
    </div>
  );
}
