import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import {
  type FocusEvent,
  type KeyboardEvent,
  memo,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import type { CalendarEntry } from "@core/calendar/entries";
import { addDaysToDate } from "@core/dates";
import { WEEKDAY_NAMES } from "@core/format";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { cn } from "@/lib/cn";
import {
  dayOfMonth,
  defaultFocusDate,
  entryToneClass,
  fullDateLabel,
  itemCountLabel,
  lastDateOfMonth,
  monthGridDates,
  monthOf,
  monthTitle,
  moreLabel,
  sameDayInMonth,
  shiftMonth,
  weekdayOf,
} from "./month-grid-dates";

/** Month navigation is locked this long after each change (docs/product.md#calendar). */
const NAVIGATION_LOCK_MS = 300;
/** A touch opens a day only when it is a tap: shorter than this … */
const TAP_MAX_DURATION_MS = 300;
/** … and moving at most this far, so a scroll never opens a day. */
const TAP_MAX_MOVEMENT_PX = 10;
/** The compatibility click a browser sends after a touch comes within this time; it is ignored. */
const CLICK_AFTER_TOUCH_MS = 700;
/** Chips per day cell from 640 px (`sm:`), and below it. */
const CHIPS_WIDE = 2;
const CHIPS_NARROW = 1;

export type MonthGridProps = {
  /** The shown month, "yyyy-MM". */
  month: string;
  /** The school's today, "yyyy-MM-dd" (never the device's date). */
  today: string;
  /** Each day's entries, already in display order; days without entries may be absent. */
  entriesByDate: Map<string, CalendarEntry[]>;
  onPreviousMonth(): void;
  onNextMonth(): void;
  /** Disables month navigation (e.g. while the next month's data loads). */
  busy?: boolean;
  /** Opens the day detail of a date ("yyyy-MM-dd"). */
  onOpenDay(date: string): void;
  className?: string;
};

type TouchStart = { pointerId: number; x: number; y: number; time: number; date: string };

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
  onPreviousMonth,
  onNextMonth,
  busy = false,
  onOpenDay,
  className,
}: MonthGridProps) {
  const titleId = useId();
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
  const touchStart = useRef<TouchStart | null>(null);
  const lastTouchEnd = useRef(Number.NEGATIVE_INFINITY);

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

  function moveFocusToMonth(delta: -1 | 1, fromDate: string) {
    const target = sameDayInMonth(dayOfMonth(fromDate), shiftMonth(month, delta));
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
    let target: string;
    switch (event.key) {
      case "ArrowLeft":
        target = addDaysToDate(date, -1);
        break;
      case "ArrowRight":
        target = addDaysToDate(date, 1);
        break;
      case "ArrowUp":
        target = addDaysToDate(date, -7);
        break;
      case "ArrowDown":
        target = addDaysToDate(date, 7);
        break;
      case "Home":
        target = event.ctrlKey ? `${month}-01` : addDaysToDate(date, -weekdayOf(date));
        break;
      case "End":
        target = event.ctrlKey ? lastDateOfMonth(month) : addDaysToDate(date, 6 - weekdayOf(date));
        break;
      case "PageUp":
      case "PageDown":
        event.preventDefault();
        moveFocusToMonth(event.key === "PageUp" ? -1 : 1, date);
        return;
      case "Enter":
        event.preventDefault();
        if (!event.repeat) onOpenDay(date);
        return;
      case " ":
        // Opened on key up: opened on key down, the dialog's first button would receive the key
        // up and be activated.
        event.preventDefault();
        return;
      default:
        return;
    }
    event.preventDefault();
    moveFocusTo(target);
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

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.pointerType !== "touch") return;
    const date = dateOfTarget(event.target);
    touchStart.current =
      event.isPrimary && date !== undefined
        ? { pointerId: event.pointerId, x: event.clientX, y: event.clientY, time: event.timeStamp, date }
        : null;
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const start = touchStart.current;
    if (start === null || start.pointerId !== event.pointerId) return;
    if (Math.hypot(event.clientX - start.x, event.clientY - start.y) > TAP_MAX_MOVEMENT_PX) touchStart.current = null;
  }

  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    if (event.pointerType !== "touch") return;
    lastTouchEnd.current = event.timeStamp;
    const start = touchStart.current;
    touchStart.current = null;
    if (start === null || start.pointerId !== event.pointerId) return;
    const quick = event.timeStamp - start.time < TAP_MAX_DURATION_MS;
    const still = Math.hypot(event.clientX - start.x, event.clientY - start.y) <= TAP_MAX_MOVEMENT_PX;
    if (quick && still) onOpenDay(start.date);
  }

  function onPointerCancel(event: PointerEvent<HTMLDivElement>) {
    // The browser took the touch over (a scroll or a zoom): never a tap.
    if (touchStart.current?.pointerId === event.pointerId) touchStart.current = null;
    if (event.pointerType === "touch") lastTouchEnd.current = event.timeStamp;
  }

  function onClick(event: MouseEvent<HTMLDivElement>) {
    // Touches were decided on pointer up; the click that follows a touch is not a second opening.
    const native = event.nativeEvent as globalThis.MouseEvent & { pointerType?: string };
    if (native.pointerType === "touch" || event.timeStamp - lastTouchEnd.current < CLICK_AFTER_TOUCH_MS) return;
    const date = dateOfTarget(event.target);
    if (date !== undefined) onOpenDay(date);
  }

  return (
    <Card className={className}>
      <CardContent className="flex flex-col gap-3 p-3 pt-3 sm:p-6 sm:pt-6">
        <div className="flex items-center justify-between gap-2">
          <NavigationButton label="Previous month" busy={busy} onClick={() => navigate(-1)}>
            <ChevronLeftIcon aria-hidden="true" />
          </NavigationButton>
          <h3 id={titleId} aria-live="polite" className="text-center text-lg leading-tight font-semibold">
            {monthTitle(month)}
          </h3>
          <NavigationButton label="Next month" busy={busy} onClick={() => navigate(1)}>
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
          onClick={onClick}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerCancel}
        >
          <div role="row" className="grid grid-cols-7 bg-muted/50">
            {WEEKDAY_NAMES.map((name) => (
              <div key={name} role="columnheader" className="min-w-0 py-1.5 text-center text-xs font-medium text-muted-foreground">
                <span aria-hidden="true">{name.slice(0, 3)}</span>
                <span className="sr-only">{name}</span>
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
                />
              ))}
            </div>
          ))}
        </div>

        <p className="text-center text-xs text-muted-foreground">
          <span className="hidden sm:inline">Click any day to see detailed event information</span>
          <span className="sm:hidden">Tap any day for details</span>
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

type DayCellProps = {
  date: string;
  inMonth: boolean;
  isToday: boolean;
  isTabStop: boolean;
  entries: CalendarEntry[] | undefined;
};

const DayCell = memo(function DayCell({ date, inMonth, isToday, isTabStop, entries }: DayCellProps) {
  const count = entries?.length ?? 0;
  const first = entries?.[0];
  const second = entries?.[1];
  const moreNarrow = moreLabel(count, CHIPS_NARROW);
  const moreWide = moreLabel(count, CHIPS_WIDE);
  return (
    <div
      role="gridcell"
      data-date={date}
      tabIndex={isTabStop ? 0 : -1}
      aria-current={isToday ? "date" : undefined}
      className={cn(
        "flex min-h-16 min-w-0 cursor-pointer flex-col gap-0.5 border-t border-l p-0.5 transition-colors first:border-l-0 hover:bg-accent/60 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring sm:min-h-24 sm:p-1",
        !inMonth && "bg-muted/50 text-muted-foreground",
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          "inline-flex size-6 shrink-0 items-center justify-center self-center rounded-full text-xs tabular-nums sm:self-start sm:text-sm",
          isToday && "bg-primary font-semibold text-primary-foreground",
        )}
      >
        {dayOfMonth(date)}
      </span>
      {/* The cell's name, from its content rather than an aria-label (whose text would have to
          contain what the cell shows, WCAG 2.5.3): the date, the count and every title, so a screen
          reader hears the day's items without opening it. The chips repeat it visually. */}
      <span className="sr-only">{`${fullDateLabel(date)}, ${itemCountLabel(count)}${entries?.length ? `: ${entries.map((e) => (e.isCompleted ? `${e.title} (completed)` : e.title)).join(", ")}` : ""}`}</span>
      {first && <EntryChip entry={first} />}
      {second && <EntryChip entry={second} className="hidden sm:block" />}
      {moreNarrow && (
        <span aria-hidden="true" className="truncate px-0.5 text-[10px] leading-4 text-muted-foreground sm:hidden">
          {moreNarrow}
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

/** Hidden from screen readers: the cell's name already lists every title of the day. */
function EntryChip({ entry, className }: { entry: CalendarEntry; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "block truncate rounded-sm px-0.5 text-[10px] leading-4 sm:px-1 sm:text-xs sm:leading-5",
        entryToneClass(entry),
        className,
      )}
    >
      {entry.title}
    </span>
  );
}
