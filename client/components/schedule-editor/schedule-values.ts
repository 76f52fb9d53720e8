import { parseUserClasses, periodLabel, type Words } from "@core/classes";
import { WEEKDAY_NAMES, type WeekdayName } from "@core/day-numbers";
import { cycleDayLabel, type SchoolSchedule } from "@core/school-day";
import { MAX_PERIOD, type SchoolScheduleInput } from "@core/schemas/school-schedule";
import { type BellTime, DEFAULT_QUICK_FILL, type QuickFill } from "./bell-times";

/**
 * A bell time as the editor holds it: "" while unset. The student's rows are the periods their
 * classes fill and carry the class's `name` ("Art / Health" for a semester pair) and whether it is
 * Lunch; staff's rows are free (added and removed) and carry neither.
 */
export type BellRow = BellTime & { name?: string; isLunch?: boolean };

/** A list of bell times per rotation day ("A" → its periods' times), or null when every day keeps the same times. */
export type BellsByDay = Record<string, BellTime[]> | null;

/** None, A/B days, a cycle of "Day 1" … "Day N" (chosen by the student), or days typed as one text ("A, B": staff's). */
export type RotationKind = "none" | "ab" | "cycle" | "custom";

export type RotationValues = {
  kind: RotationKind;
  /** The rotation's days as typed, for a custom rotation. */
  days: string;
  /** Days in a "Day 1 … Day N" cycle. */
  cycleLength: number;
  anchorDate: string;
  anchorDay: string;
};

export type AlternateValues = { id: string; name: string; bellTimes: BellTime[]; bellTimesByDay: BellsByDay };

export type DayOffRow = { from: string; to: string; label: string };

/**
 * The school schedule document as the one editor holds it (the student's School Day step and
 * staff's /admin/school), at the document's own paths where the two agree ("bellTimes.0.start",
 * "rotation.anchorDate", "daysOff.1.label"), so the schema's refusals land on the fields that
 * caused them. Periods per rotation day sit beside the rotation, null while every day meets the same.
 */
export type ScheduleEditorValues = {
  schoolDays: WeekdayName[];
  bellTimes: BellRow[];
  bellTimesByDay: BellsByDay;
  rotation: RotationValues;
  periodsByDay: Record<string, number[]> | null;
  alternates: AlternateValues[];
  daysOff: DayOffRow[];
  /** The quick fill's settings (the student's step); not part of the document. */
  quickFill: QuickFill;
};

/** Where the two callers' editors differ, each said explicitly (never a second copy of the mapping). */
export type ScheduleEditorOptions = {
  /**
   * The student's classes: the bell rows are the periods they fill, named by them, each shown set or
   * not. Without them (staff), the rows are the document's own.
   */
  classes?: readonly string[];
  /** The rotation chosen as none, A/B or a cycle of N (the student's), or its days typed (staff's). */
  rotationInput: "chosen" | "typed";
  /**
   * What a rotation day not yet given its own periods meets once periods differ by day: every period
   * with a bell time (staff's), or none (the student's step, whose table turns a day's periods on one by one).
   */
  unsetDayMeets: "every-period" | "no-period";
};

/** The rotation's labels: A and B, or Day 1 … Day N. */
export function rotationLabels(kind: RotationKind, cycleLength: number): string[] {
  if (kind === "ab") return ["A", "B"];
  if (kind === "cycle") return Array.from({ length: cycleLength }, (_, i) => cycleDayLabel(i + 1));
  return [];
}

/** The rotation's days as typed ("A, B, A" → ["A", "B"]): each once, blanks left out. */
export function rotationDaysOf(text: string): string[] {
  return [...new Set(typedDays(text))];
}

const typedDays = (text: string) =>
  text
    .split(",")
    .map((d) => d.trim())
    .filter(Boolean);

/** The rotation's days, however it is edited: the chosen kind's labels or the typed days. */
export function rotationDays(rotation: RotationValues): string[] {
  return rotation.kind === "custom" ? rotationDaysOf(rotation.days) : rotationLabels(rotation.kind, rotation.cycleLength);
}

/** Every period with a bell time on some day: the ones a rotation day may meet. */
export function periodsOf(bellTimes: readonly BellTime[], bellTimesByDay: BellsByDay): number[] {
  return [...new Set([...bellTimes, ...Object.values(bellTimesByDay ?? {}).flat()].map((b) => b.period))].sort((a, b) => a - b);
}

/** One row per period the classes fill (a block's periods each get a row), with the stored bell times. */
export function bellRowsFor(userClasses: readonly string[], bellTimes: SchoolSchedule["bellTimes"]): BellRow[] {
  const stored = new Map((bellTimes ?? []).map((b) => [b.period, b]));
  const rows: BellRow[] = [];
  for (const cls of parseUserClasses(userClasses)) {
    for (let i = 0; i < cls.span && cls.period + i <= MAX_PERIOD; i++) {
      const period = cls.period + i;
      rows.push({
        period,
        name: cls.names.join(" / "),
        isLunch: cls.isLunch,
        start: stored.get(period)?.start ?? "",
        end: stored.get(period)?.end ?? "",
      });
    }
  }
  return rows;
}

/** "1st period · Chemistry", "5.º periodo · Almuerzo": a class's bell row as the reader reads it. */
export function bellLabel(bell: BellRow, words: Words): string {
  return `${periodLabel(words, bell.period)} · ${bell.isLunch ? words.t("classes.lunch") : (bell.name ?? "")}`;
}

/** An alternate's id from its name ("2-Hour Delay" → "2-hour-delay"), unique among the others. */
export function alternateIdFor(name: string, taken: readonly string[]): string {
  const base =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 24) || "alternate";
  let id = base;
  for (let n = 2; taken.includes(id); n++) id = `${base}-${n}`;
  return id;
}

/** Whether a per-day part names any day (an empty one is as none). */
export const hasDays = <T>(byDay: Record<string, T> | undefined): byDay is Record<string, T> =>
  byDay !== undefined && Object.keys(byDay).length > 0;

/** A per-day part for exactly the rotation's days, each day not set taking `fallback`; none without a rotation. */
export function forDays<T>(days: readonly string[], byDay: Record<string, T> | null, fallback: T): Record<string, T> | undefined {
  if (days.length === 0 || byDay === null) return undefined;
  return Object.fromEntries(days.map((d) => [d, byDay[d] ?? fallback]));
}

function rotationValues(rotation: SchoolSchedule["rotation"], input: ScheduleEditorOptions["rotationInput"]): RotationValues {
  const days = rotation?.days ?? [];
  const isAB = days.length === 2 && days[0] === "A" && days[1] === "B";
  const chosenKind: RotationKind = rotation ? (isAB ? "ab" : "cycle") : "none";
  return {
    kind: input === "typed" ? "custom" : chosenKind,
    days: days.join(", "),
    cycleLength: rotation && !isAB ? days.length : 6,
    anchorDate: rotation?.anchorDate ?? "",
    anchorDay: rotation?.anchorDay ?? "",
  };
}

export function valuesFromSchedule(schedule: SchoolSchedule, options: ScheduleEditorOptions): ScheduleEditorValues {
  return {
    schoolDays: [...schedule.schoolDays],
    bellTimes: options.classes ? bellRowsFor(options.classes, schedule.bellTimes) : (schedule.bellTimes ?? []).map((b) => ({ ...b })),
    bellTimesByDay: hasDays(schedule.bellTimesByDay) ? schedule.bellTimesByDay : null,
    rotation: rotationValues(schedule.rotation ?? null, options.rotationInput),
    periodsByDay: hasDays(schedule.rotation?.periodsByDay) ? schedule.rotation.periodsByDay : null,
    alternates: (schedule.alternates ?? []).map((a) => ({
      id: a.id,
      name: a.name,
      bellTimes: a.bellTimes ?? [],
      bellTimesByDay: hasDays(a.bellTimesByDay) ? a.bellTimesByDay : null,
    })),
    daysOff: (schedule.daysOff ?? []).map((d) => ({ ...d })),
    quickFill: DEFAULT_QUICK_FILL,
  };
}

/** The bell times sent: a class's row (it has a name) is left out while unset, the student having no class there yet; a free row always goes. */
const sentBells = (rows: readonly BellRow[]): BellTime[] =>
  rows.filter((b) => b.name === undefined || b.start || b.end).map((b) => ({ period: b.period, start: b.start, end: b.end }));

/** The document sent: per-day parts for exactly the rotation's days, none without a rotation. */
export function scheduleFromValues(
  values: ScheduleEditorValues,
  options: Pick<ScheduleEditorOptions, "unsetDayMeets">,
): SchoolScheduleInput {
  const { rotation } = values;
  const days = rotationDays(rotation);
  // A day typed twice is sent as typed, for the schema to refuse; a chosen rotation's labels are its days.
  const sentDays = rotation.kind === "custom" ? typedDays(rotation.days) : days;
  const bellTimes = sentBells(values.bellTimes);
  const byDay = forDays(days, values.bellTimesByDay, bellTimes);
  const unsetDay = options.unsetDayMeets === "every-period" ? periodsOf(bellTimes, values.bellTimesByDay) : [];
  const periodsOn = forDays(days, values.periodsByDay, unsetDay);
  return {
    schoolDays: WEEKDAY_NAMES.filter((d) => values.schoolDays.includes(d)),
    bellTimes,
    ...(byDay ? { bellTimesByDay: byDay } : {}),
    rotation:
      sentDays.length === 0
        ? null
        : {
            days: sentDays,
            anchorDate: rotation.anchorDate,
            // A chosen rotation's anchor day is a select that shows its first day until one is chosen.
            anchorDay:
              rotation.kind === "custom" ? rotation.anchorDay.trim() : days.includes(rotation.anchorDay) ? rotation.anchorDay : days[0]!,
            ...(periodsOn
              ? { periodsByDay: Object.fromEntries(Object.entries(periodsOn).map(([d, list]) => [d, [...list].sort((a, b) => a - b)])) }
              : {}),
          },
    // A day off without an end ends the day it starts. (Staff's picker cannot clear a date, and
    // sets the end as the start is picked, so their end is empty only while the start is too.)
    daysOff: values.daysOff.map((d) => ({ from: d.from, to: d.to || d.from, label: d.label })),
    alternates: values.alternates.map((a) => {
      const alternateByDay = forDays(days, a.bellTimesByDay, a.bellTimes);
      return { id: a.id, name: a.name, bellTimes: a.bellTimes, ...(alternateByDay ? { bellTimesByDay: alternateByDay } : {}) };
    }),
  };
}
