import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";

export const DEFAULT_TIME_ZONE = "America/New_York";

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const WALL_CLOCK_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** True for a real calendar date written yyyy-MM-dd (rejects 2025-02-30). */
export function isCalendarDate(value: string): boolean {
  const m = CALENDAR_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const probe = new Date(Date.UTC(y, mo - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === mo - 1 && probe.getUTCDate() === d;
}

/** True for a 24-hour wall-clock time written HH:mm. */
export function isWallClockTime(value: string): boolean {
  return WALL_CLOCK_TIME.test(value);
}

/** The calendar date (yyyy-MM-dd) it is now in the given time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return format(new TZDate(now, timeZone), "yyyy-MM-dd");
}

/** Adds whole days to a yyyy-MM-dd date, without any time zone involved. */
export function addDaysToDate(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number);
  const probe = new Date(Date.UTC(y!, m! - 1, d! + days));
  return probe.toISOString().slice(0, 10);
}
