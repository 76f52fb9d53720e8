import { weekdayOfDate } from "./dates";
import type { AgendaDay } from "./schemas/school";

/** The dates Home asks the agenda for at once: today and the 13 after it, enough for a weekend and a week's break. */
export const HOME_AGENDA_DAYS = 14;

/**
 * Whether an agenda comes from a school day someone set up (the school's published schedule or the
 * student's own): a class with a bell time, a rotation day, a named day off, an alternate bell
 * schedule, or school days other than Monday to Friday. An agenda from nothing set up (the
 * default schedule: untimed classes every weekday) shows none of these, and Home then shows events
 * and tasks alone, as decision 090's isSchoolDaySet rule says; a published school schedule with
 * bell times always counts as set. School events are not a sign: they come whatever the schedule.
 */
export function agendaIsSet(days: readonly AgendaDay[]): boolean {
  return days.some((day) => {
    const weekday = weekdayOfDate(day.date);
    const usualSchoolDay = weekday >= 1 && weekday <= 5;
    return (
      day.rotationDay !== null ||
      day.offLabel !== null ||
      day.bellSchedule !== null ||
      day.schoolDay !== usualSchoolDay ||
      day.classes.some((c) => c.start !== null)
    );
  });
}

/** The first school day of `days` after `date`, or null when the range holds none. */
export function nextAgendaSchoolDay(days: readonly AgendaDay[], date: string): AgendaDay | null {
  return days.find((day) => day.date > date && day.schoolDay) ?? null;
}
