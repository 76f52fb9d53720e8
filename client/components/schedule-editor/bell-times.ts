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

const LAST_MINUTE = 23 * 60 + 59;
const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const toTime = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** Fills every row's start and end from the quick-fill settings, Lunch its own length; a time past 23:59 stays unset. */
export function quickFill<T extends { isLunch?: boolean; start: string; end: string }>(rows: readonly T[], fill: QuickFill): T[] {
  let at = toMinutes(fill.firstStart);
  return rows.map((row) => {
    const length = row.isLunch ? fill.lunchMinutes : fill.periodMinutes;
    const start = at;
    const end = at + length;
    at = end + fill.passingMinutes;
    return end > LAST_MINUTE ? { ...row, start: "", end: "" } : { ...row, start: toTime(start), end: toTime(end) };
  });
}

function shiftTime(time: string, minutes: number): string {
  const total = Math.min(LAST_MINUTE, Math.max(0, toMinutes(time) + minutes));
  return toTime(total);
}

/**
 * The usual bell times moved by `minutes` ("2 hours later": 120), each period kept; a time pushed
 * past the day's end stops at 23:59 rather than wrapping to the morning.
 */
export function shiftBellTimes(bells: readonly BellTime[], minutes: number): BellTime[] {
  return bells.map((b) => ({ period: b.period, start: shiftTime(b.start, minutes), end: shiftTime(b.end, minutes) }));
}
