/**
 * The recurrence engine (docs/product.md#calendar, docs/decisions/062-recurrence-rules.md): turns
 * the events GET /api/events answers (plain events, series, exception rows, children of a series)
 * into the dated occurrences the calendar draws, and answers the questions the server asks about
 * one series ("is this date an occurrence?", "which is the first?").
 *
 * Only calendar-date arithmetic, on the day numbers of core/day-numbers.ts (days since 1970-01-01
 * in the proleptic Gregorian calendar): `Date` is never used, so the answer cannot depend on the
 * time zone of the device or the server.
 *
 * Speed: expansion never walks from a series' start; it starts at the range (or the start, when
 * that is later) and visits only the days, months or years of the range.
 */
import type { CalendarEvent } from "../schemas/event";
import { civilFromDays, daysFromCivil, daysInMonth, formatDayNumber, parseDayNumber, WEEKDAY_NAMES, weekdayOf } from "../day-numbers";
import type { Occurrence } from "./occurrence";
import { occurrenceId } from "./scope-ids";

/** What decides the dates of one series: its own rule, without exceptions or children. */
export type SeriesRule = Pick<CalendarEvent, "date" | "recurring" | "customDays" | "customEndDate">;

// ---------------------------------------------------------------------------------------------
// One series' rule, compiled once.

type Pattern =
  /** One date only: a plain event (and any kind the engine does not know). */
  | { kind: "once" }
  /** The weekdays of `mask` (bit 0 = Sunday); with `biweekly`, only in even weeks since the start. */
  | { kind: "weekdays"; mask: number; biweekly: boolean }
  /** The listed days of every month; a month that lacks one has no occurrence on it. */
  | { kind: "month-days"; days: number[] }
  /** The weekdays of `mask` on the days `first`…`first + 6` of each month; `first` 0 = the month's final 7 days. */
  | { kind: "month-week"; mask: number; first: number }
  /** The start's month and day every year; 29 February only in leap years. */
  | { kind: "yearly"; month: number; day: number };

interface CompiledRule {
  /** Day number of the start date: nothing occurs before it. */
  start: number;
  /** Day number of the last date that may occur (customEndDate), or Infinity. */
  end: number;
  pattern: Pattern;
}

const ALL_WEEKDAYS = 0b1111111;
const WEEKDAY_INDEX = new Map<string, number>(WEEKDAY_NAMES.map((name, i) => [name, i]));
const DAY_NUMBER = /^(?:[1-9]|[12]\d|3[01])$/;
const NTH_MONTHLY_FIRST_DAY: Partial<Record<string, number>> = {
  "first-monthly": 1,
  "second-monthly": 8,
  "third-monthly": 15,
  "fourth-monthly": 22,
  "last-monthly": 0,
};

/** The weekdays named in customDays as a bit mask (unknown names ignored), 0 when none. */
function weekdayMask(customDays: readonly string[] | null | undefined): number {
  let mask = 0;
  for (const name of customDays ?? []) {
    const index = WEEKDAY_INDEX.get(String(name).trim().toLowerCase());
    if (index !== undefined) mask |= 1 << index;
  }
  return mask;
}

/** The day numbers (1-31) in customDays, ascending without repeats (anything else ignored). */
function monthDays(customDays: readonly string[] | null | undefined): number[] {
  const days = new Set<number>();
  for (const text of customDays ?? []) {
    const trimmed = String(text).trim();
    if (DAY_NUMBER.test(trimmed)) days.add(Number(trimmed));
  }
  return [...days].sort((a, b) => a - b);
}

/** The rule of a series, or null when its start date is not a real date (it then has no occurrence). */
function compile(series: SeriesRule): CompiledRule | null {
  const start = parseDayNumber(series.date);
  if (start === null) return null;
  const kind = series.recurring;
  const startWeekday = 1 << weekdayOf(start);
  let pattern: Pattern;
  if (kind === "daily") {
    pattern = { kind: "weekdays", mask: weekdayMask(series.customDays) || ALL_WEEKDAYS, biweekly: false };
  } else if (kind === "weekly" || kind === "biweekly") {
    pattern = { kind: "weekdays", mask: weekdayMask(series.customDays) || startWeekday, biweekly: kind === "biweekly" };
  } else if (kind === "monthly") {
    const days = monthDays(series.customDays);
    pattern = { kind: "month-days", days: days.length > 0 ? days : [civilFromDays(start)[2]] };
  } else if (NTH_MONTHLY_FIRST_DAY[kind] !== undefined) {
    pattern = { kind: "month-week", mask: weekdayMask(series.customDays) || startWeekday, first: NTH_MONTHLY_FIRST_DAY[kind] };
  } else if (kind === "yearly") {
    const [, month, day] = civilFromDays(start);
    pattern = { kind: "yearly", month, day };
  } else {
    pattern = { kind: "once" };
  }
  // An end date means nothing to a one-off event (the API clears it); an unreadable one is no end.
  const end = pattern.kind === "once" ? start : (parseDayNumber(series.customEndDate) ?? Infinity);
  return { start, end, pattern };
}

/**
 * Calls `visit` with every date of the rule in [from, to] (day numbers), ascending, until it
 * returns false. The work is proportional to the part of the range the series covers.
 */
function visitDates(rule: CompiledRule, from: number, to: number, visit: (day: number) => boolean | void): void {
  const lo = Math.max(from, rule.start);
  const hi = Math.min(to, rule.end);
  if (lo > hi) return;
  const p = rule.pattern;
  switch (p.kind) {
    case "once":
      visit(rule.start);
      return;
    case "weekdays": {
      let weekday = weekdayOf(lo);
      // Days into the current week counted from the start date, and whether that week is skipped.
      let dayOfWeek = (lo - rule.start) % 7;
      let skipWeek = p.biweekly && Math.floor((lo - rule.start) / 7) % 2 === 1;
      for (let day = lo; day <= hi; day++) {
        if (skipWeek) {
          // Jump to the start of the next (even) week.
          const jump = 7 - dayOfWeek;
          day += jump - 1;
          weekday = (weekday + jump) % 7;
          dayOfWeek = 0;
          skipWeek = false;
          continue;
        }
        if (p.mask & (1 << weekday) && visit(day) === false) return;
        weekday = weekday === 6 ? 0 : weekday + 1;
        if (++dayOfWeek === 7) {
          dayOfWeek = 0;
          skipWeek = p.biweekly;
        }
      }
      return;
    }
    case "month-days": {
      let [year, month] = civilFromDays(lo);
      const [lastYear, lastMonth] = civilFromDays(hi);
      while (year < lastYear || (year === lastYear && month <= lastMonth)) {
        const length = daysInMonth(year, month);
        const first = daysFromCivil(year, month, 1);
        for (const d of p.days) {
          if (d > length) break;
          const day = first + d - 1;
          if (day >= lo && day <= hi && visit(day) === false) return;
        }
        if (++month === 13) [year, month] = [year + 1, 1];
      }
      return;
    }
    case "month-week": {
      let [year, month] = civilFromDays(lo);
      const [lastYear, lastMonth] = civilFromDays(hi);
      while (year < lastYear || (year === lastYear && month <= lastMonth)) {
        const firstDay = p.first === 0 ? daysInMonth(year, month) - 6 : p.first;
        const windowStart = daysFromCivil(year, month, firstDay);
        let weekday = weekdayOf(windowStart);
        for (let day = windowStart; day < windowStart + 7; day++) {
          if (p.mask & (1 << weekday) && day >= lo && day <= hi && visit(day) === false) return;
          weekday = weekday === 6 ? 0 : weekday + 1;
        }
        if (++month === 13) [year, month] = [year + 1, 1];
      }
      return;
    }
    case "yearly": {
      const lastYear = civilFromDays(hi)[0];
      for (let year = civilFromDays(lo)[0]; year <= lastYear; year++) {
        if (p.day > daysInMonth(year, p.month)) continue;
        const day = daysFromCivil(year, p.month, p.day);
        if (day >= lo && day <= hi && visit(day) === false) return;
      }
      return;
    }
  }
}

/** The range bounds of the public functions: real yyyy-MM-dd dates, or a RangeError. */
function rangeBound(text: string, name: string): number {
  const day = parseDayNumber(text);
  if (day === null) throw new RangeError(`${name} must be a real date in yyyy-MM-dd format, got ${JSON.stringify(text)}`);
  return day;
}

// ---------------------------------------------------------------------------------------------
// The helpers the server uses on one series.

/** True when `date` is an occurrence of the series' own rule (exceptions and children not considered). */
export function occursOn(series: SeriesRule, date: string): boolean {
  const rule = compile(series);
  const day = parseDayNumber(date);
  if (rule === null || day === null) return false;
  let found = false;
  visitDates(rule, day, day, () => {
    found = true;
    return false;
  });
  return found;
}

/** The dates of the series' own rule from `from` through `to` (inclusive, yyyy-MM-dd), ascending. */
export function seriesDates(series: SeriesRule, from: string, to: string): string[] {
  const lo = rangeBound(from, "from");
  const hi = rangeBound(to, "to");
  const rule = compile(series);
  const dates: string[] = [];
  if (rule !== null) visitDates(rule, lo, hi, (day) => void dates.push(formatDayNumber(day)));
  return dates;
}

/**
 * Long enough for any rule to have a date if it has one at all: the longest gap between two dates
 * of a rule is 29 February of years 8 apart (2096, 2104); every other rule repeats within 2 months.
 */
const LONGEST_GAP_DAYS = 9 * 366;

/** The first date of the series' own rule, or null when the rule yields no date at all. */
export function firstOccurrence(series: SeriesRule): string | null {
  const rule = compile(series);
  if (rule === null) return null;
  let first: number | null = null;
  visitDates(rule, rule.start, rule.start + LONGEST_GAP_DAYS, (day) => {
    first = day;
    return false;
  });
  return first === null ? null : formatDayNumber(first);
}

/**
 * Calls `visit` with every date of the series' own rule on or after `from` (yyyy-MM-dd), ascending,
 * until it returns false or the rule has no date left. Work is proportional to the dates visited:
 * what the next reminder of an endless series needs.
 */
export function visitDatesFrom(series: SeriesRule, from: string, visit: (date: string) => boolean | void): void {
  const rule = compile(series);
  if (rule === null) return;
  let windowStart = Math.max(rangeBound(from, "from"), rule.start);
  while (windowStart <= rule.end) {
    const windowEnd = windowStart + LONGEST_GAP_DAYS;
    let visited = false;
    let stopped = false;
    visitDates(rule, windowStart, windowEnd, (day) => {
      visited = true;
      if (visit(formatDayNumber(day)) === false) stopped = true;
      return !stopped;
    });
    // A window without any date means the rule has none after it either (LONGEST_GAP_DAYS).
    if (stopped || !visited) return;
    windowStart = windowEnd + 1;
  }
}

/**
 * The first date of the series' own rule on or after `from` (yyyy-MM-dd) that `skip` does not pass
 * over, or null when none is left. It stops at that date: the work is the dates skipped plus one,
 * never the series' span (a daily series may run from 0000-01-01 to 9999-12-31).
 */
export function firstDateFrom(series: SeriesRule, from: string, skip: (date: string) => boolean = () => false): string | null {
  let found: string | null = null;
  visitDatesFrom(series, from, (date) => {
    if (skip(date)) return true;
    found = date;
    return false;
  });
  return found;
}

// ---------------------------------------------------------------------------------------------
// Expansion of a user's events.

/**
 * Every occurrence of `events` (the list GET /api/events answers) from `from` through `to`
 * (inclusive, yyyy-MM-dd). A plain event appears once on its date (id `String(id)`), a series on
 * each date of its rule (id `${id}-recurring-${date}`) except where an exception row of it or a
 * child of it replaces that date; exception rows never appear. Sorted by date, then time (all-day
 * last), then event id.
 */
export function expandEvents(events: CalendarEvent[], from: string, to: string): Occurrence[] {
  const lo = rangeBound(from, "from");
  const hi = rangeBound(to, "to");
  if (lo > hi) return [];

  // The dates each series no longer shows: its exceptions, and the dates its children replace.
  const replaced = new Map<number, Set<number>>();
  const replace = (seriesId: number, date: string | null) => {
    const day = parseDayNumber(date);
    if (day === null || day < lo || day > hi) return;
    let days = replaced.get(seriesId);
    if (!days) replaced.set(seriesId, (days = new Set()));
    days.add(day);
  };
  for (const event of events) {
    if (event.parentEventId === null || event.parentEventId === undefined) continue;
    if (event.isException) replace(event.parentEventId, event.exceptionDate);
    // A changed occurrence replaces the date it was made from; a series split off by "this and
    // future" replaces nothing (its parent ended the day before it starts).
    else if (event.recurring === "none") replace(event.parentEventId, event.originalDate ?? event.date);
  }

  // One list per day of the range (the days come out in order without a sort over everything),
  // and each day's text made once for all the series that occur on it.
  const byDay: (Occurrence[] | undefined)[] = new Array(hi - lo + 1);
  const dateText: (string | undefined)[] = new Array(hi - lo + 1);
  for (const event of events) {
    if (event.isException) continue;
    const rule = compile(event);
    if (rule === null) continue;
    const recurring = event.recurring !== "none";
    const hidden = recurring ? replaced.get(event.id) : undefined;
    visitDates(rule, lo, hi, (day) => {
      if (hidden?.has(day)) return;
      const index = day - lo;
      const date = (dateText[index] ??= formatDayNumber(day));
      const occurrence: Occurrence = {
        id: recurring ? occurrenceId(event.id, date) : String(event.id),
        eventId: event.id,
        date,
        time: event.time ?? null,
        title: event.title,
        type: event.eventType,
        subject: event.subject ?? null,
        isCompleted: event.isCompleted,
      };
      const list = byDay[index];
      if (list) list.push(occurrence);
      else byDay[index] = [occurrence];
    });
  }

  const occurrences: Occurrence[] = [];
  for (const list of byDay) {
    if (!list) continue;
    if (list.length > 1) list.sort(byTimeThenEvent);
    for (const occurrence of list) occurrences.push(occurrence);
  }
  return occurrences;
}

/** Within one day: by time (all-day last), then event id. */
function byTimeThenEvent(a: Occurrence, b: Occurrence): number {
  if (a.time !== b.time) {
    if (a.time === null) return 1;
    if (b.time === null) return -1;
    return a.time < b.time ? -1 : 1;
  }
  return a.eventId - b.eventId;
}
