/**
 * What the calendar views draw (docs/product.md#calendar): event occurrences and dated tasks merged
 * into one kind of entry, grouped by date for the month grid, and put in the day-detail order.
 *
 * Pure: the range and every date are yyyy-MM-dd calendar dates of the school (core/dates.ts), never
 * read from the device's clock here. Occurrences come from expandEvents (core/calendar/recurrence.ts),
 * which the caller runs for the same range.
 */
import { isCalendarDate, isWallClockTime } from "../dates";
import type { MessageId } from "../i18n/translate";
import type { EventType } from "../schemas/event";
import type { AgendaDay } from "../schemas/school";
import type { Task } from "../schemas/task";
import { END_OF_DAY_TIME } from "../tasks";
import type { Occurrence } from "./occurrence";

/** The type a task carries on the calendar: an assignment (its badge reads "Due"). */
export const ASSIGNMENT_TYPE = "assignment";

/**
 * One item on the calendar (docs/product.md#calendar; spec "Calendar entry shown": id, title, type,
 * time, isCompleted), plus what the views need to place it and to open its dialog.
 */
export type CalendarEntry = {
  /** The occurrence id (`12` or `12-recurring-2026-11-23`) for an event, `task-${id}` for a task. */
  id: string;
  kind: "event" | "task";
  /** yyyy-MM-dd */
  date: string;
  /** HH:mm, or null: an all-day event, or a task due at the end of its day. */
  time: string | null;
  title: string;
  /** The event type (custom, study, exam, …), or "assignment" for a task. */
  type: string;
  subject: string | null;
  isCompleted: boolean;
  /** The event behind an occurrence (for edit and delete). */
  eventId?: number;
  /** The task behind a task entry. */
  taskId?: number;
  /** An event the school published (the agenda's schoolEvents, decision 112): shown, never edited. */
  school?: true;
  /** A named day off of the school day the student follows (the agenda's offLabel as its title): the Next 5 Days card lists it. */
  dayOff?: true;
};

/**
 * The label of each event type (docs/product.md#calendar, the Event Type buttons), and "Other" for
 * the value `other` the data may hold for display: message ids, worded where they are shown
 * (decision 108).
 */
export const EVENT_TYPE_LABELS = {
  custom: "calendar.type_custom",
  study: "calendar.type_study",
  exam: "calendar.type_exam",
  meeting: "calendar.type_meeting",
  practice: "calendar.type_practice",
  "early-dismissal": "calendar.type_early_dismissal",
  delay: "calendar.type_delay",
  other: "calendar.type_other",
} as const satisfies Readonly<Record<EventType | "other", MessageId>>;

/** The message id of an event type's label (a message without values). */
export type EventTypeLabelId = (typeof EVENT_TYPE_LABELS)[keyof typeof EVENT_TYPE_LABELS];

/** The message id of an event type's label; a type outside the list reads "Other". */
export function eventTypeLabelId(type: string): EventTypeLabelId {
  return Object.hasOwn(EVENT_TYPE_LABELS, type) ? EVENT_TYPE_LABELS[type as keyof typeof EVENT_TYPE_LABELS] : EVENT_TYPE_LABELS.other;
}

/** Early dismissal and 2-hour delay change the whole school day, so the day detail lists them first. */
export function isSchoolDayChange(entry: Pick<CalendarEntry, "kind" | "type">): boolean {
  return entry.kind === "event" && (entry.type === "early-dismissal" || entry.type === "delay");
}

export function occurrenceEntry(occurrence: Occurrence): CalendarEntry {
  return {
    id: occurrence.id,
    kind: "event",
    date: occurrence.date,
    time: occurrence.time,
    title: occurrence.title,
    type: occurrence.type,
    subject: occurrence.subject,
    isCompleted: occurrence.isCompleted,
    eventId: occurrence.eventId,
  };
}

/** A school event of the agenda's on `date` as a calendar entry (Home's Today's Schedule, the Calendar tab): read-only, marked `school`. */
export function schoolEventEntry(event: AgendaDay["schoolEvents"][number], date: string): CalendarEntry {
  return {
    id: `school-${event.id}`,
    kind: "event",
    date,
    time: event.time,
    title: event.title,
    type: event.eventType,
    subject: null,
    isCompleted: false,
    school: true,
  };
}

/**
 * A task as a calendar entry, or null when it has no real due date (null, "", "2026-02-30"): such a
 * task belongs to no day. A due time that is not HH:mm is treated as none (end of day).
 */
export function taskEntry(task: Task): CalendarEntry | null {
  if (task.dueDate == null || !isCalendarDate(task.dueDate)) return null;
  return {
    id: `task-${task.id}`,
    kind: "task",
    date: task.dueDate,
    time: task.dueTime != null && isWallClockTime(task.dueTime) ? task.dueTime : null,
    title: task.title,
    type: ASSIGNMENT_TYPE,
    subject: task.subject,
    isCompleted: task.completed,
    taskId: task.id,
  };
}

/**
 * One collator for every comparison: `localeCompare` with options builds a new one per call, which
 * made ordering a month of 1,000 series take tens of milliseconds (npm run bench:calendar).
 */
const TITLE_ORDER = new Intl.Collator("en-US", { sensitivity: "base" });

/** Last resort of every order here: by title, then by id, so equal keys always come out the same. */
function compareTitleThenId(a: CalendarEntry, b: CalendarEntry): number {
  const byTitle = TITLE_ORDER.compare(a.title, b.title);
  if (byTitle !== 0) return byTitle;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** By date, then time with entries without a time last (the order expandEvents answers), then title. */
function compareDateTimeNullLast(a: CalendarEntry, b: CalendarEntry): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  if (a.time !== b.time) {
    if (a.time === null) return 1;
    if (b.time === null) return -1;
    return a.time < b.time ? -1 : 1;
  }
  return compareTitleThenId(a, b);
}

/**
 * Every entry from `from` to `to` (inclusive, yyyy-MM-dd): the occurrences in the range and the
 * tasks due in it, completed ones included (the grid shows them faded and struck through). Tasks
 * without a real due date are skipped. Sorted by date, then time (no time last), then title.
 */
export function calendarEntries(occurrences: readonly Occurrence[], tasks: readonly Task[], from: string, to: string): CalendarEntry[] {
  // Checked as text first: the cheap range test rules most dates out before the calendar check.
  const inRange = (date: string) => date >= from && date <= to && isCalendarDate(date);
  const entries: CalendarEntry[] = [];
  for (const occurrence of occurrences) {
    if (inRange(occurrence.date)) entries.push(occurrenceEntry(occurrence));
  }
  for (const task of tasks) {
    const entry = taskEntry(task);
    if (entry !== null && inRange(entry.date)) entries.push(entry);
  }
  return entries.sort(compareDateTimeNullLast);
}

/** The month grid's cells: entries by date, each day's list in the order given. Days without entries are absent. */
export function entriesByDate(entries: readonly CalendarEntry[]): Map<string, CalendarEntry[]> {
  const byDate = new Map<string, CalendarEntry[]>();
  for (const entry of entries) {
    const day = byDate.get(entry.date);
    if (day) day.push(entry);
    else byDate.set(entry.date, [entry]);
  }
  return byDate;
}

/** Sorts before "00:00": an all-day event comes ahead of every timed entry of its day. */
const ALL_DAY_SORT_TIME = "";

/**
 * The time an entry sorts by within its day (docs/product.md#default-due-time): a task without a
 * time is due at the end of the day, 23:59; an event without a time is all day and sorts at the
 * start of it, ahead of an event at 00:00, as calendar apps list all-day items above timed ones.
 */
export function entrySortTime(entry: Pick<CalendarEntry, "kind" | "time">): string {
  if (entry.time !== null) return entry.time;
  return entry.kind === "task" ? END_OF_DAY_TIME : ALL_DAY_SORT_TIME;
}

/**
 * The order of a schedule read by the clock (docs/decisions/082): Home's Today's Schedule and the
 * Next 5 Days card, which must agree on any day they both show.
 * 1. by date (the card spans several days);
 * 2. early dismissal and 2-hour delay first (they change the whole school day);
 * 3. then all-day events, then by time, a task without a time as 23:59 (entrySortTime);
 * 4. ties (the same time) by class period, classes before entries without one (`classPeriodOf`
 *    as for dayDetailOrder);
 * 5. then by title, then id.
 * The day-detail dialog keeps the spec's own order (dayDetailOrder). Sorts a copy.
 */
export function clockOrder(entries: readonly CalendarEntry[], classPeriodOf?: (subject: string | null) => number | null): CalendarEntry[] {
  const keyed = entries.map((entry) => ({
    entry,
    first: isSchoolDayChange(entry) ? 0 : 1,
    time: entrySortTime(entry),
    period: classPeriodOf?.(entry.subject) ?? Number.POSITIVE_INFINITY,
  }));
  keyed.sort((a, b) => {
    if (a.entry.date !== b.entry.date) return a.entry.date < b.entry.date ? -1 : 1;
    if (a.first !== b.first) return a.first - b.first;
    if (a.time !== b.time) return a.time < b.time ? -1 : 1;
    if (a.period !== b.period) return a.period < b.period ? -1 : 1;
    return compareTitleThenId(a.entry, b.entry);
  });
  return keyed.map((k) => k.entry);
}

/**
 * The day-detail dialog's order (docs/product.md#calendar, "Day detail"):
 * 1. early dismissal and 2-hour delay first (they change the whole school day);
 * 2. then by class period: entries whose subject is one of the student's classes, in period order,
 *    before those without a period (`classPeriodOf` maps a subject to its period, e.g. from
 *    core/classes.ts subjectOptions; without it this step orders nothing);
 * 3. then by time: a task without a time as 23:59 (it is shown without one), an event without a
 *    time, all day, before any timed entry (entrySortTime);
 * 4. then by title, then id, so ties never depend on the incoming order.
 * Sorts a copy.
 */
export function dayDetailOrder(
  entries: readonly CalendarEntry[],
  classPeriodOf?: (subject: string | null) => number | null,
): CalendarEntry[] {
  const keyed = entries.map((entry) => ({
    entry,
    first: isSchoolDayChange(entry) ? 0 : 1,
    period: classPeriodOf?.(entry.subject) ?? Number.POSITIVE_INFINITY,
    time: entrySortTime(entry),
  }));
  keyed.sort((a, b) => {
    if (a.first !== b.first) return a.first - b.first;
    if (a.period !== b.period) return a.period < b.period ? -1 : 1;
    if (a.time !== b.time) return a.time < b.time ? -1 : 1;
    return compareTitleThenId(a.entry, b.entry);
  });
  return keyed.map((k) => k.entry);
}
