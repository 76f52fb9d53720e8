import { SchoolIcon } from "lucide-react";
import { memo } from "react";
import type { Translate } from "@core/i18n/translate";
import type { CalendarEntry } from "@core/calendar/entries";
import { cn } from "@/lib/cn";
import { useLocale, useT } from "@/lib/i18n";
import { dayOfMonth, entryToneClass, fullDateLabel, itemCountLabel, moreLabel, shortMoreLabel } from "../utils/month-grid-dates";
import type { DayNote } from "../utils/school-days";

/** Chips per day cell from 640 px (`sm:`), and below it. */
const CHIPS_WIDE = 2;
const CHIPS_NARROW = 1;

type DayCellProps = {
  date: string;
  inMonth: boolean;
  isToday: boolean;
  isTabStop: boolean;
  entries: CalendarEntry[] | undefined;
  note: DayNote | null;
};

/**
 * One day of the month grid: its number, up to 2 entry chips (1 under 640 px) and "+N more" ("+N" under 640 px). It
 * handles no events (the grid does, for all its cells, by `data-date`), and is memoized so that a
 * month full of entries re-renders only the cells whose data changed.
 */
export const DayCell = memo(function DayCell({ date, inMonth, isToday, isTabStop, entries, note }: DayCellProps) {
  const count = entries?.length ?? 0;
  const first = entries?.[0];
  const second = entries?.[1];
  const t = useT();
  const locale = useLocale();
  const moreNarrow = shortMoreLabel(count, CHIPS_NARROW, t);
  const moreWide = moreLabel(count, CHIPS_WIDE, t);
  return (
    <div
      role="gridcell"
      data-date={date}
      tabIndex={isTabStop ? 0 : -1}
      aria-current={isToday ? "date" : undefined}
      className={cn(
        "@container flex min-h-16 min-w-0 cursor-pointer flex-col gap-0.5 border-t border-l p-0.5 transition-colors first:border-l-0 hover:bg-accent/60 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring sm:min-h-24 sm:p-1",
        !inMonth && "bg-muted/50 text-muted-foreground",
      )}
    >
      <span className="flex min-w-0 items-center justify-center gap-1 sm:justify-start" aria-hidden="true">
        <span
          className={cn(
            "inline-flex size-6 shrink-0 items-center justify-center rounded-full text-xs tabular-nums sm:text-sm",
            isToday && "bg-primary font-semibold text-primary-foreground",
          )}
        >
          {dayOfMonth(date)}
        </span>
        {note && !note.dayOff && (
          <span data-testid="day-note" className="min-w-0 truncate text-[10px] font-semibold text-muted-foreground sm:text-xs">
            {note.text}
          </span>
        )}
        {/* A cell too narrow for a day off's name (a phone's seventh) shows a marker, named by
            its title; the name is in the cell's spoken name and in the day's dialog. */}
        {note?.dayOff && (
          <span
            data-testid="day-off-marker"
            title={note.text}
            className="hidden size-2 shrink-0 rounded-full bg-warning @max-[71px]:inline-block"
          />
        )}
      </span>
      {note?.dayOff && (
        <span
          aria-hidden="true"
          data-testid="day-note"
          title={note.text}
          className="line-clamp-2 px-0.5 text-[10px] leading-tight @min-[110px]:text-xs font-semibold break-words text-muted-foreground @max-[71px]:hidden"
        >
          {note.text}
        </span>
      )}
      {/* The cell's name, from its content rather than an aria-label (whose text would have to
          contain what the cell shows, WCAG 2.5.3): the date, the count and every title, so a screen
          reader hears the day's items without opening it. The chips repeat it visually. */}
      <span className="sr-only">{`${fullDateLabel(date, t, locale)}${note ? ` (${note.text})` : ""}, ${itemCountLabel(count, t)}${entries?.length ? `: ${entries.map((e) => spokenTitle(e, t)).join(", ")}` : ""}`}</span>
      {first && <EntryChip entry={first} />}
      {second && <EntryChip entry={second} className="hidden sm:block" />}
      {/* "+3" on a phone: "+3 more" did not fit a seventh of the screen (docs/decisions/084). */}
      {moreNarrow && (
        <span
          aria-hidden="true"
          title={moreNarrow.title}
          className="px-0.5 text-[10px] leading-4 font-medium whitespace-nowrap text-muted-foreground sm:hidden"
        >
          {moreNarrow.text}
        </span>
      )}
      {moreWide && (
        <span aria-hidden="true" className="hidden truncate px-1 text-xs leading-5 text-muted-foreground sm:block">
          {moreWide}
        </span>
      )}
    </div>
  );
});

/** An entry's title in the cell's spoken name: "Quiz (completed)", "Winter concert (school event)". */
function spokenTitle(entry: CalendarEntry, t: Translate): string {
  if (entry.school) return t("calendar.school_entry", { title: entry.title });
  return entry.isCompleted ? t("calendar.entry_completed", { title: entry.title }) : entry.title;
}

/**
 * Hidden from screen readers: the cell's name already lists every title of the day (a school
 * event's with "school event"). A school event's chip carries the school's mark before its title
 * and a dashed outline, so it reads apart from the student's own at a glance.
 */
function EntryChip({ entry, className }: { entry: CalendarEntry; className?: string }) {
  return (
    <span
      aria-hidden="true"
      data-school={entry.school ? "" : undefined}
      className={cn(
        "block truncate rounded-sm px-0.5 text-[10px] leading-4 sm:px-1 sm:text-xs sm:leading-5",
        entryToneClass(entry),
        entry.school && "outline-1 -outline-offset-1 outline-current/40 outline-dashed",
        className,
      )}
    >
      {entry.school && <SchoolIcon className="mr-0.5 inline size-2.5 align-[-1px] sm:size-3" />}
      {entry.title}
    </span>
  );
}
