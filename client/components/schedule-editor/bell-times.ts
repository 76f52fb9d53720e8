import { LAST_MINUTE_OF_DAY, minutesOfDay, timeOfDay } from "@core/dates";

/** A bell time, HH:mm to HH:mm. */
export type BellTime = { period: number; start: string; end: string };

/** The quick fill: periods of `periodMinutes` from `firstStart`, `passingMinutes` between, Lunch `lunchMinutes` long. */
export interface QuickFill {
  firstStart: string;
  periodMinutes: number;
  passingMinutes: number;
  lunchMinutes: number;
}

export const DEFAULT_QUICK_FILL: QuickFill = { firstStart: "08:00", periodMinutes: 50, passingMinutes: 5, lunchMinutes: 30 };

/** Fills every row's start and end from the quick-fill settings, Lunch its own length; a time past 23:59 stays unset. */
export function quickFill<T extends { isLunch?: boolean; start: string; end: string }>(rows: readonly T[], fill: QuickFill): T[] {
  let at = minutesOfDay(fill.firstStart);
  return rows.map((row) => {
    const length = row.isLunch ? fill.lunchMinutes : fill.periodMinutes;
    const start = at;
    const end = at + length;
    at = end + fill.passingMinutes;
    return end > LAST_MINUTE_OF_DAY ? { ...row, start: "", end: "" } : { ...row, start: timeOfDay(start), end: timeOfDay(end) };
  });
}

function shiftTime(time: string, minutes: number): string {
  const total = Math.min(LAST_MINUTE_OF_DAY, Math.max(0, minutesOfDay(time) + minutes));
  return timeOfDay(total);
}

/**
 * The usual bell times moved by `minutes` ("2 hours later": 120), each period kept; a time pushed
 * past the day's end stops at 23:59 rather than wrapping to the morning.
 */
export function shiftBellTimes(bells: readonly BellTime[], minutes: number): BellTime[] {
  return bells.map((b) => ({ period: b.period, start: shiftTime(b.start, minutes), end: shiftTime(b.end, minutes) }));
}
