/**
 * The school day (docs/product.md#school-day, docs/decisions/090-school-day.md): which dates are
 * school days, which rotation day each one is, and which classes meet when. Pure calendar-date
 * arithmetic on day numbers (core/day-numbers.ts): the answer never depends on the device's zone.
 *
 * The rotation advances one label per school day (a school weekday that is not a day off),
 * forwards and backwards from its anchor; counting is O(days-off ranges), not O(days).
 */
import { minutesOfDay } from "./dates";
import { parseUserClasses } from "./classes";
import { formatDayNumber, parseDayNumber, WEEKDAY_NAMES, type WeekdayName, weekdayOf } from "./day-numbers";
import { APP_MADE_NAMES } from "./i18n/compiled/app-made-names";
import type { Translate } from "./i18n/translate";

export interface BellTime {
  period: number;
  /** HH:mm */
  start: string;
  end: string;
}

export interface Rotation {
  /** The labels in order, e.g. ["A", "B"] or ["Day 1", …, "Day 6"]. */
  days: string[];
  /** yyyy-MM-dd of a school day whose label is `anchorDay`. */
  anchorDate: string;
  anchorDay: string;
  /** The periods that meet on each rotation day; a day not named here meets every period. */
  periodsByDay?: Record<string, number[]>;
}

/** The days of a "Day 1 … Day N" cycle as stored (the same in every language): "Day 3". */
export function cycleDayLabel(number: number): string {
  return `Day ${number}`;
}

/**
 * A rotation day as the reader reads it: a cycle's "Day 3" in their language ("Día 3"); "A", "B"
 * and any other name as stored (decision 108: core words nothing itself, the caller hands `t`).
 */
export function rotationDayName(day: string, t: Translate): string {
  const cycleDay = /^Day (\d+)$/.exec(day);
  return cycleDay ? t("classes.cycle_day", { number: Number(cycleDay[1]) }) : day;
}

/**
 * An alternate bell schedule's name as the reader reads it: a name the app made ("2 hours later",
 * stored in the language of the staff member who added it) in the reader's language ("2 horas más
 * tarde"); any name staff typed, as typed (issue 49).
 */
export function alternateName(name: string, t: Translate): string {
  return Object.hasOwn(APP_MADE_NAMES, name) ? t(APP_MADE_NAMES[name]!) : name;
}

export interface DayOff {
  from: string;
  to: string;
  label: string;
}

/**
 * A named bell schedule a date may follow instead of the usual one ("2-Hour Delay", "Early
 * Dismissal"): complete in itself, so a period it does not list has no times that day.
 */
export interface AlternateBellSchedule {
  /** [a-z0-9-]{1,30}, e.g. "delay"; what a school event's `alternateId` names. */
  id: string;
  name: string;
  bellTimes: BellTime[];
  bellTimesByDay?: Record<string, BellTime[]>;
}

export interface SchoolSchedule {
  bellTimes?: BellTime[];
  /**
   * A period's times on one rotation day, over `bellTimes` (an A/B block schedule: periods 1-4
   * on A days and 5-8 on B days, both at the morning's times). Keys are rotation days.
   */
  bellTimesByDay?: Record<string, BellTime[]>;
  schoolDays: WeekdayName[];
  rotation?: Rotation | null;
  daysOff?: DayOff[];
  alternates?: AlternateBellSchedule[];
}

/** What a student has before setting anything: Monday to Friday, no rotation, no bell times, no days off. */
export const DEFAULT_SCHOOL_SCHEDULE: SchoolSchedule = {
  bellTimes: [],
  schoolDays: ["monday", "tuesday", "wednesday", "thursday", "friday"],
  rotation: null,
  daysOff: [],
};

export type SchoolDay = { off: true; label: string | null } | { off: false; rotationDay: string | null };

/** One class meeting on a date, in period order. */
export interface ClassMeeting {
  period: number;
  name: string;
  /** HH:mm, or null when the period has no bell time. */
  start: string | null;
  end: string | null;
}

function day(date: string): number {
  const n = parseDayNumber(date);
  if (n === null) throw new RangeError(`Not a real date in yyyy-MM-dd format: ${JSON.stringify(date)}`);
  return n;
}

function weekdayMask(schoolDays: readonly string[]): number {
  let mask = 0;
  for (const name of schoolDays) {
    const index = WEEKDAY_NAMES.indexOf(name as WeekdayName);
    if (index >= 0) mask |= 1 << index;
  }
  return mask;
}

function bitCount(mask: number): number {
  let count = 0;
  for (let m = mask; m; m &= m - 1) count++;
  return count;
}

/** How many days in [lo, hi] (day numbers, inclusive) fall on a weekday of `mask`. */
function weekdaysIn(lo: number, hi: number, mask: number): number {
  if (hi < lo) return 0;
  const days = hi - lo + 1;
  let count = Math.floor(days / 7) * bitCount(mask);
  let weekday = weekdayOf(lo + Math.floor(days / 7) * 7);
  for (let i = 0; i < days % 7; i++) {
    if (mask & (1 << weekday)) count++;
    weekday = (weekday + 1) % 7;
  }
  return count;
}

/** The days off as sorted, merged day-number ranges with the label of the range a date falls in first. */
interface CompiledDaysOff {
  merged: [number, number][];
  ranges: { from: number; to: number; label: string }[];
}

const compiledCache = new WeakMap<object, CompiledDaysOff>();

function compileDaysOff(daysOff: readonly DayOff[] | undefined): CompiledDaysOff {
  const list = daysOff ?? [];
  const cached = compiledCache.get(list);
  if (cached) return cached;
  const ranges = list
    .map((d) => ({ from: parseDayNumber(d.from), to: parseDayNumber(d.to), label: d.label }))
    .filter((d): d is { from: number; to: number; label: string } => d.from !== null && d.to !== null && d.to >= d.from)
    .sort((a, b) => a.from - b.from || a.to - b.to);
  const merged: [number, number][] = [];
  for (const r of ranges) {
    const last = merged.at(-1);
    if (last && r.from <= last[1] + 1) last[1] = Math.max(last[1], r.to);
    else merged.push([r.from, r.to]);
  }
  const compiled = { merged, ranges };
  compiledCache.set(list, compiled);
  return compiled;
}

/** How many school days lie in [lo, hi]: school weekdays, minus those inside days off. */
function schoolDaysIn(lo: number, hi: number, mask: number, off: CompiledDaysOff): number {
  let count = weekdaysIn(lo, hi, mask);
  for (const [from, to] of off.merged) {
    if (to < lo) continue;
    if (from > hi) break;
    count -= weekdaysIn(Math.max(from, lo), Math.min(to, hi), mask);
  }
  return count;
}

function dayOffLabel(n: number, off: CompiledDaysOff): string | null | undefined {
  for (const r of off.ranges) {
    if (r.from > n) break;
    if (n <= r.to) return r.label;
  }
  return undefined;
}

/**
 * What `date` is: a day off (a listed day off with its label, a weekend inside such a range
 * included; any other non-school weekday with null), or a school day with its rotation label
 * (null without a rotation).
 */
export function schoolDayOf(schedule: SchoolSchedule, date: string): SchoolDay {
  const n = day(date);
  const off = compileDaysOff(schedule.daysOff);
  const label = dayOffLabel(n, off);
  if (label !== undefined) return { off: true, label };
  const mask = weekdayMask(schedule.schoolDays);
  if (!(mask & (1 << weekdayOf(n)))) return { off: true, label: null };
  return { off: false, rotationDay: rotationDayOf(schedule, n, mask, off) };
}

function rotationDayOf(schedule: SchoolSchedule, n: number, mask: number, off: CompiledDaysOff): string | null {
  const rotation = schedule.rotation;
  if (!rotation || rotation.days.length === 0) return null;
  const anchor = parseDayNumber(rotation.anchorDate);
  const anchorIndex = rotation.days.indexOf(rotation.anchorDay);
  if (anchor === null || anchorIndex < 0) return null;
  // School days strictly after the anchor up to n, or strictly before it from n, counted with a sign.
  const steps = n >= anchor ? schoolDaysIn(anchor + 1, n, mask, off) : -schoolDaysIn(n, anchor - 1, mask, off);
  const length = rotation.days.length;
  return rotation.days[(((anchorIndex + steps) % length) + length) % length]!;
}

/**
 * Each period's bell time on a date: the schedule's (or the alternate's, when the date follows
 * one) `bellTimes`, with that rotation day's `bellTimesByDay` over them period by period.
 */
export function bellTimesOn(schedule: SchoolSchedule, rotationDay: string | null, alternateId?: string | null): Map<number, BellTime> {
  const alternate = alternateId ? schedule.alternates?.find((a) => a.id === alternateId) : undefined;
  const source = alternate ?? schedule;
  const bells = new Map((source.bellTimes ?? []).map((b) => [b.period, b]));
  const byDay = rotationDay !== null ? source.bellTimesByDay?.[rotationDay] : undefined;
  for (const b of byDay ?? []) bells.set(b.period, b);
  return bells;
}

/**
 * The classes that meet on `date`, in period order: none on a day off; on a rotation day that
 * `periodsByDay` names, only the classes of those periods. A block spanning several periods is one
 * meeting from its first listed period's start to its last one's end; a semester pair is named
 * "First / Second"; Lunch is listed like a class. `alternateId` names the bell schedule the date
 * follows (a delay, an early dismissal: a school event's), else the usual one.
 */
export function classesOn(
  schedule: SchoolSchedule,
  userClasses: readonly string[] | null | undefined,
  date: string,
  alternateId?: string | null,
): ClassMeeting[] {
  const today = schoolDayOf(schedule, date);
  if (today.off) return [];
  const listed = today.rotationDay !== null ? schedule.rotation?.periodsByDay?.[today.rotationDay] : undefined;
  const meets = (period: number) => listed === undefined || listed.includes(period);
  const bells = bellTimesOn(schedule, today.rotationDay, alternateId);
  const meetings: ClassMeeting[] = [];
  for (const cls of parseUserClasses(userClasses)) {
    const periods = Array.from({ length: cls.span }, (_, i) => cls.period + i).filter(meets);
    if (periods.length === 0) continue;
    const first = bells.get(periods[0]!);
    const last = bells.get(periods.at(-1)!);
    meetings.push({ period: periods[0]!, name: cls.names.join(" / "), start: first?.start ?? null, end: last?.end ?? null });
  }
  return meetings;
}

/** The first school day after `date` within `withinDays` (a summer break is longer than any other), or null. */
export function nextSchoolDay(schedule: SchoolSchedule, date: string, withinDays = 120): string | null {
  let n = day(date);
  for (let i = 0; i < withinDays; i++) {
    n += 1;
    const candidate = formatDayNumber(n);
    if (!schoolDayOf(schedule, candidate).off) return candidate;
  }
  return null;
}

/** A class on Home's Today's Schedule: "now" while it meets (with the minutes left), "next" for the one after. */
export interface ClassRow {
  kind: "class";
  meeting: ClassMeeting;
  status: "now" | "next" | null;
  minutesLeft: number | null;
}

/** A row of Today's Schedule: one of today's classes, or an event or task. */
export type AgendaRow<Entry> = ClassRow | { kind: "entry"; entry: Entry };

/**
 * Today's classes interleaved with the day's entries (already in clock order, core/calendar/entries
 * clockOrder): early dismissals and delays stay first, classes without a bell time come next in
 * period order, then classes by their start among the entries by time. At `nowTime` (HH:mm) the
 * class meeting is "now" and the first one after it "next".
 */
export function todaysAgenda<Entry extends { kind: string; type: string; time: string | null }>(
  entries: readonly Entry[],
  meetings: readonly ClassMeeting[],
  nowTime: string,
  isLeading: (entry: Entry) => boolean,
  sortTime: (entry: Entry) => string,
): AgendaRow<Entry>[] {
  const now = minutesOfDay(nowTime);
  const current = meetings.find((m) => m.start !== null && m.end !== null && minutesOfDay(m.start) <= now && now < minutesOfDay(m.end));
  const next = meetings.find((m) => m.start !== null && minutesOfDay(m.start) > now);
  const classRow = (meeting: ClassMeeting): ClassRow => ({
    kind: "class",
    meeting,
    status: meeting === current ? "now" : meeting === next ? "next" : null,
    minutesLeft: meeting === current ? minutesOfDay(meeting.end!) - now : null,
  });
  const leading = entries.filter(isLeading).map((entry) => ({ kind: "entry" as const, entry }));
  const untimed = meetings.filter((m) => m.start === null).map(classRow);
  const timed = meetings.filter((m) => m.start !== null);
  const rest = entries.filter((e) => !isLeading(e));
  const merged: AgendaRow<Entry>[] = [];
  let i = 0;
  for (const entry of rest) {
    while (i < timed.length && timed[i]!.start! <= sortTime(entry)) merged.push(classRow(timed[i++]!));
    merged.push({ kind: "entry", entry });
  }
  while (i < timed.length) merged.push(classRow(timed[i++]!));
  return [...leading, ...untimed, ...merged];
}

/**
 * Whether the student has set up anything of their school day. Until then Home shows what the
 * spec's Today's Schedule shows (events and tasks), not a list of untimed class names every
 * weekday nor "No school today" on weekends (decision 090).
 */
export function isSchoolDaySet(schedule: SchoolSchedule): boolean {
  const weekdays = DEFAULT_SCHOOL_SCHEDULE.schoolDays;
  const sameDays = schedule.schoolDays.length === weekdays.length && weekdays.every((d) => schedule.schoolDays.includes(d));
  return (
    (schedule.bellTimes?.length ?? 0) > 0 ||
    Object.keys(schedule.bellTimesByDay ?? {}).length > 0 ||
    Boolean(schedule.rotation) ||
    (schedule.daysOff?.length ?? 0) > 0 ||
    !sameDays
  );
}
