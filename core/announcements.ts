/** One announcement of the school's (GET /api/school/announcements: the last 30 days, newest first). */
export interface SchoolAnnouncement {
  id: number;
  title: string;
  body: string;
  /** ISO 8601 instant. */
  createdAt: string;
}

/** Home's "From your school" card lists the announcements of the last 7 days. */
export const ANNOUNCEMENT_DAYS_SHOWN = 7;
const SHOWN_MS = ANNOUNCEMENT_DAYS_SHOWN * 24 * 60 * 60 * 1000;

/**
 * The announcements the card shows at `now`: sent within the last 7 days (a malformed date is
 * not shown), not dismissed on this device, newest first as answered.
 */
export function shownAnnouncements(
  announcements: readonly SchoolAnnouncement[],
  now: number,
  dismissed: ReadonlySet<number> = new Set(),
): SchoolAnnouncement[] {
  return announcements.filter((a) => {
    const at = Date.parse(a.createdAt);
    return !Number.isNaN(at) && now - at <= SHOWN_MS && !dismissed.has(a.id);
  });
}
