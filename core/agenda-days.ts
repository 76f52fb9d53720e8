import { formatDayNumber, parseDayNumber } from "./day-numbers";
import { classesOn, type SchoolSchedule, schoolDayOf } from "./school-day";
import type { AgendaDay, SchoolEvent } from "./schemas/school";

// Apart from core/agenda.ts, which Home imports: the engine it needs is the server's alone, and
// importing it there regroups Home's chunks and costs the first screen more than a kilobyte.

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
    const bellSchedule = day.off ? null : alternateOn(schedule, followsSchool, today);
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

/**
 * The alternate bell schedule a school day follows: the one the school's events of that date name
 * (the one added last of several), when the student follows the school's schedule and it still
 * has that alternate; else null (the usual bells). `eventsThatDay` are the events on the date.
 */
export function alternateOn(
  schedule: SchoolSchedule,
  followsSchool: boolean,
  eventsThatDay: readonly SchoolEvent[],
): { id: string; name: string } | null {
  if (!followsSchool) return null;
  const named = eventsThatDay.filter((e) => e.alternateId !== null).sort((a, b) => b.id - a.id);
  for (const event of named) {
    const alternate = schedule.alternates?.find((a) => a.id === event.alternateId);
    if (alternate) return { id: alternate.id, name: alternate.name };
  }
  return null;
}

/** Each date of [from, to] that follows an alternate, to that alternate's id (the study plan's school hours). */
export function alternatesByDate(
  schedule: SchoolSchedule,
  followsSchool: boolean,
  events: readonly SchoolEvent[],
  from: string,
  to: string,
): Record<string, string> {
  const byDate: Record<string, string> = {};
  if (!followsSchool) return byDate;
  const last = parseDayNumber(to)!;
  for (let n = parseDayNumber(from)!; n <= last; n++) {
    const date = formatDayNumber(n);
    const alternate = alternateOn(
      schedule,
      true,
      events.filter((e) => e.date <= date && date <= (e.endDate ?? e.date)),
    );
    if (alternate) byDate[date] = alternate.id;
  }
  return byDate;
}
