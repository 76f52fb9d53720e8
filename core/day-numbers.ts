/**
 * The calendar-date kernel (docs/decisions/077): every piece of date arithmetic in the project
 * works on day numbers, the days since 1970-01-01 in the proleptic Gregorian calendar, converted to
 * and from year, month and day with Howard Hinnant's days_from_civil / civil_from_days algorithms.
 * A yyyy-MM-dd date is parsed and written by hand. `Date` is never used, so no answer can depend
 * on the time zone of the device or the server (the school's "today" comes from core/dates.ts).
 *
 * The recurrence engine calls these in its inner loops: they stay plain integer functions.
 */

/**
 * The weekdays, Sunday first, in the order of `weekdayOf` (0 = Sunday). Lower case, as an event's
 * customDays hold them; core/format.ts writes them for people ("Monday", "Mon"). Kept free of zod
 * so that expanding events, which the Home tab does, does not make the browser load it
 * (docs/decisions/065).
 */
export const WEEKDAY_NAMES = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;
export type WeekdayName = (typeof WEEKDAY_NAMES)[number];

/** Days since 1970-01-01 of a proleptic Gregorian date (Hinnant, days_from_civil). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400; // [0, 399]
  const doy = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1; // [0, 365]
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy; // [0, 146096]
  return era * 146097 + doe - 719468;
}

/** The year, month (1-12) and day of a day number (Hinnant, civil_from_days). */
export function civilFromDays(days: number): [year: number, month: number, day: number] {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097; // [0, 146096]
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365); // [0, 399]
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100)); // [0, 365]
  const mp = Math.floor((5 * doy + 2) / 153); // [0, 11], March first
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return [month <= 2 ? yoe + era * 400 + 1 : yoe + era * 400, month, day];
}

/** 0 = Sunday … 6 = Saturday, the order of WEEKDAY_NAMES (1970-01-01 was a Thursday). */
export function weekdayOf(days: number): number {
  return (((days + 4) % 7) + 7) % 7;
}

export function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

/** 28 to 31: the length of a month (1-12) of a year. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function digit(text: string, index: number): number {
  const code = text.charCodeAt(index) - 48;
  return code >= 0 && code <= 9 ? code : -1;
}

/** The day number of a real calendar date written yyyy-MM-dd, or null (2025-02-30, 2025-2-3, …). */
export function parseDayNumber(text: unknown): number | null {
  if (typeof text !== "string" || text.length !== 10 || text[4] !== "-" || text[7] !== "-") return null;
  const d = [0, 1, 2, 3, 5, 6, 8, 9].map((i) => digit(text, i));
  if (d.some((n) => n < 0)) return null;
  const year = d[0]! * 1000 + d[1]! * 100 + d[2]! * 10 + d[3]!;
  const month = d[4]! * 10 + d[5]!;
  const day = d[6]! * 10 + d[7]!;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return daysFromCivil(year, month, day);
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, "0");
}

/** yyyy-MM-dd of a day number. */
export function formatDayNumber(days: number): string {
  const [year, month, day] = civilFromDays(days);
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}
