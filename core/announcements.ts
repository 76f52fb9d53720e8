/** The school event an announcement was made from (issue 49): its days and time, as stored. */
export interface AnnouncementEvent {
  /** yyyy-MM-dd */
  date: string;
  /** yyyy-MM-dd of a multi-day event's last day, else null. */
  endDate: string | null;
  /** HH:mm in the school's zone, or null for all day. */
  time: string | null;
}

/** One announcement of the school's (GET /api/school/announcements: those still shown and the last 30 days', newest first). */
export interface SchoolAnnouncement {
  id: number;
  title: string;
  body: string;
  /** ISO 8601 instant. */
  createdAt: string;
  /**
   * ISO 8601 instant from which Home no longer shows it: the end of its event's last day, or the
   * days staff chose after it was sent. Null for those sent before staff chose (then 7 days).
   */
  shownUntil: string | null;
  /** The school event it was made from, or null. */
  event: AnnouncementEvent | null;
}

/** How many days staff may keep an announcement on Home, and how many unless they choose. */
export const ANNOUNCEMENT_SHOW_DAYS_MAX = 30;
export const ANNOUNCEMENT_SHOW_DAYS_DEFAULT = 3;
/** The days the admin form offers. */
export const ANNOUNCEMENT_SHOW_DAYS_CHOICES = [1, 2, 3, 5, 7, 14, 30] as const;

/** How long Home showed an announcement sent before staff chose (issue 36). */
export const ANNOUNCEMENT_DAYS_SHOWN = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The announcements the card shows at `now`: before their `shownUntil` (or, for those without one,
 * sent within the last 7 days; a malformed date is not shown), not dismissed on this device, newest
 * first as answered.
 */
export function shownAnnouncements(
  announcements: readonly SchoolAnnouncement[],
  now: number,
  dismissed: ReadonlySet<number> = new Set(),
): SchoolAnnouncement[] {
  return announcements.filter((a) => {
    if (dismissed.has(a.id)) return false;
    // A string test, not `!== null`: an answer cached before the field existed lacks it.
    if (typeof a.shownUntil === "string") return now < Date.parse(a.shownUntil);
    const at = Date.parse(a.createdAt);
    return !Number.isNaN(at) && now - at <= ANNOUNCEMENT_DAYS_SHOWN * DAY_MS;
  });
}
