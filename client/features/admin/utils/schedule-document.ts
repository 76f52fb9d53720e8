/**
 * Pure parts of the school's schedule document as staff edit it (decision 112): an alternate's
 * id, and the per-rotation-day parts.
 */

/** An alternate's id from its name ("2-Hour Delay" → "2-hour-delay"), unique among the others. */
export function alternateIdFor(name: string, taken: readonly string[]): string {
  const base =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 24) || "alternate";
  let id = base;
  for (let n = 2; taken.includes(id); n++) id = `${base}-${n}`;
  return id;
}

/** Whether a per-day part names any day (an empty one is as none). */
export const hasDays = <T>(byDay: Record<string, T> | undefined): byDay is Record<string, T> =>
  byDay !== undefined && Object.keys(byDay).length > 0;

/** A per-day part for exactly the rotation's days, each day not set taking `fallback`; none without a rotation. */
export function forDays<T>(days: readonly string[], byDay: Record<string, T> | null, fallback: T): Record<string, T> | undefined {
  if (days.length === 0 || byDay === null) return undefined;
  return Object.fromEntries(days.map((d) => [d, byDay[d] ?? fallback]));
}
