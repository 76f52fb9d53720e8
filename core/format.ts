/**
 * How dates and times are written for people: English US, 12-hour times, in the school's time
 * zone where an instant is involved (docs/product.md#time-and-dates). Every screen formats
 * through here, so "3:30 PM", "Nov 23, 2026" and "3rd period" read the same everywhere.
 */
import { zonedParts } from "./dates";
import { WEEKDAY_NAMES } from "./day-numbers";

export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;
export const MONTH_SHORT_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/** "Monday" for 1: a weekday as core/day-numbers.ts numbers it (0 = Sunday, as the calendar's week starts). */
export function weekdayLabel(weekday: number): string {
  const name = WEEKDAY_NAMES[weekday]!;
  return name[0]!.toUpperCase() + name.slice(1);
}

/** "Mon" for 1. */
export function weekdayShortLabel(weekday: number): string {
  return weekdayLabel(weekday).slice(0, 3);
}

/** "1st", "2nd", "3rd", "4th", "11th", "12th", "21st". */
export function ordinal(n: number): string {
  const lastTwo = n % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${n}th`;
  switch (n % 10) {
    case 1:
      return `${n}st`;
    case 2:
      return `${n}nd`;
    case 3:
      return `${n}rd`;
    default:
      return `${n}th`;
  }
}

/** "15:30" → "3:30 PM", "00:05" → "12:05 AM" (a wall-clock HH:mm time, 12-hour, English US). */
export function formatTime12(time: string): string {
  const [h, m] = time.split(":").map(Number);
  const hour = h! % 12 === 0 ? 12 : h! % 12;
  return `${hour}:${String(m).padStart(2, "0")} ${h! < 12 ? "AM" : "PM"}`;
}

/** "2026-11-23" → "Nov 23, 2026". A calendar date, so no time zone is involved. */
export function formatShortDate(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  return `${MONTH_SHORT_NAMES[m! - 1]} ${d}, ${y}`;
}

/** "Sunday, November 22, 2026": the date an instant falls on in the given time zone. */
export function formatFullDate(now: Date, timeZone: string): string {
  const { weekday, month, day, year } = zonedParts(now, timeZone);
  return `${weekday}, ${MONTH_NAMES[month - 1]} ${day}, ${year}`;
}
