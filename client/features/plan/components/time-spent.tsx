import { useState } from "react";
import { weekdayOfDate } from "@core/dates";
import { formatDuration, formatShortDate, weekdayShortLabel } from "@core/format";
import type { FocusStats } from "@core/schemas/focus";
import type { Translate } from "@core/i18n/translate";
import { ErrorState } from "@/components/states/error-state";
import { LoadingState } from "@/components/states/loading-state";
import { Button } from "@/components/ui/button";
import { useLocale, useT } from "@/lib/i18n";
import { useFocusStats } from "@/api/user/plan";

const RANGES = { week: 7, month: 30 } as const;
type Range = keyof typeof RANGES;

/**
 * Where the time went (issue 51): the minutes of focus per day and per subject over the last week
 * or month, and how the student's estimates compared with the time the finished tasks took.
 */
export function TimeSpent({ today }: { today: string }) {
  const t = useT();
  const [range, setRange] = useState<Range>("week");
  const stats = useFocusStats(today, RANGES[range]);
  return (
    <section aria-labelledby="time-spent-heading" className="grid gap-3 rounded-md border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="time-spent-heading" className="font-medium">
          {t("plan.time_spent")}
        </h3>
        <div role="group" aria-label={t("plan.time_spent_range")} className="flex gap-1">
          {(Object.keys(RANGES) as Range[]).map((key) => (
            <Button
              key={key}
              type="button"
              size="sm"
              variant={range === key ? "default" : "outline"}
              aria-pressed={range === key}
              onClick={() => setRange(key)}
            >
              {t(key === "week" ? "plan.last_week" : "plan.last_month")}
            </Button>
          ))}
        </div>
      </div>
      {stats.isPending ? (
        <LoadingState label={t("plan.time_spent")} />
      ) : stats.isError ? (
        <ErrorState message={t("plan.time_spent_failed")} onRetry={() => void stats.refetch()} />
      ) : (
        <TimeSpentFigures stats={stats.data} />
      )}
    </section>
  );
}

function TimeSpentFigures({ stats }: { stats: FocusStats }) {
  const t = useT();
  const locale = useLocale();
  const total = stats.days.reduce((sum, d) => sum + d.minutes, 0);
  if (total === 0) return <p className="text-sm text-muted-foreground">{t("plan.no_focus_time")}</p>;
  const most = Math.max(...stats.days.map((d) => d.minutes));
  return (
    <>
      <p className="text-sm">{t("plan.focus_total", { duration: formatDuration(total, t) })}</p>
      <ul className="grid gap-1" aria-label={t("plan.by_day")}>
        {stats.days.map((day) => (
          <li key={day.date} className="grid grid-cols-[6.5rem_1fr_4.5rem] items-center gap-2 text-xs">
            <span>{`${weekdayShortLabel(weekdayOfDate(day.date), locale)}, ${formatShortDate(day.date, locale).replace(/,? \d{4}$/, "")}`}</span>
            <span className="h-2 rounded-sm bg-muted" aria-hidden="true">
              <span className="block h-2 rounded-sm bg-primary" style={{ width: `${most ? (day.minutes / most) * 100 : 0}%` }} />
            </span>
            <span className="text-right tabular-nums">{formatDuration(day.minutes, t)}</span>
          </li>
        ))}
      </ul>
      <ul className="grid gap-1 text-sm" aria-label={t("plan.by_subject")}>
        {stats.subjects.map((s) => (
          <li key={s.subject ?? ""} className="flex justify-between gap-2">
            <span>{s.subject ?? t("plan.no_subject")}</span>
            <span className="tabular-nums">{formatDuration(s.minutes, t)}</span>
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted-foreground">{estimateLine(stats.estimates, t)}</p>
    </>
  );
}

/** "Your estimates run about 30% short": how the time the finished tasks took compares with what was estimated. */
export function estimateLine(estimates: FocusStats["estimates"], t: Translate): string {
  if (estimates.tasks === 0 || estimates.estimatedMinutes === 0) return t("plan.estimates_none");
  const ratio = estimates.spentMinutes / estimates.estimatedMinutes;
  const percent = Math.round(Math.abs(ratio - 1) * 100);
  if (percent < 10) return t("plan.estimates_right", { count: estimates.tasks });
  return ratio > 1
    ? t("plan.estimates_short", { percent, count: estimates.tasks })
    : t("plan.estimates_long", { percent, count: estimates.tasks });
}
