import { addDaysToDate, todayIn, weekdayOfDate } from "./dates";
import { zonedInstant } from "./reminders";

/**
 * The families' digest (issue 54, decision 135): when each is due, and what it says. Pure: the
 * server reads the student's data and the clock, and words the result in the guardian's language
 * when the mail is sent (server/services/mail-words.ts).
 */

export type DigestFrequency = "daily" | "weekly";

/** GUARDIAN_DIGEST_TIME's default: the evening, once the school day and its homework are known. */
export const DEFAULT_DIGEST_TIME = "18:00";

/** Each list shows this many items, then "and N more": a digest stays short. */
export const DIGEST_ITEMS_SHOWN = 10;

/** Daily digests go Monday to Friday; weekly ones on Sunday. */
function isDigestDay(frequency: DigestFrequency, date: string): boolean {
  const weekday = weekdayOfDate(date);
  return frequency === "weekly" ? weekday === 0 : weekday >= 1 && weekday <= 5;
}

/**
 * The period a digest is for: the latest date (in the school's time zone) whose send time has
 * passed at `now`. A guardian whose last period is older is due one digest, so a server that was
 * down at the send time sends it late, once.
 */
export function latestDigestDate(frequency: DigestFrequency, now: Date, timeZone: string, sendTime: string): string {
  let date = todayIn(timeZone, now);
  if (zonedInstant(date, sendTime, timeZone) > now.getTime()) date = addDaysToDate(date, -1);
  while (!isDigestDay(frequency, date)) date = addDaysToDate(date, -1);
  return date;
}

/** The next digest's date after `date`: the next weekday, or the next Sunday. */
export function nextDigestDate(frequency: DigestFrequency, date: string): string {
  let next = addDaysToDate(date, 1);
  while (!isDigestDay(frequency, next)) next = addDaysToDate(next, 1);
  return next;
}

/** The digest before `date`'s: the weekday before it (Friday for a Monday), or the Sunday a week before. */
export function previousDigestDate(frequency: DigestFrequency, date: string): string {
  let previous = addDaysToDate(date, -1);
  while (!isDigestDay(frequency, previous)) previous = addDaysToDate(previous, -1);
  return previous;
}

/** A task or an exam as the digest names it: title, class and date, nothing else (no descriptions, no grades). */
export interface DigestItem {
  title: string;
  subject: string | null;
  /** yyyy-MM-dd */
  date: string;
}

/** A short list: the first DIGEST_ITEMS_SHOWN, and how many more there are. */
export interface DigestList<T> {
  items: T[];
  more: number;
}

export interface SchoolNewsItem {
  title: string;
  /** yyyy-MM-dd; `endDate` the last day of several, else null. */
  date: string;
  endDate: string | null;
}

/** What a digest says: kept in the mail outbox until sent, then erased with it. */
export interface GuardianDigest {
  frequency: DigestFrequency;
  /** The day it was written for, and the last day its "due" and "ahead" lists reach. */
  date: string;
  until: string;
  overdue: DigestList<DigestItem>;
  due: DigestList<DigestItem>;
  exams: DigestList<DigestItem>;
  schoolEvents: DigestList<SchoolNewsItem>;
  daysOff: DigestList<SchoolNewsItem>;
  announcements: DigestList<SchoolNewsItem>;
  /** Focus time done in the period, and study time the plan places until the next digest; null when both are 0. */
  study: { doneMinutes: number; plannedMinutes: number } | null;
}

export interface DigestInput {
  frequency: DigestFrequency;
  /** The period's date (latestDigestDate), and today in the school's zone (later, for a late digest). */
  date: string;
  today: string;
  tasks: ReadonlyArray<{ title: string; subject: string | null; dueDate: string | null; completed: boolean }>;
  /** The student's event occurrences from today to `until` (the digest keeps the exams). */
  occurrences: ReadonlyArray<{ title: string; subject: string | null; date: string; type: string }>;
  schoolEvents: ReadonlyArray<{ title: string; date: string; endDate: string | null }>;
  daysOff: ReadonlyArray<{ label: string; from: string; to: string }>;
  /** The school's announcements to students made since the previous digest, with their yyyy-MM-dd. */
  announcements: ReadonlyArray<{ title: string; date: string }>;
  doneMinutes: number;
  plannedMinutes: number;
}

/** The last day a digest of `date` looks ahead to: the next digest's date (Friday's reaches Monday), at least today. */
export function digestUntil(frequency: DigestFrequency, date: string, today: string): string {
  const next = nextDigestDate(frequency, date);
  return next > today ? next : today;
}

function shortList<T>(all: T[]): DigestList<T> {
  return { items: all.slice(0, DIGEST_ITEMS_SHOWN), more: Math.max(0, all.length - DIGEST_ITEMS_SHOWN) };
}

const byDateThenTitle = (a: { date: string; title: string }, b: { date: string; title: string }) =>
  a.date.localeCompare(b.date) || a.title.localeCompare(b.title);

/**
 * What a guardian's digest says, or null when there is nothing to say: no work due, none overdue,
 * no exams and no school news. Study time alone is no reason to write.
 */
export function guardianDigest(input: DigestInput): GuardianDigest | null {
  const { frequency, date, today } = input;
  const until = digestUntil(frequency, date, today);
  const open = input.tasks.filter((task) => !task.completed && task.dueDate !== null);
  const item = (task: (typeof open)[number]): DigestItem => ({ title: task.title, subject: task.subject, date: task.dueDate! });
  const overdue = open.filter((task) => task.dueDate! < today).map(item);
  // The oldest miss first would bury this week's: the most recent first.
  overdue.sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title));
  const due = open
    .filter((task) => task.dueDate! >= today && task.dueDate! <= until)
    .map(item)
    .sort(byDateThenTitle);
  const exams = input.occurrences
    .filter((o) => o.type === "exam" && o.date >= today && o.date <= until)
    .map((o) => ({ title: o.title, subject: o.subject, date: o.date }))
    .sort(byDateThenTitle);
  const overlaps = (from: string, to: string) => from <= until && to >= today;
  const schoolEvents = input.schoolEvents
    .filter((e) => overlaps(e.date, e.endDate ?? e.date))
    .map((e) => ({ title: e.title, date: e.date, endDate: e.endDate }))
    .sort(byDateThenTitle);
  const daysOff = input.daysOff
    .filter((d) => overlaps(d.from, d.to))
    .map((d) => ({ title: d.label, date: d.from, endDate: d.to === d.from ? null : d.to }))
    .sort(byDateThenTitle);
  const announcements = input.announcements.map((a) => ({ title: a.title, date: a.date, endDate: null })).sort(byDateThenTitle);
  if (overdue.length + due.length + exams.length + schoolEvents.length + daysOff.length + announcements.length === 0) return null;
  return {
    frequency,
    date,
    until,
    overdue: shortList(overdue),
    due: shortList(due),
    exams: shortList(exams),
    schoolEvents: shortList(schoolEvents),
    daysOff: shortList(daysOff),
    announcements: shortList(announcements),
    study:
      input.doneMinutes > 0 || input.plannedMinutes > 0 ? { doneMinutes: input.doneMinutes, plannedMinutes: input.plannedMinutes } : null,
  };
}
