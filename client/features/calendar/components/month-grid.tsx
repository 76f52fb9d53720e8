import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { type FocusEvent, type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from "react";
import type { CalendarEntry } from "@core/calendar/entries";
import { WEEKDAY_NAMES } from "@core/day-numbers";
import { weekdayLabel, weekdayShortLabel } from "@core/format";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { useTap } from "@/hooks/use-tap";
import { useLocale, useT } from "@/lib/i18n";
import { defaultFocusDate, monthGridDates, monthOf, monthTitle } from "../utils/month-grid-dates";
import { keyTarget } from "../utils/month-grid-keys";
import type { DayNote } from "../utils/school-days";
import { DayCell } from "./day-cell";

/** Month navigation is locked this long after each change (docs/product.md#calendar). */
const NAVIGATION_LOCK_MS = 300;

export type MonthGridProps = {
  /** The shown month, "yyyy-MM". */
  month: string;
  /** The school's today, "yyyy-MM-dd" (never the device's date). */
  today: string;
  /** Each day's entries, already in display order; days without entries may be absent. */
  entriesByDate: Map<string, CalendarEntry[]>;
  /** Each day's rotation day ("A") or day off ("Winter break"), where it has one. */
  dayNotes?: Map<string, DayNote>;
  onPreviousMonth(): void;
  onNextMonth(): void;
  /** Disables month navigation (e.g. while the next month's data loads). */
  busy?: boolean;
  /** Opens the day detail of a date ("yyyy-MM-dd"). */
  onOpenDay(date: string): void;
  className?: string;
};

function dateOfTarget(target: EventTarget): string | undefined {
  return target instanceof Element ? target.closest<HTMLElement>("[data-date]")?.dataset.date : undefined;
}

/**
 * The Calendar tab's month grid (docs/product.md#calendar): a month of days, Sunday first, each
 * with up to 2 entry chips (1 under 640 px) and "+N more". To a screen reader it is a grid (rows of
 * gridcells named by their date and item count) with one focusable day: arrow keys move by day and
 * week (past the shown weeks they change the month), Home/End go to the week's start and end,
 * Ctrl+Home/End to the month's, Page Up/Down to the previous/next month, Enter or Space opens the
 * day. A mouse click opens a day; a touch only when it is a tap (under 300 ms, at most 10 px).
 *
 * Pointer and key handling is delegated to the grid, and day cells are memoized, so a month full
 * of entries re-renders only the cells whose data changed.
 */
export function MonthGrid({
  month,
  today,
  entriesByDate,
  dayNotes,
  onPreviousMonth,
  onNextMonth,
  busy = false,
  onOpenDay,
  className,
}: MonthGridProps) {
  const titleId = useId();
  const t = useT();
  const locale = useLocale();
  const dates = useMemo(() => monthGridDates(month), [month]);
  const weeks = useMemo(() => {
    const rows: string[][] = [];
    for (let i = 0; i < dates.length; i += 7) rows.push(dates.slice(i, i + 7));
    return rows;
  }, [dates]);
  const firstShown = dates[0]!;
  const lastShown = dates[dates.length - 1]!;

  // The roving tab stop: the day the user last focused in this month, else today or the 1st.
  const [focus, setFocus] = useState<{ month: string; date: string } | null>(null);
  const activeDate =
    focus !== null && focus.month === month && focus.date >= firstShown && focus.date <= lastShown
      ? focus.date
      : defaultFocusDate(month, today);

  const gridRef = useRef<HTMLDivElement>(null);
  /** Set when the keyboard moved the tab stop: the effect below then moves the DOM focus too. */
  const focusRequested = useRef(false);
  const lockedUntil = useRef(0);
  const tapHandlers = useTap({ subjectOf: dateOfTarget, onTap: openFocused });

  /**
   * A click focuses the cell before it opens the day; a touch does not, so the day dialog had only
   * <body> to hand the focus back to. Focusing the cell first makes a tap end where a click does.
   */
  function openFocused(date: string) {
    gridRef.current?.querySelector<HTMLElement>(`[data-date="${date}"]`)?.focus({ preventScroll: true });
    onOpenDay(date);
  }

  useEffect(() => {
    // Waits for the parent to show the month the keyboard asked for.
    if (!focusRequested.current || focus === null || focus.month !== month) return;
    focusRequested.current = false;
    gridRef.current?.querySelector<HTMLElement>(`[data-date="${activeDate}"]`)?.focus();
  }, [activeDate, focus, month]);

  /** Changes the month unless busy or within 300 ms of the last change; true when it did. */
  function navigate(delta: -1 | 1): boolean {
    const now = performance.now();
    if (busy || now < lockedUntil.current) return false;
    lockedUntil.current = now + NAVIGATION_LOCK_MS;
    if (delta < 0) onPreviousMonth();
    else onNextMonth();
    return true;
  }

  function moveFocusTo(target: string) {
    if (target >= firstShown && target <= lastShown) {
      focusRequested.current = true;
      setFocus({ month, date: target });
      return;
    }
    // Past the shown weeks: the neighbouring month, keeping the focus on the same date.
    if (!navigate(target < firstShown ? -1 : 1)) return;
    focusRequested.current = true;
    setFocus({ month: monthOf(target), date: target });
  }

  /** Page Up/Down: always the neighbouring month, on the same day of it. */
  function moveFocusToMonth(delta: -1 | 1, target: string) {
    if (!navigate(delta)) return;
    focusRequested.current = true;
    setFocus({ month: monthOf(target), date: target });
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.target === event.currentTarget && event.key.startsWith("Arrow")) {
      // The grid itself was focused (a click on a weekday header): the keys start from the tab stop.
      event.preventDefault();
      moveFocusTo(activeDate);
      return;
    }
    const date = dateOfTarget(event.target);
    if (date === undefined || event.altKey || event.metaKey) return;
    const target = keyTarget(event, date, month);
    if (target !== null) {
      event.preventDefault();
      if (target.turnMonth) moveFocusToMonth(target.turnMonth, target.date);
      else moveFocusTo(target.date);
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (!event.repeat) onOpenDay(date);
    } else if (event.key === " ") {
      // Opened on key up: opened on key down, the dialog's first button would receive the key up
      // and be activated.
      event.preventDefault();
    }
  }

  function onKeyUp(event: KeyboardEvent<HTMLDivElement>) {
    const date = dateOfTarget(event.target);
    if (event.key === " " && date !== undefined) onOpenDay(date);
  }

  function onFocus(event: FocusEvent<HTMLDivElement>) {
    // However a day got the focus (click, tap, keyboard), it becomes the tab stop.
    const date = dateOfTarget(event.target);
    if (date !== undefined && (focus?.month !== month || focus.date !== date)) setFocus({ month, date });
  }

  return (
    <Card className={className}>
      <CardContent className="flex flex-col gap-3 p-3 pt-3 sm:p-6 sm:pt-6">
        <div className="flex items-center justify-between gap-2">
          <NavigationButton label={t("calendar.previous_month")} busy={busy} onClick={() => navigate(-1)}>
            <ChevronLeftIcon aria-hidden="true" />
          </NavigationButton>
          <h3 id={titleId} aria-live="polite" className="text-center text-lg leading-tight font-semibold">
            {monthTitle(month, t, locale)}
          </h3>
          <NavigationButton label={t("calendar.next_month")} busy={busy} onClick={() => navigate(1)}>
            <ChevronRightIcon aria-hidden="true" />
          </NavigationButton>
        </div>

        {/* The grid handles its cells' events. Its tab stop is the roving day cell; tabIndex -1 only
            lets a click between cells land in the grid, whose keys then go to that day. */}
        <div
          ref={gridRef}
          role="grid"
          aria-labelledby={titleId}
          tabIndex={-1}
          className="overflow-hidden rounded-md border select-none"
          onKeyDown={onKeyDown}
          onKeyUp={onKeyUp}
          onFocus={onFocus}
          {...tapHandlers}
        >
          <div role="row" className="grid grid-cols-7 bg-muted/50">
            {WEEKDAY_NAMES.map((name, weekday) => (
              <div key={name} role="columnheader" className="min-w-0 py-1.5 text-center text-xs font-medium text-muted-foreground">
                <span aria-hidden="true">{weekdayShortLabel(weekday, locale)}</span>
                <span className="sr-only">{weekdayLabel(weekday, locale)}</span>
              </div>
            ))}
          </div>
          {weeks.map((week) => (
            <div key={week[0]} role="row" className="grid grid-cols-7">
              {week.map((date) => (
                <DayCell
                  key={date}
                  date={date}
                  inMonth={monthOf(date) === month}
                  isToday={date === today}
                  isTabStop={date === activeDate}
                  entries={entriesByDate.get(date)}
                  note={dayNotes?.get(date) ?? null}
                />
              ))}
            </div>
          ))}
        </div>

        <p className="text-center text-xs text-muted-foreground">
          <span className="hidden sm:inline">{t("calendar.click_hint")}</span>
          <span className="sm:hidden">{t("calendar.tap_hint")}</span>
        </p>
      </CardContent>
    </Card>
  );
}

function NavigationButton({ label, busy, onClick, children }: { label: string; busy: boolean; onClick(): void; children: ReactNode }) {
  // aria-disabled rather than disabled: a button that becomes disabled under the keyboard focus
  // drops the focus to the page. Clicks while busy are ignored by navigate().
  return (
    <Button
      variant="outline"
      size="icon-sm"
      aria-label={label}
      aria-disabled={busy || undefined}
      className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
      onClick={onClick}
    >
      {children}
    </Button>
  );
}
