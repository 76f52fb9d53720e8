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
