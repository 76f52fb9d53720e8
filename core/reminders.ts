/**
 * Reminders (docs/product.md#reminders, docs/decisions/089-reminders.md): when an event's
 * occurrence, a task or a student's evening summary is to be pushed, and what the notification
 * is about (the server words it). Pure: the instant is always computed in the school's time zone from yyyy-MM-dd dates and
 * HH:mm wall-clock times, never from the device's or the server's zone.
 *
 * DST: a wall-clock time the clock skips (02:30 on a spring-forward day) is the instant the clock
 * jumps to (03:00); a repeated one (01:30 on a fall-back day) is its first instant. "N minutes
 * before" is N real minutes before the occurrence; "1 day before" is the same clock time the day
 * before.
 */
import { type SeriesRule, visitDatesFrom } from "./calendar/recurrence";
import { addDaysToDate, todayIn, zonedParts } from "./dates";
import { isReminderTiming, type ReminderTiming } from "./reminder-timings";

/** An event without a time is reminded at 07:00 on its day, or at 19:00 the evening before for "1 day". */
export const ALL_DAY_REMINDER_TIME = "07:00";
export const EVENING_BEFORE_TIME = "19:00";
/** A task without a due time is due at the end of its day, as the task list shows it. */
export const TASK_END_OF_DAY = "23:59";
/** After downtime, a reminder that came due less than this long ago is still sent; older ones are skipped. */
export const CATCH_UP_MS = 15 * 60_000;

const MINUTES_BEFORE: Record<Exclude<ReminderTiming, "1-day">, number> = {
  "at-time": 0,
  "5-minutes": 5,
  "15-minutes": 15,
  "30-minutes": 30,
  "1-hour": 60,
};

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

// ---------------------------------------------------------------------------------------------
// Wall-clock times to instants.

/** Milliseconds of a wall-clock date and time read as if it were UTC (years 0-99 included). */
function wallMs(date: string, time: string): number {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(hour, minute, 0, 0);
  return d.getTime();
}

/** The zone's offset from UTC at an instant, in milliseconds (minute precision). */
function offsetAt(instant: number, timeZone: string): number {
  const p = zonedParts(new Date(instant), timeZone);
  const d = new Date(0);
  d.setUTCFullYear(p.year, p.month - 1, p.day);
  d.setUTCHours(p.hour, p.minute, 0, 0);
  return d.getTime() - Math.floor(instant / MINUTE_MS) * MINUTE_MS;
}

/**
 * The instant (epoch ms) of a wall-clock date and time in a time zone: the earlier of a repeated
 * time, and for a skipped one the instant the clock jumps (02:30 on a spring-forward day → 03:00).
 */
export function zonedInstant(date: string, time: string, timeZone: string): number {
  const wall = wallMs(date, time);
  // Offsets a day either side bracket any transition near this wall time.
  const offsetBefore = offsetAt(wall - DAY_MS, timeZone);
  const offsetAfter = offsetAt(wall + DAY_MS, timeZone);
  const candidates = [wall - offsetBefore, wall - offsetAfter].filter((t) => offsetAt(t, timeZone) === wall - t);
  if (candidates.length > 0) return Math.min(...candidates);
  // In a gap: the transition lies in (wall - offsetAfter, wall - offsetBefore]; find it to the minute.
  let lo = Math.floor((wall - offsetAfter) / MINUTE_MS);
  let hi = Math.ceil((wall - offsetBefore) / MINUTE_MS);
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (offsetAt(mid * MINUTE_MS, timeZone) === offsetAfter) hi = mid;
    else lo = mid;
  }
  return hi * MINUTE_MS;
}

// ---------------------------------------------------------------------------------------------
// The next reminder of an item.

/** One reminder: when it fires, and the occurrence it is for (the key that makes it fire once). */
export interface ReminderCandidate {
  /** Epoch ms when the push is due. */
  at: number;
  /** The occurrence's wall-clock date and time, "2026-12-01T09:00", or its date alone for all day. */
  occurrence: string;
  /** Epoch ms when the occurrence itself begins (its day's start for all day). */
  occurrenceAt: number;
  date: string;
  time: string | null;
}

/**
 * Which reminders count as still to come. `after`: only those due later than this. With
 * `notStartedBefore` (a write, answered at that instant): one already due still counts, as long as
 * what it is for has not begun, so an edit in the seconds before a scan loses nothing.
 */
export interface ReminderWindow {
  after: number;
  notStartedBefore?: number;
}

/** The window a write arms reminders in: due in the catch-up window or later, for what has not begun. */
export function writeWindow(now: number): ReminderWindow {
  return { after: now - CATCH_UP_MS, notStartedBefore: now };
}

function isWithin(candidate: ReminderCandidate, window: ReminderWindow): boolean {
  if (candidate.at <= window.after) return false;
  const now = window.notStartedBefore;
  return now === undefined || candidate.at > now || candidate.occurrenceAt >= now;
}

/** The reminder of one dated item: an occurrence at `date` `time` (null: all day). */
export function reminderFor(date: string, time: string | null, timing: ReminderTiming, timeZone: string): ReminderCandidate {
  const occurrenceAt = zonedInstant(date, time ?? "00:00", timeZone);
  const occurrence = time === null ? date : `${date}T${time}`;
  let at: number;
  if (time === null) {
    at =
      timing === "1-day"
        ? zonedInstant(addDaysToDate(date, -1), EVENING_BEFORE_TIME, timeZone)
        : zonedInstant(date, ALL_DAY_REMINDER_TIME, timeZone);
  } else if (timing === "1-day") {
    at = zonedInstant(addDaysToDate(date, -1), time, timeZone);
  } else {
    at = occurrenceAt - MINUTES_BEFORE[timing] * MINUTE_MS;
  }
  return { at, occurrence, occurrenceAt, date, time };
}

/** What an event's reminder needs of it: its rule, time and reminder choice. */
export type RemindableEvent = SeriesRule & {
  time: string | null;
  notificationEnabled: boolean;
  notificationTiming: string | null;
  isException: boolean;
};

/**
 * The next reminder of an event within `window`: for a series, of its first occurrence whose
 * reminder is still to come, skipping `hiddenDates` (the dates its exceptions remove and its
 * changed occurrences replace: those rows carry their own reminders). Null when there is none.
 */
export function nextEventReminder(
  event: RemindableEvent,
  hiddenDates: ReadonlySet<string>,
  timeZone: string,
  window: ReminderWindow,
): ReminderCandidate | null {
  const timing = event.notificationEnabled ? event.notificationTiming : null;
  if (!isReminderTiming(timing) || event.isException) return null;
  // Every reminder falls on or before its occurrence's day, so an occurrence on a day before the
  // window's first local date has none still to come.
  const from = todayIn(timeZone, new Date(window.after));
  let found: ReminderCandidate | null = null;
  visitDatesFrom(event, from, (date) => {
    if (hiddenDates.has(date)) return true;
    const candidate = reminderFor(date, event.time, timing, timeZone);
    if (!isWithin(candidate, window)) return true;
    found = candidate;
    return false;
  });
  return found;
}

/** What a task's reminder needs of it. */
export interface RemindableTask {
  dueDate: string | null;
  dueTime: string | null;
  reminder: string | null;
  completed: boolean;
}

/** The task's reminder within `window`: none when it is completed, has no due date, or it has passed. */
export function nextTaskReminder(task: RemindableTask, timeZone: string, window: ReminderWindow): ReminderCandidate | null {
  if (task.completed || task.dueDate === null || !isReminderTiming(task.reminder)) return null;
  const candidate = reminderFor(task.dueDate, task.dueTime ?? TASK_END_OF_DAY, task.reminder, timeZone);
  return isWithin(candidate, window) ? candidate : null;
}

/** The next evening summary after `after`: `time` (HH:mm) on the first day it is still to come. */
export function nextSummaryAt(time: string, timeZone: string, after: number): { at: number; date: string } {
  let date = todayIn(timeZone, new Date(after));
  for (;;) {
    const at = zonedInstant(date, time, timeZone);
    if (at > after) return { at, date };
    date = addDaysToDate(date, 1);
  }
}

// ---------------------------------------------------------------------------------------------
// What the notification is about. Core words nothing (decision 109): these say how far and what,
// and the server words them in the recipient's language (server/services/reminder-words.ts).

/** How far an occurrence is from now, for its reminder's title: "in 15 minutes", "tomorrow", "now". */
export type RelativeWhen =
  { kind: "now" | "today" | "tomorrow" | "earlier" } | { kind: "on"; date: string } | { kind: "minutes" | "hours"; count: number };

/** How far the occurrence is from `now`, in the school's time zone. */
export function relativeWhen(
  candidate: Pick<ReminderCandidate, "date" | "time" | "occurrenceAt">,
  now: number,
  timeZone: string,
): RelativeWhen {
  const today = todayIn(timeZone, new Date(now));
  if (candidate.date !== today) {
    if (candidate.date === addDaysToDate(today, 1)) return { kind: "tomorrow" };
    return candidate.date < today ? { kind: "earlier" } : { kind: "on", date: candidate.date };
  }
  if (candidate.time === null) return { kind: "today" };
  const minutes = Math.round((candidate.occurrenceAt - now) / MINUTE_MS);
  if (minutes <= 0) return { kind: "now" };
  if (minutes < 60) return { kind: "minutes", count: minutes };
  return { kind: "hours", count: Math.round(minutes / 60) };
}

/** What the evening summary lists: incomplete tasks due tomorrow, and incomplete ones already past due. */
export interface SummaryTask {
  title: string;
  dueDate: string | null;
  dueTime: string | null;
  completed: boolean;
}

/** How many titles a line of the evening summary names; the rest are counted ("and 3 more"). */
export const SUMMARY_NAMES_SHOWN = 5;

/** The evening summary's content: the titles due tomorrow and those overdue, in the list's order. */
export interface EveningSummary {
  dueTomorrow: string[];
  overdue: string[];
}

/**
 * The evening summary for the evening of `date` at `at`: null when nothing is due tomorrow and
 * nothing is overdue (no push then).
 */
export function eveningSummary(tasks: readonly SummaryTask[], date: string, at: number, timeZone: string): EveningSummary | null {
  const tomorrow = addDaysToDate(date, 1);
  const open = tasks.filter((t) => !t.completed && t.dueDate !== null);
  const dueTomorrow = open.filter((t) => t.dueDate === tomorrow);
  const overdue = open.filter((t) => t.dueDate! <= date && zonedInstant(t.dueDate!, t.dueTime ?? TASK_END_OF_DAY, timeZone) < at);
  if (dueTomorrow.length === 0 && overdue.length === 0) return null;
  return { dueTomorrow: dueTomorrow.map((t) => t.title), overdue: overdue.map((t) => t.title) };
}
