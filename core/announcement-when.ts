import type { AnnouncementEvent } from "./announcements";
import { weekdayOfDate } from "./dates";
import { formatShortDate, formatTime12, weekdayShortLabel } from "./format";
import type { Locale } from "./i18n/locale";

// Apart from core/announcements.ts, which the Home tab's first download carries: only the card
// (downloaded when there is something to show) and the push worder need these.

/** "Mon, Dec 7, 2026", or "Mon, Dec 7, 2026 – Wed, Dec 9, 2026": an event's days as the reader writes dates. */
export function announcementDays(event: AnnouncementEvent, locale: Locale): string {
  const day = (date: string) => `${weekdayShortLabel(weekdayOfDate(date), locale)}, ${formatShortDate(date, locale)}`;
  return event.endDate ? `${day(event.date)} – ${day(event.endDate)}` : day(event.date);
}

/**
 * "Mon, Dec 7, 2026 · 7:00 PM" (Spanish "lun, 7 dic 2026 · 7:00 p. m."): when an announced event
 * is, as Home's card and the push word it. The days alone for an all-day event.
 */
export function announcementWhen(event: AnnouncementEvent, locale: Locale): string {
  const dates = announcementDays(event, locale);
  return event.time === null ? dates : `${dates} · ${formatTime12(event.time, locale)}`;
}
