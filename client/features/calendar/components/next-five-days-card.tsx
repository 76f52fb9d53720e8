import { CalendarClockIcon } from "lucide-react";
import { useId } from "react";
import type { NextFiveDaysEntry } from "@core/calendar/next-five-days";
import { EmptyState } from "@/components/states/empty-state";
import { LoadingState } from "@/components/states/loading-state";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/cn";
import { useLocale, useT } from "@/lib/i18n";
import { entryToneClass, shortDayLabel } from "../utils/month-grid-dates";

export type NextFiveDaysCardProps = {
  /** The card's entries (core/calendar/next-five-days.ts nextFiveDays): sorted, at most 4. */
  entries: NextFiveDaysEntry[];
  isPending: boolean;
};

/**
 * The Calendar tab's "Next 5 Days" card (docs/product.md#calendar): the coming tasks and events
 * with their day, time and badge ("Due", "Early Dismissal", "2-Hour Delay", or the type's name), the
 * school's events (with a "School" badge) and the named days off ("Day Off").
 */
export function NextFiveDaysCard({ entries, isPending }: NextFiveDaysCardProps) {
  const headingId = useId();
  const t = useT();
  const locale = useLocale();
  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader>
        <CardTitle id={headingId} className="flex items-center gap-2">
          <CalendarClockIcon className="size-5 shrink-0 text-primary" aria-hidden="true" />
          {t("calendar.next_five_days")}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <LoadingState label={t("calendar.loading_upcoming")} />
        ) : entries.length === 0 ? (
          <EmptyState icon={<CalendarClockIcon />} title={t("calendar.no_upcoming")} text={t("calendar.no_upcoming_text")} />
        ) : (
          <ul aria-label={t("calendar.upcoming_list")} className="flex flex-col gap-2">
            {entries.map((entry) => (
              <li
                key={entry.id}
                className={cn("flex items-start gap-3 rounded-md border bg-card px-3 py-2", entry.isCompleted && "bg-muted/60")}
              >
                <span className="flex w-20 shrink-0 flex-col text-xs tabular-nums">
                  <span className="font-medium">{shortDayLabel(entry.date, t, locale)}</span>
                  <span className="text-muted-foreground">{entry.displayTime ?? t("common.all_day")}</span>
                </span>
                <span className="min-w-0 flex-1">
                  <span className={cn("block text-sm font-medium break-words", entry.isCompleted && "text-muted-foreground line-through")}>
                    {entry.title}
                  </span>
                  {entry.isCompleted && <span className="sr-only">{t("calendar.completed")}</span>}
                  {entry.subject && <span className="block text-xs break-words text-muted-foreground">{entry.subject}</span>}
                  {/* Under the title, not beside it: a long badge ("Early Dismissal") must not squeeze the title. */}
                  <span className="mt-1 flex flex-wrap gap-1">
                    <Badge className={cn("border-transparent", entryToneClass({ ...entry, isCompleted: false }))}>{t(entry.badge)}</Badge>
                    {entry.school && <Badge variant="outline">{t("dashboard.school_badge")}</Badge>}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
