/**
 * How dates and times are written for people: 12-hour times, in the school's time zone where an
 * instant is involved (docs/product.md#time-and-dates), in the reader's language (decision 108).
 * Every screen formats through here, so "3:30 PM", "Nov 23, 2026" and "3rd period" read the same
 * everywhere. English is written by hand, exactly as the spec words it; other languages through
 * Intl ("3:30 p. m.", "23 nov 2026", "lunes").
 */
import { zonedParts } from "./dates";
import { WEEKDAY_NAMES } from "./day-numbers";
import { DEFAULT_LOCALE, INTL_LOCALES, type Locale } from "./i18n/locale";
import type { Translate } from "./i18n/translate";

/** Formats in UTC a date built from its parts, so that no time zone moves it. */
function intlParts(locale: Locale, options: Intl.DateTimeFormatOptions, year: number, month: number, day: number, hour = 12, minute = 0) {
  return new Intl.DateTimeFormat(INTL_LOCALES[locale], { ...options, timeZone: "UTC" }).format(
    new Date(Date.UTC(year, month - 1, day, hour, minute)),
  );
}

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

/** 2023-01-01 was a Sunday: the date of weekday n (0 = Sunday) in that week. */
const SUNDAY = { year: 2023, month: 1, day: 1 };

/** "Monday" (Spanish "lunes") for 1: a weekday as core/day-numbers.ts numbers it (0 = Sunday, as the calendar's week starts). */
export function weekdayLabel(weekday: number, locale: Locale = DEFAULT_LOCALE): string {
  if (locale !== "en") return intlParts(locale, { weekday: "long" }, SUNDAY.year, SUNDAY.month, SUNDAY.day + weekday);
  const name = WEEKDAY_NAMES[weekday]!;
  return name[0]!.toUpperCase() + name.slice(1);
}

/** "Mon" (Spanish "lun") for 1. */
export function weekdayShortLabel(weekday: number, locale: Locale = DEFAULT_LOCALE): string {
  if (locale !== "en") return intlParts(locale, { weekday: "short" }, SUNDAY.year, SUNDAY.month, SUNDAY.day + weekday).replace(/\.$/, "");
  return weekdayLabel(weekday).slice(0, 3);
}

/** "November" (Spanish "noviembre") for 11. */
export function monthLabel(month: number, locale: Locale = DEFAULT_LOCALE): string {
  return locale === "en" ? MONTH_NAMES[month - 1]! : intlParts(locale, { month: "long" }, 2023, month, 1);
}

/** "Nov" (Spanish "nov") for 11. */
export function monthShortLabel(month: number, locale: Locale = DEFAULT_LOCALE): string {
  return locale === "en" ? MONTH_SHORT_NAMES[month - 1]! : intlParts(locale, { month: "short" }, 2023, month, 1).replace(/\.$/, "");
}

/** "1st", "2nd", "3rd", "4th", "11th", "12th", "21st"; in Spanish "1.º", "2.º". */
export function ordinal(n: number, locale: Locale = DEFAULT_LOCALE): string {
  if (locale === "es") return `${n}.º`;
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

/**
 * The hour a 12-hour clock shows for an HH:mm time, 1 to 12: the value a message needs where the
 * words before a time agree with it (Spanish "a la 1:05", "a las 3:30": issue 49).
 */
export function clockHour(time: string): number {
  return Number(time.split(":")[0]) % 12 || 12;
}

/** "15:30" → "3:30 PM", "00:05" → "12:05 AM" (a wall-clock HH:mm time, 12-hour); Spanish "3:30 p. m.". */
export function formatTime12(time: string, locale: Locale = DEFAULT_LOCALE): string {
  const [h, m] = time.split(":").map(Number);
  if (locale !== "en") return intlParts(locale, { hour: "numeric", minute: "2-digit", hourCycle: "h12" }, 2023, 1, 1, h, m);
  const hour = h! % 12 === 0 ? 12 : h! % 12;
  return `${hour}:${String(m).padStart(2, "0")} ${h! < 12 ? "AM" : "PM"}`;
}

/** "2026-11-23" → "Nov 23, 2026" (Spanish "23 nov 2026"). A calendar date, so no time zone is involved. */
export function formatShortDate(date: string, locale: Locale = DEFAULT_LOCALE): string {
  const [y, m, d] = date.split("-").map(Number);
  if (locale !== "en") return intlParts(locale, { day: "numeric", month: "short", year: "numeric" }, y!, m!, d!);
  return `${MONTH_SHORT_NAMES[m! - 1]} ${d}, ${y}`;
}

/** "Mon, Nov 30" (Spanish "lun, 30 nov"): a yyyy-MM-dd date within the coming weeks, as a list of dates names it. */
export function formatWeekdayDate(date: string, locale: Locale = DEFAULT_LOCALE): string {
  const [y, m, d] = date.split("-").map(Number);
  if (locale !== "en") return intlParts(locale, { weekday: "short", day: "numeric", month: "short" }, y!, m!, d!).replace(/\./g, "");
  return `${weekdayShortLabel(new Date(Date.UTC(y!, m! - 1, d!)).getUTCDay())}, ${MONTH_SHORT_NAMES[m! - 1]} ${d}`;
}

/** "Sunday, November 22, 2026" (Spanish "domingo, 22 de noviembre de 2026"): the date an instant falls on in the given time zone. */
export function formatFullDate(now: Date, timeZone: string, locale: Locale = DEFAULT_LOCALE): string {
  const { weekday, month, day, year } = zonedParts(now, timeZone);
  if (locale !== "en") return intlParts(locale, { dateStyle: "full" }, year, month, day);
  return `${weekday}, ${MONTH_NAMES[month - 1]} ${day}, ${year}`;
}

/** "45 min", "2 h", "1 h 30 min": a duration in whole minutes, worded by the catalog (the same units in English and Spanish). */
export function formatDuration(minutes: number, t: Translate): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return t("tasks.duration_minutes", { minutes: rest });
  return rest === 0 ? t("tasks.duration_hours", { hours }) : t("tasks.duration_hours_minutes", { hours, minutes: rest });
}
