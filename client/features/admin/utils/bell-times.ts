import type { BellTime } from "@/components/schedule-editor/bell-times";

type BellTimes = { bellTimes?: readonly BellTime[]; bellTimesByDay?: Readonly<Record<string, readonly BellTime[]>> };

/** The first bell and the last of a schedule, over its usual times and each rotation day's; null without any. */
function daySpan(schedule: BellTimes): { first: string; last: string } | null {
  const bells = [...(schedule.bellTimes ?? []), ...Object.values(schedule.bellTimesByDay ?? {}).flat()];
  if (bells.length === 0) return null;
  return {
    first: bells.reduce((min, b) => (b.start < min ? b.start : min), bells[0]!.start),
    last: bells.reduce((max, b) => (b.end > max ? b.end : max), bells[0]!.end),
  };
}

/**
 * The alternate a school event of `eventType` follows (issue 49: a "2-Hour Delay" kept the usual
 * bell schedule, so Home showed the usual times and the wrong class as "Now"): for a delay, the one
 * alternate whose first bell rings later than the usual first bell; for an early dismissal, the one
 * that starts as usual and ends earlier. None for other types, without such an alternate, or when
 * two or more fit (staff choose).
 */
export function alternateForEventType<A extends BellTimes & { id: string }>(
  eventType: string,
  usual: BellTimes,
  alternates: readonly A[],
): A | null {
  const day = daySpan(usual);
  if (!day || (eventType !== "delay" && eventType !== "early-dismissal")) return null;
  const fitting = alternates.filter((alternate) => {
    const span = daySpan(alternate);
    if (!span) return false;
    return eventType === "delay" ? span.first > day.first : span.first <= day.first && span.last < day.last;
  });
  return fitting.length === 1 ? fitting[0]! : null;
}
