import { i18n, type Messages } from "@lingui/core";
import { messages as englishPlan } from "@core/i18n/compiled/en/plan";
import { messages as spanishPlan } from "@core/i18n/compiled/es/plan";
import { formatDuration, formatShortDate, formatTime12, weekdayShortLabel } from "@core/format";
import { weekdayOfDate } from "@core/dates";
import type { Plan, PlanBlock } from "@core/schemas/plan";
import { ErrorState } from "@/components/states/error-state";
import { LoadingState } from "@/components/states/loading-state";
import { useLocale, useT } from "@/lib/i18n";
import { usePlan } from "@/api/user/plan";
import { blockTitle } from "../utils/focus-timer";
import { StartFocusButton } from "./start-focus";
import { TimeSpent } from "./time-spent";

// Its words (the `plan` group) come with it in both languages, as Settings → Study time's do.
i18n.load("en", englishPlan as Messages);
i18n.load("es", spanishPlan as Messages);

/**
 * The study plan's week (issue 51, decision 129): the week ahead as the study plan places the
 * student's work, each day's free time against what is planned, its blocks in order, and what does
 * not fit before it is due, with why; then where the time went. Its screen (app/screens/plan.tsx)
 * gives it its heading.
 */
export function PlanView({ onStartFocus }: { onStartFocus: (block: PlanBlock) => void }) {
  const t = useT();
  const plan = usePlan();
  return (
    <div className="grid grid-cols-1 gap-4">
      <p className="text-sm text-muted-foreground">{t("plan.description")}</p>
      {plan.isPending ? (
        <LoadingState label={t("plan.loading")} className="py-12" />
      ) : plan.isError ? (
        <ErrorState message={t("plan.load_failed")} onRetry={() => void plan.refetch()} />
      ) : (
        <>
          <PlanWeek plan={plan.data} onStartFocus={onStartFocus} />
          {/* The plan starts today (the server's, in the school's time zone). */}
          {plan.data.days[0] && <TimeSpent today={plan.data.days[0].date} />}
        </>
      )}
    </div>
  );
}

function PlanWeek({ plan, onStartFocus }: { plan: Plan; onStartFocus: (block: PlanBlock) => void }) {
  const t = useT();
  const locale = useLocale();
  const dayName = (date: string) => `${weekdayShortLabel(weekdayOfDate(date), locale)}, ${formatShortDate(date, locale)}`;
  const nothing = plan.unplaced.length === 0 && plan.days.every((d) => d.blocks.length === 0);
  return (
    <>
      {plan.unplaced.length > 0 && (
        <section aria-labelledby="plan-unplaced" className="grid grid-cols-1 gap-2 rounded-md border border-destructive/40 p-3">
          <h3 id="plan-unplaced" className="font-medium">
            {t("plan.does_not_fit")}
          </h3>
          <p className="text-sm text-muted-foreground">{t("plan.does_not_fit_why")}</p>
          <ul className="grid grid-cols-1 gap-1 text-sm wrap-anywhere">
            {plan.unplaced.map((u) => (
              <li key={`${u.taskId ?? "exam"}-${u.eventId ?? "task"}`}>
                {t("plan.short_by", { title: u.title, due: dayName(u.dueDate), duration: formatDuration(u.minutesShort, t) })}
              </li>
            ))}
          </ul>
        </section>
      )}
      {nothing && <p className="text-sm text-muted-foreground">{t("plan.nothing_to_plan")}</p>}
      <ol className="grid grid-cols-1 gap-3" aria-label={t("plan.week")}>
        {plan.days.map((day) => (
          <li key={day.date} className="grid grid-cols-1 gap-2 rounded-md border p-3">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="font-medium">{dayName(day.date)}</h3>
              <span className="text-sm text-muted-foreground">
                {t("plan.planned_of_free", {
                  planned: formatDuration(day.plannedMinutes, t),
                  free: formatDuration(day.availableMinutes, t),
                })}
              </span>
            </div>
            {day.blocks.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                {day.availableMinutes === 0 ? t("plan.no_free_time") : t("plan.nothing_planned")}
              </p>
            ) : (
              <ul className="grid grid-cols-1 gap-1" aria-label={t("plan.blocks_of", { day: dayName(day.date) })}>
                {day.blocks.map((block) => (
                  <li
                    key={`${block.start}-${block.taskId ?? block.eventId}`}
                    className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm"
                  >
                    <span className="tabular-nums text-muted-foreground">
                      {formatTime12(block.start, locale)}–{formatTime12(block.end, locale)}
                    </span>
                    <span className="min-w-0 font-medium wrap-anywhere">{blockTitle(block, t)}</span>
                    {block.subject && <span className="min-w-0 text-muted-foreground wrap-anywhere">{block.subject}</span>}
                    {block.defaultEstimate && <span className="text-muted-foreground">{t("plan.default_estimate")}</span>}
                    {/* Today's blocks can be started now; the days ahead are for looking. */}
                    {day.date === plan.days[0]!.date && (
                      <span className="ms-auto">
                        <StartFocusButton block={block} onStart={onStartFocus} />
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}
