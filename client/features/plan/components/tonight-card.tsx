import { i18n, type Messages } from "@lingui/core";
import { messages as englishPlan } from "@core/i18n/compiled/en/plan";
import { messages as spanishPlan } from "@core/i18n/compiled/es/plan";
import { weekdayOfDate } from "@core/dates";
import { formatDuration, formatTime12, weekdayLabel } from "@core/format";
import type { Plan } from "@core/schemas/plan";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { useLocale, useT } from "@/lib/i18n";
import { usePlan } from "../api/plan";

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
export function TonightCard({ onOpenPlan }: { onOpenPlan: () => void }) {
  const t = useT();
  const locale = useLocale();
  const plan = usePlan().data;
  if (!plan || plan.days.length === 0) return null;
  const today = plan.days[0]!;
  const short = shortfall(plan);
  return (
    <Card role="region" aria-labelledby="tonight-heading">
      <CardHeader className="pb-2">
        <CardTitle id="tonight-heading" className="text-lg">
          {t("plan.tonight")}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {today.blocks.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("plan.nothing_tonight")}</p>
        ) : (
          <ul className="grid gap-1" aria-label={t("plan.tonight")}>
            {today.blocks.slice(0, TONIGHT_BLOCKS).map((block) => (
              <li key={`${block.start}-${block.taskId ?? block.eventId}`} className="text-sm">
                {/* One line, "4:00 PM · Essay": the time, then what to do. */}
                {`${formatTime12(block.start, locale)} · ${block.kind === "exam-prep" ? t("plan.revise", { title: block.title }) : block.title}`}
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
