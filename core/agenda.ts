import { weekdayOfDate } from "./dates";
import { formatDayNumber, parseDayNumber } from "./day-numbers";
import { classesOn, type SchoolSchedule, schoolDayOf } from "./school-day";
import type { AgendaDay, SchoolEvent } from "./schemas/school";

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

/**
 * The agenda's dates, worked out by the school-day engine (core/school-day.ts). A school event
 * with an `alternateId` makes each of its dates follow that bell schedule, when the student
 * follows the school's schedule and it still has that alternate; of several on one date, the one
 * added last wins. School events never make a day off: days off are the schedule's `daysOff`.
 */
export function agendaDays(
  schedule: SchoolSchedule,
  followsSchool: boolean,
  userClasses: readonly string[],
  events: readonly SchoolEvent[],
  from: string,
  to: string,
): AgendaDay[] {
  const days: AgendaDay[] = [];
  const last = parseDayNumber(to)!;
  for (let n = parseDayNumber(from)!; n <= last; n++) {
    const date = formatDayNumber(n);
    const today = events.filter((e) => e.date <= date && date <= (e.endDate ?? e.date));
    const day = schoolDayOf(schedule, date);
    let bellSchedule: AgendaDay["bellSchedule"] = null;
    if (!day.off && followsSchool) {
      const named = today.filter((e) => e.alternateId !== null).sort((a, b) => b.id - a.id);
      for (const event of named) {
        const alternate = schedule.alternates?.find((a) => a.id === event.alternateId);
        if (alternate) {
          bellSchedule = { id: alternate.id, name: alternate.name };
          break;
        }
      }
    }
    days.push({
      date,
      schoolDay: !day.off,
      offLabel: day.off ? day.label : null,
      rotationDay: day.off ? null : day.rotationDay,
      bellSchedule,
      classes: day.off ? [] : classesOn(schedule, userClasses, date, bellSchedule?.id ?? null),
      schoolEvents: today.map((e) => ({ id: e.id, title: e.title, time: e.time, eventType: e.eventType })),
    });
  }
  return days;
}
