import { z } from "zod";
import { parseUserClasses, periodLabel, type Words } from "@core/classes";
import { WEEKDAY_NAMES, type WeekdayName } from "@core/day-numbers";
import { cycleDayLabel, type SchoolSchedule } from "@core/school-day";
import { MAX_PERIOD, schoolScheduleSchema, type SchoolScheduleInput } from "@core/schemas/school-schedule";

/** One period's bell time as the form holds it: "" while unset. */
export interface BellRow {
  period: number;
  /** The class's name ("Art / Health" for a semester pair). */
  name: string;
  isLunch: boolean;
  start: string;
  end: string;
}

/** The quick fill: periods of `periodMinutes` from `firstStart`, `passingMinutes` between, Lunch `lunchMinutes` long. */
export interface QuickFill {
  firstStart: string;
  periodMinutes: number;
  passingMinutes: number;
  lunchMinutes: number;
}

export const DEFAULT_QUICK_FILL: QuickFill = { firstStart: "08:00", periodMinutes: 50, passingMinutes: 5, lunchMinutes: 30 };

export type RotationKind = "none" | "ab" | "cycle";

export interface DayOffRow {
  from: string;
  to: string;
  label: string;
}

/** What the School Day form holds. */
export interface SchoolDayFormState {
  bells: BellRow[];
  schoolDays: WeekdayName[];
  rotationKind: RotationKind;
  /** Days in a "Day 1 … Day N" cycle. */
  cycleLength: number;
  anchorDate: string;
  anchorDay: string;
  /** Whether the classes differ by rotation day (then periodsByDay applies). */
  differByDay: boolean;
  periodsByDay: Record<string, number[]>;
  daysOff: DayOffRow[];
}

const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const toTime = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
const LAST_MINUTE = 23 * 60 + 59;

/** The rotation's labels: A and B, or Day 1 … Day N. */
export function rotationLabels(kind: RotationKind, cycleLength: number): string[] {
  if (kind === "ab") return ["A", "B"];
  if (kind === "cycle") return Array.from({ length: cycleLength }, (_, i) => cycleDayLabel(i + 1));
  return [];
}

/** One row per period the classes fill (a block's periods each get a row), with the stored bell times. */
export function bellRowsFor(userClasses: readonly string[], bellTimes: SchoolSchedule["bellTimes"]): BellRow[] {
  const stored = new Map((bellTimes ?? []).map((b) => [b.period, b]));
  const rows: BellRow[] = [];
  for (const cls of parseUserClasses(userClasses)) {
    for (let i = 0; i < cls.span && cls.period + i <= MAX_PERIOD; i++) {
      const period = cls.period + i;
      const name = cls.names.join(" / ");
      rows.push({
        period,
        name,
        isLunch: cls.isLunch,
        start: stored.get(period)?.start ?? "",
        end: stored.get(period)?.end ?? "",
      });
    }
  }
  return rows;
}

/** "1st period · Chemistry", "5.º periodo · Almuerzo": a bell row as the reader reads it. */
export function bellLabel(bell: BellRow, words: Words): string {
  return `${periodLabel(words, bell.period)} · ${bell.isLunch ? words.t("classes.lunch") : bell.name}`;
}

/** Fills every period's start and end from the quick-fill settings; a time past 23:59 stays unset. */
export function quickFill(rows: readonly BellRow[], fill: QuickFill): BellRow[] {
  let at = toMinutes(fill.firstStart);
  return rows.map((row) => {
    const length = row.isLunch ? fill.lunchMinutes : fill.periodMinutes;
    const start = at;
    const end = at + length;
    at = end + fill.passingMinutes;
    return end > LAST_MINUTE ? { ...row, start: "", end: "" } : { ...row, start: toTime(start), end: toTime(end) };
  });
}

export function formFromSchedule(schedule: SchoolSchedule, userClasses: readonly string[]): SchoolDayFormState {
  const rotation = schedule.rotation ?? null;
  const isAB = rotation !== null && rotation.days.length === 2 && rotation.days[0] === "A" && rotation.days[1] === "B";
  return {
    bells: bellRowsFor(userClasses, schedule.bellTimes),
    schoolDays: [...schedule.schoolDays],
    rotationKind: rotation === null ? "none" : isAB ? "ab" : "cycle",
    cycleLength: rotation && !isAB ? rotation.days.length : 6,
    anchorDate: rotation?.anchorDate ?? "",
    anchorDay: rotation?.anchorDay ?? "",
    differByDay: Object.keys(rotation?.periodsByDay ?? {}).length > 0,
    periodsByDay: rotation?.periodsByDay ?? {},
    daysOff: (schedule.daysOff ?? []).map((d) => ({ ...d })),
  };
}

/** The request body: bell times that have both ends, the rotation with its labels, days off as typed. */
export function scheduleFromForm(state: SchoolDayFormState): SchoolScheduleInput {
  const labels = rotationLabels(state.rotationKind, state.cycleLength);
  return {
    bellTimes: state.bells.filter((b) => b.start || b.end).map((b) => ({ period: b.period, start: b.start, end: b.end })),
    schoolDays: WEEKDAY_NAMES.filter((d) => state.schoolDays.includes(d)),
    rotation:
      labels.length === 0
        ? null
        : {
            days: labels,
            anchorDate: state.anchorDate,
            anchorDay: labels.includes(state.anchorDay) ? state.anchorDay : labels[0]!,
            ...(state.differByDay
              ? { periodsByDay: Object.fromEntries(labels.map((l) => [l, [...(state.periodsByDay[l] ?? [])].sort((a, b) => a - b)])) }
              : {}),
          },
    daysOff: state.daysOff.map((d) => ({ from: d.from, to: d.to || d.from, label: d.label })),
  };
}

/** The form kit's name of a bell time's field: its value's path, where its message is kept too. */
export function bellFieldName(index: number, field: "start" | "end"): string {
  return `bells.${index}.${field}`;
}

/** What the School Day step's form holds: the step's state and the quick fill's settings. */
export type SchoolDayFormValues = SchoolDayFormState & { quickFill: QuickFill };

/**
 * The School Day step's form schema: the request body built from the form (scheduleFromForm),
 * checked by the API's own schema; its output is what is sent. Its refusals name the body's paths:
 * schoolDayFieldOf finds their fields.
 */
export const schoolDayFormSchema = z.custom<SchoolDayFormValues>().transform(scheduleFromForm).pipe(schoolScheduleSchema);

/**
 * The form's field of a refusal of schoolDayFormSchema: the body's path, except bell times, which
 * the body lists without the unset ones (their field is found by period, a period's own message
 * going to its start), and the rotation's anchor, kept at the form's top level.
 */
export function schoolDayFieldOf(path: readonly PropertyKey[], values: SchoolDayFormState): string {
  const [root, position, field] = path;
  if (root === "bellTimes" && typeof position === "number") {
    const sent = values.bells.flatMap((b, index) => (b.start || b.end ? [index] : []));
    if (sent[position] !== undefined) return bellFieldName(sent[position], field === "end" ? "end" : "start");
  }
  if (root === "rotation" && (position === "anchorDate" || position === "anchorDay") && path.length === 2) return position;
  return path.map(String).join(".");
}
