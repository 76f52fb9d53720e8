import { type SeriesRule, occursOn, visitDatesFrom } from "../calendar/recurrence";
import { WEEKDAY_NAMES } from "../day-numbers";
import { addDaysToDate, minutesOfDay, weekdayOfDate } from "../dates";
import { messageRef } from "../i18n/translate";
import type { RecurringKind } from "../schemas/event";

/**
 * A client's RRULE as one of the app's repeat rules (issue 52, decision 133): the reverse of
 * core/calendar/feed-rules.ts. A rule is taken only when the app's rule has exactly its dates; any
 * other is refused, named, never stored as something near it.
 */

/** A client's object the app cannot take as it is: why, a message reference worded in the reader's language (403 valid-calendar-object-resource). */
export type ObjectRefusal = { refused: string };

/** The app's rule of a series: its kind, its days, its last date. */
export type SeriesFields = Pick<SeriesRule, "recurring" | "customDays" | "customEndDate">;

/** More occurrences than this (27 years of a daily event) is not a student's series. */
export const MAX_COUNT = 10_000;

const CODES = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"] as const;
const PARTS = new Set(["FREQ", "INTERVAL", "UNTIL", "COUNT", "BYDAY", "BYMONTHDAY", "BYMONTH", "BYSETPOS", "WKST"]);
/** BYDAY's ordinal (1MO, -1FR) for each "nth week of the month" kind. */
const NTH_KIND: Record<string, RecurringKind> = {
  "1": "first-monthly",
  "2": "second-monthly",
  "3": "third-monthly",
  "4": "fourth-monthly",
  "-1": "last-monthly",
};
/** The BYMONTHDAY sets the app writes beside BYDAY for those kinds (feed-rules.ts). */
const WEEK_OF_MONTH: Record<string, RecurringKind> = {
  "1,2,3,4,5,6,7": "first-monthly",
  "8,9,10,11,12,13,14": "second-monthly",
  "15,16,17,18,19,20,21": "third-monthly",
  "22,23,24,25,26,27,28": "fourth-monthly",
  "-7,-6,-5,-4,-3,-2,-1": "last-monthly",
};

const refusal = (rule: string): ObjectRefusal => ({ refused: messageRef("caldav.refused_rule", { rule }) });

/** The weekday names of BYDAY's codes, in the app's order (Sunday first). */
const weekdayNames = (codes: readonly string[]) => WEEKDAY_NAMES.filter((_, i) => codes.includes(CODES[i]!));

/**
 * A series' rule from its RRULE's value and its first date and time (DTSTART, in the school's
 * zone). `untilOf` reads UNTIL's value as the school's date and time (null for a DATE).
 */
export function seriesFromRule(
  value: string,
  start: { date: string; time: string | null },
  untilOf: (value: string) => { date: string; time: string | null } | null,
): SeriesFields | ObjectRefusal {
  const parts = new Map<string, string>();
  for (const piece of value.trim().split(";")) {
    const at = piece.indexOf("=");
    const key = piece.slice(0, at).trim().toUpperCase();
    if (at < 1 || parts.has(key)) return refusal(value);
    if (!PARTS.has(key)) return refusal(key);
    parts.set(
      key,
      piece
        .slice(at + 1)
        .trim()
        .toUpperCase(),
    );
  }
  const freq = parts.get("FREQ");
  const interval = parts.has("INTERVAL") ? Number(parts.get("INTERVAL")) : 1;
  if (!Number.isInteger(interval) || interval < 1) return refusal(`INTERVAL=${parts.get("INTERVAL")}`);
  const list = (key: string) => (parts.get(key) ?? "").split(",").filter(Boolean);
  const byDay = list("BYDAY").map((d) => /^([+-]?\d{1,2})?(SU|MO|TU|WE|TH|FR|SA)$/.exec(d));
  if (byDay.some((d) => d === null)) return refusal(`BYDAY=${parts.get("BYDAY")}`);
  const days = byDay.map((d) => d![2]!);
  const ordinals = new Set(byDay.map((d) => (d![1] === undefined ? null : String(Number(d![1])))));
  const monthDays = list("BYMONTHDAY");
  const plainDays = ordinals.size === 1 && ordinals.has(null);
  const startWeekday = weekdayOfDate(start.date);
  const startDay = Number(start.date.slice(8, 10));
  const only = (...allowed: string[]) => [...parts.keys()].find((k) => !["FREQ", "INTERVAL", "UNTIL", "COUNT", ...allowed].includes(k));

  let rule: Pick<SeriesFields, "recurring" | "customDays"> | null = null;
  switch (freq) {
    case "DAILY": {
      const extra = only("BYDAY");
      if (extra) return refusal(extra);
      if (interval !== 1) return refusal(`FREQ=DAILY;INTERVAL=${interval}`);
      if (days.length && !plainDays) return refusal(`BYDAY=${parts.get("BYDAY")}`);
      rule = { recurring: "daily", customDays: days.length === 7 ? [] : weekdayNames(days) };
      break;
    }
    case "WEEKLY": {
      const extra = only("BYDAY", "WKST");
      if (extra) return refusal(extra);
      if (interval > 2) return refusal(`FREQ=WEEKLY;INTERVAL=${interval}`);
      if (days.length && !plainDays) return refusal(`BYDAY=${parts.get("BYDAY")}`);
      const weekdays = days.length ? days : [CODES[startWeekday]!];
      if (interval === 2) {
        // Every other week counts its weeks from the start's weekday; RFC 5545 from WKST (Monday
        // unless said). They agree when no day of the rule falls, in WKST's week, before the start's.
        const weekStart = CODES.indexOf((parts.get("WKST") ?? "MO") as (typeof CODES)[number]);
        if (weekStart < 0) return refusal(`WKST=${parts.get("WKST")}`);
        const offset = (weekday: number) => (weekday - weekStart + 7) % 7;
        if (weekdays.some((code) => offset(CODES.indexOf(code as (typeof CODES)[number])) < offset(startWeekday))) {
          return refusal(`FREQ=WEEKLY;INTERVAL=2;BYDAY=${weekdays.join(",")};WKST=${CODES[weekStart]}`);
        }
      }
      rule = { recurring: interval === 2 ? "biweekly" : "weekly", customDays: weekdayNames(weekdays) };
      break;
    }
    case "MONTHLY": {
      const extra = only("BYDAY", "BYMONTHDAY", "BYSETPOS");
      if (extra) return refusal(extra);
      if (interval !== 1) return refusal(`FREQ=MONTHLY;INTERVAL=${interval}`);
      const setPos = list("BYSETPOS");
      if (days.length === 0) {
        if (setPos.length) return refusal("BYSETPOS");
        const numbers = monthDays.length ? monthDays.map(Number) : [startDay];
        if (numbers.some((n) => !Number.isInteger(n) || n < 1 || n > 31)) return refusal(`BYMONTHDAY=${parts.get("BYMONTHDAY")}`);
        rule = { recurring: "monthly", customDays: [...new Set(numbers)].sort((a, b) => a - b).map(String) };
        break;
      }
      let kind: RecurringKind | undefined;
      if (monthDays.length && plainDays && !setPos.length) kind = WEEK_OF_MONTH[monthDays.map(Number).join(",")];
      else if (!monthDays.length && !setPos.length && ordinals.size === 1 && !ordinals.has(null)) kind = NTH_KIND[[...ordinals][0]!];
      else if (!monthDays.length && plainDays && days.length === 1 && setPos.length === 1) kind = NTH_KIND[String(Number(setPos[0]))];
      if (!kind) return refusal(value);
      rule = { recurring: kind, customDays: weekdayNames(days) };
      break;
    }
    case "YEARLY": {
      const extra = only("BYMONTH", "BYMONTHDAY");
      if (extra) return refusal(extra);
      if (interval !== 1) return refusal(`FREQ=YEARLY;INTERVAL=${interval}`);
      // Some clients spell out the start's month and day; any other is not "every year on this date".
      const month = Number(start.date.slice(5, 7));
      if (parts.has("BYMONTH") && list("BYMONTH").join() !== String(month)) return refusal(`BYMONTH=${parts.get("BYMONTH")}`);
      if (monthDays.length && monthDays.join() !== String(startDay)) return refusal(`BYMONTHDAY=${parts.get("BYMONTHDAY")}`);
      rule = { recurring: "yearly", customDays: [] };
      break;
    }
    default:
      return refusal(`FREQ=${freq ?? ""}`);
  }

  const series = { date: start.date, ...rule, customEndDate: null };
  // RFC 5545 counts DTSTART as an occurrence even off the rule; the app's series has only its rule's dates.
  if (!occursOn(series, start.date)) return { refused: messageRef("caldav.refused_start_not_in_rule") };
  if (parts.has("UNTIL") && parts.has("COUNT")) return refusal(value);
  if (parts.has("COUNT")) {
    const count = Number(parts.get("COUNT"));
    if (!Number.isInteger(count) || count < 1 || count > MAX_COUNT) return refusal(`COUNT=${parts.get("COUNT")}`);
    let seen = 0;
    let last = start.date;
    visitDatesFrom(series, start.date, (date) => {
      last = date;
      return ++seen < count;
    });
    return { ...rule, customEndDate: last };
  }
  if (parts.has("UNTIL")) {
    const until = untilOf(parts.get("UNTIL")!);
    if (!until) return refusal(`UNTIL=${parts.get("UNTIL")}`);
    // UNTIL bounds the occurrences' starts: a date's event at a time after UNTIL's is not one of them.
    const lastDate =
      start.time !== null && until.time !== null && minutesOfDay(start.time) > minutesOfDay(until.time)
        ? addDaysToDate(until.date, -1)
        : until.date;
    return { ...rule, customEndDate: lastDate };
  }
  return { ...rule, customEndDate: null };
}
