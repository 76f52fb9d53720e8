import type { CalendarEvent } from "../schemas/event";
import { firstDateFrom, type SeriesRule } from "./recurrence";

/**
 * The rows that belong to a series (docs/decisions/061): exception rows that remove one date,
 * changed occurrences that replace one, and series split off it by "this and future".
 */

/** The occurrence date a child row stands for: the date an exception removes, or a changed occurrence replaces. */
export function keyedDate(child: CalendarEvent): string {
  return child.isException ? child.exceptionDate! : (child.originalDate ?? child.date);
}

/** A series split off this one by "This and future events". */
export function isSplitOff(child: CalendarEvent): boolean {
  return !child.isException && child.recurring !== "none";
}

/** The dates of a series that its children took: exceptions and changed occurrences (not series split off it). */
export function hiddenDates(children: readonly CalendarEvent[]): Set<string> {
  return new Set(children.filter((c) => !isSplitOff(c)).map(keyedDate));
}

/**
 * The first date the calendar still shows of a series: the first date of its rule that none of its
 * children took, or null when they took every one. Stops there (docs/decisions/107): at most one
 * date more than the children, however long the series runs.
 */
export function firstShownDate(series: SeriesRule, children: readonly CalendarEvent[]): string | null {
  const taken = hiddenDates(children);
  return firstDateFrom(series, series.date, (date) => taken.has(date));
}
