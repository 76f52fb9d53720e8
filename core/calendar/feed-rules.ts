/**
 * How a series of ours is written as an iCalendar RRULE (RFC 5545; docs/decisions/092): the same
 * dates as core/calendar/recurrence.ts, which the feed test proves by expanding the feed with an
 * independent reader.
 */
import { WEEKDAY_NAMES } from "../day-numbers";
import { weekdayOfDate } from "../dates";
import type { SeriesRule } from "./recurrence";

export type FeedWeekday = "SU" | "MO" | "TU" | "WE" | "TH" | "FR" | "SA";
const CODES: readonly FeedWeekday[] = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"];

export interface FeedRule {
  freq: "DAILY" | "WEEKLY" | "MONTHLY" | "YEARLY";
  interval?: number;
  byDay?: FeedWeekday[];
  byMonthDay?: number[];
  /** WKST: a biweekly series counts its weeks from its start's weekday. */
  startOfWeek?: FeedWeekday;
}

/** The days of a month each "nth week" kind covers: days 1-7, 8-14, …, or the last seven (-7 … -1). */
const WEEK_OF_MONTH: Record<string, number[]> = {
  "first-monthly": [1, 2, 3, 4, 5, 6, 7],
  "second-monthly": [8, 9, 10, 11, 12, 13, 14],
  "third-monthly": [15, 16, 17, 18, 19, 20, 21],
  "fourth-monthly": [22, 23, 24, 25, 26, 27, 28],
  "last-monthly": [-7, -6, -5, -4, -3, -2, -1],
};

function weekdays(customDays: readonly string[], fallbackDate: string): FeedWeekday[] {
  const named = WEEKDAY_NAMES.flatMap((name, i) => (customDays.includes(name) ? [CODES[i]!] : []));
  return named.length > 0 ? named : [CODES[weekdayOfDate(fallbackDate)]!];
}

/** The RRULE of a series (without UNTIL, which the feed adds in UTC), or null for a one-off event. */
export function feedRuleFor(series: SeriesRule): FeedRule | null {
  const days = series.customDays.map((d) => String(d).trim().toLowerCase());
  switch (series.recurring) {
    case "daily": {
      const byDay = weekdays(days.length ? days : [...WEEKDAY_NAMES], series.date);
      return byDay.length === 7 ? { freq: "DAILY" } : { freq: "WEEKLY", byDay };
    }
    case "weekly":
      return { freq: "WEEKLY", byDay: weekdays(days, series.date) };
    case "biweekly":
      return { freq: "WEEKLY", interval: 2, byDay: weekdays(days, series.date), startOfWeek: CODES[weekdayOfDate(series.date)]! };
    case "monthly": {
      const byMonthDay = [...new Set(days.filter((d) => /^(?:[1-9]|[12]\d|3[01])$/.test(d)).map(Number))].sort((a, b) => a - b);
      return { freq: "MONTHLY", byMonthDay: byMonthDay.length ? byMonthDay : [Number(series.date.slice(8, 10))] };
    }
    case "first-monthly":
    case "second-monthly":
    case "third-monthly":
    case "fourth-monthly":
    case "last-monthly":
      // "The first Monday and Wednesday": Mondays and Wednesdays among days 1-7, one rule for all of them.
      return { freq: "MONTHLY", byDay: weekdays(days, series.date), byMonthDay: WEEK_OF_MONTH[series.recurring]! };
    case "yearly":
      return { freq: "YEARLY" };
    default:
      return null;
  }
}
