/**
 * The Calendar tab's "Next 5 Days" card (docs/product.md#calendar): the open tasks and the events
 * of the coming days, soonest first, at most 4.
 *
 * "Today" is the school's calendar date (core/dates.ts `todayIn`), passed in: never the device's
 * clock, so the window is the same for a student travelling or a laptop set to another zone.
 */
import { addDaysToDate } from "../dates";
import { formatTime12 } from "../format";
import { DEFAULT_LOCALE, type Locale } from "../i18n/locale";
import type { Task } from "../schemas/task";
import { formatDueTime } from "../tasks";
import { type CalendarEntry, calendarEntries, clockOrder, eventTypeLabelId, type EventTypeLabelId } from "./entries";
import type { Occurrence } from "./occurrence";

/**
 * How many days after today the window reaches. "Due from today through 5 days ahead"
 * (docs/product.md#calendar) names today + 5 as the last day, inclusive: the next five days are
 * the five after today (tomorrow to today + 5), and today itself comes first because what is still
 * due today is the most pressing. So the window is today..today + 5, six calendar dates, and a task
 * due exactly five days from now is listed, not dropped on its last day.
 */
export const NEXT_FIVE_DAYS_AHEAD = 5;

/** The card lists at most this many entries (docs/product.md#calendar). */
export const NEXT_FIVE_DAYS_LIMIT = 4;

/** The message id of an entry's badge: "Due", or its event type's label; "Day Off" on the card for a day off. */
export type EntryBadgeId = "calendar.due" | "calendar.day_off" | EventTypeLabelId;

export type NextFiveDaysEntry = CalendarEntry & {
  /** The message id of "Due" for a task, "Early Dismissal", "2-Hour Delay", otherwise the event type's label ("Exam"). */
  badge: EntryBadgeId;
  /** "3:30 PM" (in the language asked for); "11:59 PM" for a task without a time (docs/product.md#default-due-time); null for an all-day event. */
  displayTime: string | null;
};

/** The dates the card covers, inclusive: the range to expand the events for (expandEvents(events, from, to)). */
export function nextFiveDaysRange(today: string): { from: string; to: string } {
  return { from: today, to: addDaysToDate(today, NEXT_FIVE_DAYS_AHEAD) };
}

/** The badge of an entry, a message id: "Due" for an assignment, otherwise the label of its event type. */
export function entryBadge(entry: Pick<CalendarEntry, "kind" | "type">): EntryBadgeId {
  return entry.kind === "task" ? "calendar.due" : eventTypeLabelId(entry.type);
}

/**
 * The card's entries for `today` (yyyy-MM-dd, the school's date):
 * - tasks not completed, due from today through today + 5 (NEXT_FIVE_DAYS_AHEAD); tasks without a
 *   real due date are skipped; a task without a time shows 11:59 PM and sorts as 23:59;
 * - the occurrences in the same window (the caller expands for nextFiveDaysRange; anything outside
 *   is dropped here anyway). The spec filters only tasks by completion, so a completed event is
 *   still listed, with isCompleted for the view to fade it;
 * - in the clock order of Today's Schedule (clockOrder: by date, early dismissal and delay first,
 *   then all-day events, then by time, ties by class period when `classPeriodOf` is given), at most 4;
 * - `more`: entries made elsewhere, taken as they are when in the window: the school's events and
 *   the named days off of the agenda (client/features/calendar/utils/school-days.ts); a day off's
 *   badge reads "Day Off".
 * Times are written in `locale` ("3:30 p. m." in Spanish).
 */
export function nextFiveDays(
  occurrences: readonly Occurrence[],
  tasks: readonly Task[],
  today: string,
  classPeriodOf?: (subject: string | null) => number | null,
  locale: Locale = DEFAULT_LOCALE,
  more: readonly CalendarEntry[] = [],
): NextFiveDaysEntry[] {
  const { from, to } = nextFiveDaysRange(today);
  const open = tasks.filter((t) => !t.completed);
  const extra = more.filter((entry) => entry.date >= from && entry.date <= to);
  return clockOrder([...calendarEntries(occurrences, open, from, to), ...extra], classPeriodOf)
    .slice(0, NEXT_FIVE_DAYS_LIMIT)
    .map((entry) => ({
      ...entry,
      badge: entry.dayOff ? "calendar.day_off" : entryBadge(entry),
      displayTime:
        entry.kind === "task"
          ? formatDueTime({ dueTime: entry.time }, locale)
          : entry.time === null
            ? null
            : formatTime12(entry.time, locale),
    }));
}
