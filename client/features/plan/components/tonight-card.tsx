import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { i18n, type Messages } from "@lingui/core";
import { messages as englishPlan } from "@core/i18n/compiled/en/plan";
import { messages as spanishPlan } from "@core/i18n/compiled/es/plan";
import { weekdayOfDate } from "@core/dates";
import { clockHour, formatDuration, formatTime12, weekdayLabel } from "@core/format";
import type { Plan, PlanBlock } from "@core/schemas/plan";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { useLocale, useT } from "@/lib/i18n";
import { planQueryOptions, usePlan } from "@/api/user/plan";
import { useFocusTimer } from "../hooks/use-focus-timer";
import { clockText, focusPhaseText, remainingMs } from "../utils/focus-timer";
import { isStudyRow, withStudyBlocks } from "../utils/study-rows";
import { blockTitle } from "../utils/focus-timer";
import { StartFocusButton } from "./start-focus";

// Its words come with it, in both languages: the card arrives once Home's first screen is up.
i18n.load("en", englishPlan as Messages);
i18n.load("es", spanishPlan as Messages);

/** Today's blocks shown on Home; the rest is the study plan's screen's. */
const TONIGHT_BLOCKS = 4;

/**
 * Home's Tonight card (issue 51): today's study blocks in order, and one honest line when the work
 * due soon does not fit the free time before it ("Friday needs 3 h 10 min; you have 2 h 30 min
 * free before then"), with a way to the plan. Nothing at all until the plan has answered.
 */
export function TonightCard({ userId, onOpenPlan, onOpenFocus }: { userId: number; onOpenPlan: () => void; onOpenFocus: () => void }) {
  const t = useT();
  const locale = useLocale();
  const plan = usePlan().data;
  const focus = useFocusTimer(userId);
  if (!plan || plan.days.length === 0) return null;
  const today = plan.days[0]!;
  const short = shortfall(plan);
  const startOn = (block: PlanBlock) => {
    focus.startOnBlock(block);
    onOpenFocus();
  };
  return (
    <Card role="region" aria-labelledby="tonight-heading">
      <CardHeader className="pb-2">
        <CardTitle id="tonight-heading" className="text-lg">
          {t("plan.tonight")}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-3">
        {focus.timer && (
          // A timer running (or paused) on this device: its time left, and the way back to it.
          <div className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-primary/10 px-3 py-2">
            <p className="min-w-0 text-sm font-medium wrap-anywhere" role="status">
              {t("plan.timer_running", {
                phase: focusPhaseText(focus.timer, t),
                time: clockText(remainingMs(focus.timer, focus.now)),
              })}
            </p>
            <Button size="sm" onClick={onOpenFocus}>
              {t("plan.open_timer")}
            </Button>
          </div>
        )}
        {today.blocks.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("plan.nothing_tonight")}</p>
        ) : (
          <ul className="grid grid-cols-1 gap-1" aria-label={t("plan.tonight")}>
            {today.blocks.slice(0, TONIGHT_BLOCKS).map((block) => (
              <li key={`${block.start}-${block.taskId ?? block.eventId}`} className="flex items-center justify-between gap-2 text-sm">
                {/* One line, "4:00 PM · Essay": the time, then what to do. */}
                <span className="min-w-0 wrap-anywhere">{`${formatTime12(block.start, locale)} · ${blockTitle(block, t)}`}</span>
                <StartFocusButton block={block} onStart={startOn} />
              </li>
            ))}
          </ul>
        )}
        {short && (
          <p className="text-sm font-medium text-destructive">
            {t("plan.needs_more_than_free", {
              day: weekdayLabel(weekdayOfDate(short.date), locale),
              needed: formatDuration(short.needed, t),
              free: formatDuration(short.free, t),
            })}
          </p>
        )}
        <Button variant="outline" size="sm" className="justify-self-start" onClick={onOpenPlan}>
          {t("plan.see_plan")}
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * The first day in the plan by which more work is due than there is free time: the work is what is
 * planned up to that day and what does not fit of the work due by then; the free time, the days' own.
 */
export function shortfall(plan: Plan): { date: string; needed: number; free: number } | null {
  const first = [...plan.unplaced].sort((a, b) => (a.dueDate < b.dueDate ? -1 : 1))[0];
  if (!first) return null;
  const upTo = plan.days.filter((d) => d.date <= first.dueDate);
  const date = upTo.at(-1)?.date ?? plan.days[0]!.date;
  const planned = upTo.reduce((sum, d) => sum + d.plannedMinutes, 0);
  const missing = plan.unplaced.filter((u) => u.dueDate <= first.dueDate).reduce((sum, u) => sum + u.minutesShort, 0);
  return { date, needed: planned + missing, free: upTo.reduce((sum, d) => sum + d.availableMinutes, 0) };
}

export type PlannedRowsProps<Row> = {
  /** Today's Schedule's rows, in clock order. */
  rows: readonly Row[];
  /** When a row starts (HH:mm), or null for one without a time. */
  timeOf: (row: Row) => string | null;
  /** The schedule's own drawing of one of its rows. */
  renderRow: (row: Row) => ReactNode;
  /** What the schedule shows for these rows drawn (a list, or its empty state when there are none). */
  children: (drawn: ReactNode[]) => ReactNode;
  today: string;
};

/**
 * Today's study blocks, faintly, among Today's Schedule's rows (issue 51). Comes with the Tonight
 * card, which reads the plan: until then (and on a day the plan does not start on) the schedule's
 * rows are drawn alone.
 */
export function PlannedRows<Row>({ rows, timeOf, renderRow, children, today }: PlannedRowsProps<Row>) {
  const day = useQuery(planQueryOptions).data?.days[0];
  const merged = withStudyBlocks(rows, day?.date === today ? day.blocks : [], timeOf);
  return children(
    merged.map((row) => (isStudyRow(row) ? <StudyBlockRow key={`study-${row.block.start}`} block={row.block} /> : renderRow(row))),
  );
}

/** A planned block in Today's Schedule: dashed and unfilled, a plan rather than an appointment. */
function StudyBlockRow({ block }: { block: PlanBlock }) {
  const t = useT();
  const locale = useLocale();
  return (
    <li className="flex items-center gap-3 rounded-md border border-l-4 border-dashed border-primary/50 px-3 py-2 text-muted-foreground">
      <span className="w-16 shrink-0 text-xs font-medium tabular-nums">{formatTime12(block.start, locale)}</span>
      <span className="min-w-0 flex-1 text-sm wrap-anywhere">
        {blockTitle(block, t)}
        <span className="block text-xs">{t("plan.until", { time: formatTime12(block.end, locale), hour: clockHour(block.end) })}</span>
      </span>
      <Badge variant="outline">{t("plan.study_block")}</Badge>
    </li>
  );
}
