/**
 * The announcements a student dismissed on this device (issue 36: "each dismissible on that
 * device"), per user, in localStorage. Storage can be missing or throw (privacy modes, a full
 * quota): nothing is then remembered, and the card shows them all again next time.
 */
const keyOf = (userId: number) => `student-hub:dismissed-announcements:${userId}`;

/** Kept at most: the card only ever shows a week's worth, so the oldest ids can go. */
const KEPT = 200;

export function readDismissed(userId: number): Set<number> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(keyOf(userId)) ?? "[]");
    return new Set(Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isInteger(id)) : []);
  } catch {
    return new Set();
  }
}

export function saveDismissed(userId: number, ids: ReadonlySet<number>): void {
  try {
    localStorage.setItem(keyOf(userId), JSON.stringify([...ids].slice(-KEPT)));
  } catch {
    // Not remembered: see above.
  }
}
