import { z } from "zod";
import type { WeekdayName } from "@core/day-numbers";
import type { SchoolSchedule } from "@core/school-day";
import { schoolScheduleSchema, type SchoolScheduleInput } from "@core/schemas/school-schedule";
import type { BellTime } from "./bell-times";
import { forDays, hasDays } from "./schedule-document";

/** A list of bell times per rotation day ("A" → its periods' times), or null when every day keeps the same times. */
export type BellsByDay = Record<string, BellTime[]> | null;

export type AlternateValues = { id: string; name: string; bellTimes: BellTime[]; bellTimesByDay: BellsByDay };

/**
 * What staff's schedule editor holds (decision 128): the school's schedule document as its fields
 * edit it, at the document's own paths where the two agree ("bellTimes.0.start",
 * "alternates.1.name", "rotation.anchorDate"), so the schema's refusals land on the fields that
 * caused them. The rotation's days are typed as one text ("A, B"); its periods per day sit beside
 * it until a rotation has days.
 */
export type ScheduleValues = {
  schoolDays: WeekdayName[];
  bellTimes: BellTime[];
  bellTimesByDay: BellsByDay;
  rotation: { days: string; anchorDate: string; anchorDay: string };
  periodsByDay: Record<string, number[]> | null;
  alternates: AlternateValues[];
  daysOff: { from: string; to: string; label: string }[];
};

export function valuesFromSchedule(schedule: SchoolSchedule): ScheduleValues {
  return {
    schoolDays: [...schedule.schoolDays],
    bellTimes: schedule.bellTimes ?? [],
    bellTimesByDay: hasDays(schedule.bellTimesByDay) ? schedule.bellTimesByDay : null,
    rotation: {
      days: (schedule.rotation?.days ?? []).join(", "),
      anchorDate: schedule.rotation?.anchorDate ?? "",
      anchorDay: schedule.rotation?.anchorDay ?? "",
    },
    periodsByDay: hasDays(schedule.rotation?.periodsByDay) ? schedule.rotation.periodsByDay : null,
    alternates: (schedule.alternates ?? []).map((a) => ({
      id: a.id,
      name: a.name,
      bellTimes: a.bellTimes ?? [],
      bellTimesByDay: hasDays(a.bellTimesByDay) ? a.bellTimesByDay : null,
    })),
    daysOff: (schedule.daysOff ?? []).map((d) => ({ ...d })),
  };
}

/** The rotation's days as typed ("A, B, A" → ["A", "B"]): each once, blanks left out. */
export function rotationDaysOf(text: string): string[] {
  return [
    ...new Set(
      text
        .split(",")
        .map((d) => d.trim())
        .filter(Boolean),
    ),
  ];
}

/** Every period with a bell time on some day: the ones a rotation day may meet. */
export function periodsOf(bellTimes: readonly BellTime[], bellTimesByDay: BellsByDay): number[] {
  return [...new Set([...bellTimes, ...Object.values(bellTimesByDay ?? {}).flat()].map((b) => b.period))].sort((a, b) => a - b);
}

/** The document the editor publishes: per-day parts for exactly the rotation's days, none without a rotation. */
export function scheduleFromValues(values: ScheduleValues): SchoolScheduleInput {
  const typed = values.rotation.days
    .split(",")
    .map((d) => d.trim())
    .filter(Boolean);
  const days = rotationDaysOf(values.rotation.days);
  const byDay = forDays(days, values.bellTimesByDay, values.bellTimes);
  const periodsOn = forDays(days, values.periodsByDay, periodsOf(values.bellTimes, values.bellTimesByDay));
  return {
    schoolDays: values.schoolDays,
    bellTimes: values.bellTimes,
    ...(byDay ? { bellTimesByDay: byDay } : {}),
    // No rotation days: no rotation, and nothing per rotation day. A day typed twice is sent as typed (the schema refuses it).
    rotation:
      typed.length === 0
        ? null
        : {
            days: typed,
            anchorDate: values.rotation.anchorDate,
            anchorDay: values.rotation.anchorDay.trim(),
            ...(periodsOn ? { periodsByDay: periodsOn } : {}),
          },
    daysOff: values.daysOff,
    alternates: values.alternates.map((a) => {
      const alternateByDay = forDays(days, a.bellTimesByDay, a.bellTimes);
      return { id: a.id, name: a.name, bellTimes: a.bellTimes, ...(alternateByDay ? { bellTimesByDay: alternateByDay } : {}) };
    }),
  };
}

/** The editor's check: the document it would publish, by the API's own schema. */
export const scheduleFormSchema = z.custom<ScheduleValues>().transform(scheduleFromValues).pipe(schoolScheduleSchema);
