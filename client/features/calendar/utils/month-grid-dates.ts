/**
 * Pure calendar-date arithmetic and wording for the Calendar tab's views (docs/product.md#calendar).
 *
 * Months are "yyyy-MM" and dates "yyyy-MM-dd" calendar dates of the school (core/dates.ts): no time
 * zone and never the device's clock. The arithmetic is core's day-number kernel
 * (core/day-numbers.ts, docs/decisions/077). Words come from the catalog, in the reader's language
 * (`t` and `locale`, decision 108).
 */
import type { CalendarEntry } from "@core/calendar/entries";
import { weekdayOfDate } from "@core/dates";
import { daysFromCivil, daysInMonth, formatDayNumber, weekdayOf } from "@core/day-numbers";
import { monthLabel, monthShortLabel, weekdayLabel, weekdayShortLabel } from "@core/format";
import type { Locale } from "@core/i18n/locale";
import type { Translate } from "@core/i18n/translate";

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

function parseMonth(month: string): { year: number; month: number } {
  const [y, m] = month.split("-").map(Number);
  return { year: y!, month: m! };
}

function parseDate(date: string): { year: number; month: number; day: number } {
  const [y, m, d] = date.split("-").map(Number);
  return { year: y!, month: m!, day: d! };
}

/** "2026-12-15" → "2026-12". */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}

/** "2026-12" shifted by whole months: +1 → "2027-01", -12 → "2025-12". */
export function shiftMonth(month: string, delta: number): string {
  const { year, month: m } = parseMonth(month);
  const index = year * 12 + (m - 1) + delta;
  return `${pad(Math.floor(index / 12), 4)}-${pad((index % 12) + 1)}`;
}

/** The first letter in capitals: a Spanish weekday or month name at the start of a title ("Diciembre de 2026"). */
function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "2026-12" → "December 2026" (Spanish "Diciembre de 2026"). */
export function monthTitle(month: string, t: Translate, locale: Locale): string {
  const { year, month: m } = parseMonth(month);
  return capitalized(t("calendar.month_title", { month: monthLabel(m, locale), year: String(year) }));
}

/** 28 to 31: the length of a month given as "2026-02" (core's `daysInMonth`, the one count of a month's days). */
function lengthOf(month: string): number {
  const { year, month: m } = parseMonth(month);
  return daysInMonth(year, m);
}

/** The last date of a month: "2026-02" → "2026-02-28". */
export function lastDateOfMonth(month: string): string {
  return `${month}-${pad(lengthOf(month))}`;
}

/** The day of the month as a number: "2026-12-05" → 5. */
export function dayOfMonth(date: string): number {
  return parseDate(date).day;
}

/**
 * The dates the month grid shows, whole weeks from Sunday to Saturday: from the Sunday on or before
 * the 1st to the Saturday on or after the last day. 4 to 6 weeks (a multiple of 7 dates).
 */
export function monthGridDates(month: string): string[] {
  const { year, month: m } = parseMonth(month);
  const first = daysFromCivil(year, m, 1);
  const last = first + daysInMonth(year, m) - 1;
  const end = last + 6 - weekdayOf(last);
  const dates: string[] = [];
  for (let day = first - weekdayOf(first); day <= end; day++) dates.push(formatDayNumber(day));
  return dates;
}

/** The date the grid's keyboard focus starts on: today when it is in the month, else the 1st. */
export function defaultFocusDate(month: string, today: string): string {
  return monthOf(today) === month ? today : `${month}-01`;
}

/** The same day of the month in another month, clamped to its length: (31, "2027-02") → "2027-02-28". */
export function sameDayInMonth(day: number, month: string): string {
  return `${month}-${pad(Math.min(day, lengthOf(month)))}`;
}

/** "Tuesday" (Spanish "martes"). */
export function weekdayName(date: string, locale: Locale): string {
  return weekdayLabel(weekdayOfDate(date), locale);
}

/** "December 15, 2026" (Spanish "15 de diciembre de 2026"). */
export function longDate(date: string, t: Translate, locale: Locale): string {
  const { year, month, day } = parseDate(date);
  return t("calendar.long_date", { month: monthLabel(month, locale), day: String(day), year: String(year) });
}

/** "Tuesday, December 15, 2026" (Spanish "Martes, 15 de diciembre de 2026"). */
export function fullDateLabel(date: string, t: Translate, locale: Locale): string {
  return capitalized(`${weekdayName(date, locale)}, ${longDate(date, t, locale)}`);
}

/** "Tue, Dec 15" (Spanish "Mar, 15 dic"). */
export function shortDayLabel(date: string, t: Translate, locale: Locale): string {
  const { month, day } = parseDate(date);
  return capitalized(
    t("calendar.short_day", {
      weekday: weekdayShortLabel(weekdayOfDate(date), locale),
      month: monthShortLabel(month, locale),
      day: String(day),
    }),
  );
}

/** The day detail's line under its title: "Tuesday · A day · 3 items" (Spanish "Martes · Día A · 3 elementos"). */
export function dayDescription(date: string, note: string | null, count: number, t: Translate, locale: Locale): string {
  return capitalized(`${weekdayName(date, locale)}${note ? ` · ${note}` : ""} · ${itemCountLabel(count, t)}`);
}

/** "No items", "1 item", "3 items". */
export function itemCountLabel(count: number, t: Translate): string {
  return count === 0 ? t("calendar.no_items") : t("calendar.item_count", { count });
}

/** "+2 more": how many entries a day cell has beyond the chips it shows; null when none. */
export function moreLabel(count: number, shown: number, t: Translate): string | null {
  return count > shown ? t("calendar.more", { count: count - shown }) : null;
}

/**
 * The phone's short form of moreLabel: "+3", which fits a day cell a seventh of 320 px wide where
 * "+3 more" was cut (docs/decisions/084); its hover title keeps "3 more".
 */
export function shortMoreLabel(count: number, shown: number, t: Translate): { text: string; title: string } | null {
  return count > shown ? { text: `+${count - shown}`, title: t("calendar.more_title", { count: count - shown }) } : null;
}

/**
 * The colours of an entry's chip or badge, by type. Each pair keeps small text above 4.5:1 (WCAG
 * AA): the theme's destructive, success and warning colours were chosen for text on their own
 * 10-15 % tints (client/styles.css), and primary and secondary-foreground are darker still.
 * Completed entries are set apart by muted colours and a strike-through, not by opacity, which
 * would take their text below AA.
 */
export function entryToneClass(entry: Pick<CalendarEntry, "kind" | "type" | "isCompleted">): string {
  if (entry.isCompleted) return "bg-muted text-muted-foreground line-through";
  if (entry.kind === "task") return "bg-primary/10 text-primary";
  switch (entry.type) {
    case "exam":
      return "bg-destructive/10 text-destructive";
    case "study":
      return "bg-success/15 text-success";
    case "early-dismissal":
    case "delay":
      return "bg-warning/15 text-warning";
    default:
      return "bg-secondary text-secondary-foreground";
  }
}
