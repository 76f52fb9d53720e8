import { Copy, Plus, Trash2 } from "lucide-react";
import { useEffect, useId } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { rotationDayName } from "@core/school-day";
import { MAX_PERIOD } from "@core/schemas/school-schedule";
import { useListField } from "@/components/form/use-list-field";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import { useT } from "@/lib/i18n";
import { type BellTime, shiftBellTimes } from "./bell-times";
import { ScheduleField } from "./schedule-field";
import type { BellsByDay } from "./schedule-values";

type BellRowsProps = {
  /** The list's path in the form, which is its path in the schema ("bellTimes", "alternates.0.bellTimesByDay.A"). */
  path: string;
  /** The rotation day these times are for (its name goes into each field's label), or none for every day. */
  day?: string;
};

/** Staff's free list of bell times: a start and an end per period, a period added an hour after the last, or removed. */
export function BellRows({ path, day }: BellRowsProps) {
  const t = useT();
  // The list sits at any depth (an alternate's, a rotation day's): the form read as lists of bell times by path.
  const { keys, items: bells, append, remove } = useListField(useFormContext<Record<string, BellTime[]>>(), path);
  const dayName = day === undefined ? undefined : rotationDayName(day, t);
  const label = (key: "start" | "end", period: number) =>
    dayName === undefined
      ? t(key === "start" ? "admin.period_start" : "admin.period_end", { period })
      : t(key === "start" ? "admin.period_start_on_day" : "admin.period_end_on_day", { period, day: dayName });
  return (
    <div className="grid gap-2">
      {keys.map((key, i) => {
        const period = bells[i]?.period ?? 0;
        return (
          <div key={key} className="flex flex-wrap items-start gap-2">
            <span className="w-20 pt-2 text-sm font-medium">{t("admin.period_number", { period })}</span>
            <ScheduleField type="time" hiddenLabel className="w-32" name={`${path}.${i}.start`} label={label("start", period)} />
            <ScheduleField type="time" hiddenLabel className="w-32" name={`${path}.${i}.end`} label={label("end", period)} />
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={
                dayName === undefined ? t("admin.remove_period", { period }) : t("admin.remove_period_on_day", { period, day: dayName })
              }
              onClick={() => remove(i)}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        );
      })}
      {bells.length < MAX_PERIOD && (
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          onClick={() => {
            // The next period, an hour after the last one (its times then edited).
            const last = bells.at(-1);
            const next = last ? shiftBellTimes([last], 60)[0]! : { period: 0, start: "08:00", end: "08:50" };
            append({ ...next, period: Math.min(MAX_PERIOD, (last?.period ?? 0) + 1) });
          }}
        >
          <Plus aria-hidden="true" />
          {dayName === undefined ? t("admin.add_period") : t("admin.add_period_on_day", { day: dayName })}
        </Button>
      )}
    </div>
  );
}

type BellsByDayEditorProps = {
  /** The rotation's days, in order. */
  days: readonly string[];
  /** The path of the times every day has unless it has its own, where a day's table starts ("bellTimes"). */
  usualPath: string;
  /** The path of `bellTimesByDay` in the form and the schema ("bellTimesByDay", "alternates.0.bellTimesByDay"). */
  path: string;
};

/**
 * "Different times on each rotation day": off, every day rings the usual times; on, one table per
 * rotation day, each starting from the usual times, a later day copied from the first in one press.
 * An A/B block schedule: A day periods 1-4 and B day periods 5-8, both at the morning's times.
 */
export function BellsByDayEditor({ days, usualPath, path }: BellsByDayEditorProps) {
  const t = useT();
  const switchId = useId();
  const { control, setValue } = useFormContext();
  const byDay = useWatch({ control, name: path }) as BellsByDay;
  const usual = (useWatch({ control, name: usualPath }) ?? []) as BellTime[];
  const copyOf = (bells: readonly BellTime[]) => bells.map((b) => ({ ...b }));
  const first = days[0];
  // A rotation day added while the tables are open starts from the usual times.
  const missing = byDay === null ? [] : days.filter((d) => byDay[d] === undefined);
  useEffect(() => {
    for (const day of missing) setValue(`${path}.${day}`, copyOf(usual));
  });
  return (
    <div className="grid gap-3">
      <div className="flex items-center gap-3 text-sm">
        <Switch
          id={switchId}
          checked={byDay !== null}
          onCheckedChange={(on) => setValue(path, on ? Object.fromEntries(days.map((d) => [d, copyOf(usual)])) : null)}
        />
        <label htmlFor={switchId}>{t("admin.times_differ_by_day")}</label>
      </div>
      {byDay !== null &&
        days.map((day) => (
          <fieldset key={day} className="grid gap-2 rounded-md border p-3">
            <legend className="px-1 text-sm font-medium">{t("admin.bell_times_on_day", { day: rotationDayName(day, t) })}</legend>
            {first !== undefined && day !== first && (
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="justify-self-start"
                onClick={() => setValue(`${path}.${day}`, copyOf(byDay[first] ?? usual))}
              >
                <Copy aria-hidden="true" />
                {t("admin.copy_from_day", { from: rotationDayName(first, t), day: rotationDayName(day, t) })}
              </Button>
            )}
            {byDay[day] !== undefined && <BellRows path={`${path}.${day}`} day={day} />}
          </fieldset>
        ))}
    </div>
  );
}
