import { formatDayNumber, parseDayNumber, weekdayOf } from "./day-numbers";

export const DEFAULT_TIME_ZONE = "America/New_York";

const WALL_CLOCK_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** True for a real calendar date written yyyy-MM-dd (rejects 2025-02-30). */
export function isCalendarDate(value: string): boolean {
  return parseDayNumber(value) !== null;
}

/** True for a 24-hour wall-clock time written HH:mm. */
export function isWallClockTime(value: string): boolean {
  return WALL_CLOCK_TIME.test(value);
}

export interface ZonedParts {
  year: number;
  month: number; // 1–12
  day: number;
  hour: number; // 0–23
  minute: number;
  /** English US weekday name, e.g. "Monday". */
  weekday: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      weekday: "long",
      hourCycle: "h23",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The wall-clock date and time of an instant in a time zone, read with Intl from the instant's
 * time value alone: the device's own zone never enters into it.
 */
export function zonedParts(now: Date, timeZone: string): ZonedParts {
  const parts: Record<string, string> = {};
  for (const { type, value } of formatterFor(timeZone).formatToParts(now)) parts[type] = value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    weekday: parts.weekday ?? "",
  };
}

/** The calendar date (yyyy-MM-dd) it is now in the given time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const { year, month, day } = zonedParts(now, timeZone);
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/**
 * The day number of a yyyy-MM-dd date. Callers pass dates they have validated or made, so anything
 * else is a bug: a RangeError, never a guessed date.
 */
function requireDayNumber(date: string): number {
  const day = parseDayNumber(date);
  if (day === null) throw new RangeError(`Not a real date in yyyy-MM-dd format: ${JSON.stringify(date)}`);
  return day;
}

/** Adds whole days to a yyyy-MM-dd date, without any time zone involved. */
export function addDaysToDate(date: string, days: number): string {
  return formatDayNumber(requireDayNumber(date) + days);
}

/** 0 for Sunday … 6 for Saturday: the weekday of a yyyy-MM-dd date (no time zone is involved). */
export function weekdayOfDate(date: string): number {
  return weekdayOf(requireDayNumber(date));
}

/** The last minute of a day, 23:59, as minutes since midnight. */
export const LAST_MINUTE_OF_DAY = 23 * 60 + 59;

/** Minutes since midnight of an "HH:mm" wall-clock time. */
export function minutesOfDay(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** "HH:mm" of minutes since midnight. */
export function timeOfDay(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** The wall-clock time, "HH:mm", of an instant in a time zone (the device's own zone never enters into it). */
export function clockTimeIn(timeZone: string, now: Date = new Date()): string {
  const { hour, minute } = zonedParts(now, timeZone);
  return timeOfDay(hour * 60 + minute);
}
