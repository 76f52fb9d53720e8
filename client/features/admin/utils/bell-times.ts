/** A bell time, HH:mm to HH:mm. */
export type BellTime = { period: number; start: string; end: string };

const LAST_MINUTE = 23 * 60 + 59;

function shiftTime(time: string, minutes: number): string {
  const [h, m] = time.split(":").map(Number);
  const total = Math.min(LAST_MINUTE, Math.max(0, h! * 60 + m! + minutes));
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}

/**
 * The usual bell times moved by `minutes` ("2 hours later": 120), each period kept; a time pushed
 * past the day's end stops at 23:59 rather than wrapping to the morning.
 */
export function shiftBellTimes(bells: readonly BellTime[], minutes: number): BellTime[] {
  return bells.map((b) => ({ period: b.period, start: shiftTime(b.start, minutes), end: shiftTime(b.end, minutes) }));
}
