import { rotationDayName } from "@core/school-day";
import { useLocale, useT } from "@/lib/i18n";
import { type BellRow, bellLabel } from "../utils/school-day-form";

type PeriodsByDayTableProps = {
  bells: readonly BellRow[];
  /** The rotation's days as stored ("A", "Day 1"). */
  days: readonly string[];
  periodsByDay: Readonly<Record<string, number[]>>;
  onChange: (periodsByDay: Record<string, number[]>) => void;
};

/** Which periods meet on each rotation day: a checkbox per period and day (a day not set meets every period). */
export function PeriodsByDayTable({ bells, days, periodsByDay, onChange }: PeriodsByDayTableProps) {
  const t = useT();
  const words = { t, locale: useLocale() };
  return (
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
  );
}
