/**
 * The school's day on the Calendar tab (issue 36, decision 112): what the month grid, the day
 * detail and the Next 5 Days card show of GET /api/user/agenda, the effective schedule the server
 * works out (the school's or the student's own, whichever they follow, with the school's events).
 * Nothing here re-derives a day off or a rotation day from a schedule: the agenda says it.
 *
 * Pure: dates are yyyy-MM-dd calendar dates of the school; words come from the catalog.
 */
import { type CalendarEntry, schoolEventEntry } from "@core/calendar/entries";
import type { Translate } from "@core/i18n/translate";
import type { AgendaDay } from "@core/schemas/school";
import { alternateName, rotationDayName } from "@core/school-day";

/** What a day cell says of the school day: its rotation day ("A"), or the name of a day off ("Thanksgiving Break"). */
export type DayNote = { text: string; dayOff: boolean };

/**
 * The grid's note of each date the agenda names: a named day off, else a school day's rotation day,
 * a numbered cycle's in the reader's language ("Día 3": stored "Day 3" in every language, issue 49).
 */
export function agendaDayNotes(days: readonly AgendaDay[], t: Translate): Map<string, DayNote> {
  const notes = new Map<string, DayNote>();
  for (const day of days) {
    if (!day.schoolDay && day.offLabel) notes.set(day.date, { text: day.offLabel, dayOff: true });
    else if (day.schoolDay && day.rotationDay) notes.set(day.date, { text: rotationDayName(day.rotationDay, t), dayOff: false });
  }
  return notes;
}

/** The school's events of every day of the agenda, as calendar entries: an event of several days on each of them. */
export function agendaSchoolEntries(days: readonly AgendaDay[]): CalendarEntry[] {
  return days.flatMap((day) => day.schoolEvents.map((event) => schoolEventEntry(event, day.date)));
}

/** The named days off of the agenda from `from` to `to` (inclusive) as all-day entries titled with their name, for the Next 5 Days card. */
export function agendaDayOffEntries(days: readonly AgendaDay[], from: string, to: string): CalendarEntry[] {
  return days
    .filter((day) => !day.schoolDay && day.offLabel && day.date >= from && day.date <= to)
    .map((day) => ({
      id: `day-off-${day.date}`,
      kind: "event",
      date: day.date,
      time: null,
      title: day.offLabel!,
      type: "other",
      subject: null,
      isCompleted: false,
      dayOff: true,
    }));
}

/** Whether `days` (the agenda of a range, every date in it) covers every date from `from` to `to`. */
export function agendaCovers(days: readonly AgendaDay[] | undefined, from: string, to: string): days is readonly AgendaDay[] {
  if (!days || days.length === 0) return false;
  return days[0]!.date <= from && days[days.length - 1]!.date >= to;
}

/**
 * The day detail's line about the school day: "No school: Winter break" on a named day off; on a
 * school day its rotation day and the bell schedule when an alternate applies ("A day · 2-Hour
 * Delay schedule"); null when there is nothing to say.
 */
export function agendaDayLine(day: AgendaDay | undefined, t: Translate): string | null {
  if (!day) return null;
  if (!day.schoolDay) return day.offLabel ? t("calendar.no_school", { label: day.offLabel }) : null;
  const parts: string[] = [];
  if (day.rotationDay) {
    parts.push(/day/i.test(day.rotationDay) ? rotationDayName(day.rotationDay, t) : t("calendar.rotation_day", { day: day.rotationDay }));
  }
  if (day.bellSchedule) parts.push(t("dashboard.bell_schedule_named", { name: alternateName(day.bellSchedule.name, t) }));
  return parts.length > 0 ? parts.join(" · ") : null;
}
