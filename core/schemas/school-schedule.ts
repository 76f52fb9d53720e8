import { z } from "zod";
import { isCalendarDate, isWallClockTime, weekdayOfDate } from "../dates";
import { parseDayNumber, WEEKDAY_NAMES } from "../day-numbers";
import type { SchoolSchedule } from "../school-day";

/** GET/PUT /api/user/schedule (docs/product.md#school-day): one schema for the client and the server. */

export const MAX_PERIOD = 12;
export const MAX_ROTATION_DAYS = 10;
export const ROTATION_LABEL_MAX = 20;
export const MAX_DAYS_OFF = 200;
export const DAY_OFF_LABEL_MAX = 100;
/** A day-off range may span at most a year (366 days with a leap day). */
export const DAY_OFF_MAX_DAYS = 366;

const TIME = "must be a time in HH:mm format";
const DATE = "must be a real date in yyyy-MM-dd format";

const time = (label: string) => z.string({ error: `${label} ${TIME}` }).refine(isWallClockTime, `${label} ${TIME}`);
const date = (label: string) => z.string({ error: `${label} ${DATE}` }).refine(isCalendarDate, `${label} ${DATE}`);
const period = z
  .number({ error: `Period must be a whole number from 1 to ${MAX_PERIOD}` })
  .int(`Period must be a whole number from 1 to ${MAX_PERIOD}`)
  .min(1, `Period must be a whole number from 1 to ${MAX_PERIOD}`)
  .max(MAX_PERIOD, `Period must be a whole number from 1 to ${MAX_PERIOD}`);

const bellTime = z.object({ period, start: time("Start"), end: time("End") }).refine((b) => b.start < b.end, {
  message: "Start must be before end",
  path: ["end"],
});

const label = z
  .string({ error: "Each rotation day must be a name" })
  .trim()
  .min(1, "Each rotation day must be a name")
  .max(ROTATION_LABEL_MAX, `Each rotation day must be at most ${ROTATION_LABEL_MAX} characters`);

const rotation = z.object({
  days: z
    .array(label, { error: "Rotation days must be a list" })
    .min(1, "A rotation needs at least one day")
    .max(MAX_ROTATION_DAYS, `A rotation has at most ${MAX_ROTATION_DAYS} days`),
  anchorDate: date("Anchor date"),
  anchorDay: z.string({ error: "Anchor day must be one of the rotation days" }).trim(),
  periodsByDay: z.record(z.string(), z.array(period).max(MAX_PERIOD)).optional(),
});

const dayOff = z.object({
  from: date("From"),
  to: date("To"),
  label: z
    .string({ error: "Label must be text" })
    .trim()
    .min(1, "Label is required")
    .max(DAY_OFF_LABEL_MAX, `Label must be at most ${DAY_OFF_LABEL_MAX} characters`),
});

export const schoolScheduleSchema = z
  .object({
    bellTimes: z.array(bellTime, { error: "bellTimes must be a list" }).max(MAX_PERIOD).optional().default([]),
    schoolDays: z
      .array(z.enum(WEEKDAY_NAMES, { error: "Each school day must be a weekday name, like monday" }), {
        error: "schoolDays must be a list of weekday names",
      })
      .min(1, "Choose at least one school day"),
    rotation: rotation.nullish().transform((v) => v ?? null),
    daysOff: z
      .array(dayOff, { error: "daysOff must be a list" })
      .max(MAX_DAYS_OFF, `At most ${MAX_DAYS_OFF} days off`)
      .optional()
      .default([]),
  })
  .superRefine((s, ctx) => {
    // Bell times: one per period, periods not overlapping in time.
    const byPeriod = new Set<number>();
    s.bellTimes.forEach((b, i) => {
      if (byPeriod.has(b.period))
        ctx.addIssue({ code: "custom", path: ["bellTimes", i, "period"], message: "Each period has one bell time" });
      byPeriod.add(b.period);
    });
    const sorted = s.bellTimes.map((b, i) => ({ ...b, i })).sort((a, b) => a.start.localeCompare(b.start));
    for (let k = 1; k < sorted.length; k++) {
      if (sorted[k]!.start < sorted[k - 1]!.end)
        ctx.addIssue({ code: "custom", path: ["bellTimes", sorted[k]!.i, "start"], message: "Periods must not overlap" });
    }
    s.daysOff.forEach((d, i) => {
      const from = parseDayNumber(d.from);
      const to = parseDayNumber(d.to);
      if (from === null || to === null) return;
      if (to < from) ctx.addIssue({ code: "custom", path: ["daysOff", i, "to"], message: "To must be on or after from" });
      else if (to - from + 1 > DAY_OFF_MAX_DAYS)
        ctx.addIssue({ code: "custom", path: ["daysOff", i, "to"], message: "A day off spans at most a year" });
    });
    const r = s.rotation;
    if (!r) return;
    if (new Set(r.days).size !== r.days.length)
      ctx.addIssue({ code: "custom", path: ["rotation", "days"], message: "Rotation days must be unique" });
    if (!r.days.includes(r.anchorDay))
      ctx.addIssue({ code: "custom", path: ["rotation", "anchorDay"], message: "Anchor day must be one of the rotation days" });
    if (isCalendarDate(r.anchorDate)) {
      const weekday = WEEKDAY_NAMES[weekdayOfDate(r.anchorDate)]!;
      const anchor = parseDayNumber(r.anchorDate)!;
      const inDayOff = s.daysOff.some((d) => {
        const from = parseDayNumber(d.from);
        const to = parseDayNumber(d.to);
        return from !== null && to !== null && anchor >= from && anchor <= to;
      });
      if (!s.schoolDays.includes(weekday) || inDayOff)
        ctx.addIssue({ code: "custom", path: ["rotation", "anchorDate"], message: "The anchor date must be a school day" });
    }
    for (const key of Object.keys(r.periodsByDay ?? {})) {
      if (!r.days.includes(key))
        ctx.addIssue({ code: "custom", path: ["rotation", "periodsByDay", key], message: "periodsByDay keys must be rotation days" });
    }
  })
  .transform((s): SchoolSchedule => ({
    ...s,
    schoolDays: WEEKDAY_NAMES.filter((d) => s.schoolDays.includes(d)),
    bellTimes: [...s.bellTimes].sort((a, b) => a.period - b.period),
  }));
export type SchoolScheduleInput = z.input<typeof schoolScheduleSchema>;
