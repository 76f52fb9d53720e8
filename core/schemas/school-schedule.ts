import { z } from "zod";
import { isCalendarDate, isWallClockTime, weekdayOfDate } from "../dates";
import { parseDayNumber, WEEKDAY_NAMES } from "../day-numbers";
import { messageRef } from "../i18n/translate";
import type { SchoolSchedule } from "../school-day";

/** GET/PUT /api/user/schedule (docs/product.md#school-day): one schema for the client and the server. */

export const MAX_PERIOD = 12;
export const MAX_ALTERNATES = 10;
export const ALTERNATE_NAME_MAX = 50;
export const MAX_ROTATION_DAYS = 10;
export const ROTATION_LABEL_MAX = 20;
export const MAX_DAYS_OFF = 200;
export const DAY_OFF_LABEL_MAX = 100;
/** A day-off range may span at most a year (366 days with a leap day). */
export const DAY_OFF_MAX_DAYS = 366;

// Message references (decision 108): worded by the form kit and by the server's error answer.
const time = (message: string) => z.string({ error: message }).refine(isWallClockTime, message);
const date = (message: string) => z.string({ error: message }).refine(isCalendarDate, message);
const PERIOD_INVALID = messageRef("classes.period_invalid", { max: MAX_PERIOD });
const period = z.number({ error: PERIOD_INVALID }).int(PERIOD_INVALID).min(1, PERIOD_INVALID).max(MAX_PERIOD, PERIOD_INVALID);

const bellTime = z
  .object({ period, start: time(messageRef("classes.start_time_invalid")), end: time(messageRef("classes.end_time_invalid")) })
  .refine((b) => b.start < b.end, {
    message: messageRef("classes.start_before_end"),
    path: ["end"],
  });

const ROTATION_DAY_NOT_TEXT = messageRef("classes.rotation_day_not_text");
const label = z
  .string({ error: ROTATION_DAY_NOT_TEXT })
  .trim()
  .min(1, ROTATION_DAY_NOT_TEXT)
  .max(ROTATION_LABEL_MAX, messageRef("classes.rotation_day_too_long", { max: ROTATION_LABEL_MAX }));

const rotation = z.object({
  days: z
    .array(label, { error: messageRef("classes.rotation_days_not_list") })
    .min(1, messageRef("classes.rotation_needs_day"))
    .max(MAX_ROTATION_DAYS, messageRef("classes.rotation_too_many_days", { max: MAX_ROTATION_DAYS })),
  anchorDate: date(messageRef("classes.anchor_date_invalid")),
  anchorDay: z.string({ error: messageRef("classes.anchor_day_invalid") }).trim(),
  periodsByDay: z.record(z.string(), z.array(period).max(MAX_PERIOD)).optional(),
});

const bellTimes = z
  .array(bellTime, { error: messageRef("classes.bell_times_not_list") })
  .max(MAX_PERIOD)
  .optional()
  .default([]);
const bellTimesByDay = z.record(z.string(), bellTimes.unwrap().unwrap()).optional();

const ALTERNATE_ID_INVALID = messageRef("classes.alternate_id_invalid");
/** An alternate bell schedule's id, as a school event names it too (core/schemas/school.ts). */
export const alternateId = z.string({ error: ALTERNATE_ID_INVALID }).regex(/^[a-z0-9-]{1,30}$/, ALTERNATE_ID_INVALID);
const alternate = z.object({
  id: alternateId,
  name: z
    .string({ error: messageRef("classes.alternate_name_required") })
    .trim()
    .min(1, messageRef("classes.alternate_name_required"))
    .max(ALTERNATE_NAME_MAX, messageRef("classes.alternate_name_too_long", { max: ALTERNATE_NAME_MAX })),
  bellTimes,
  bellTimesByDay,
});

/** One bell time per period, and no two periods overlapping in time. */
function checkBellTimes(list: readonly { period: number; start: string; end: string }[], path: (string | number)[], ctx: z.RefinementCtx) {
  const byPeriod = new Set<number>();
  list.forEach((b, i) => {
    if (byPeriod.has(b.period))
      ctx.addIssue({ code: "custom", path: [...path, i, "period"], message: messageRef("classes.period_one_bell_time") });
    byPeriod.add(b.period);
  });
  const sorted = list.map((b, i) => ({ ...b, i })).sort((a, b) => a.start.localeCompare(b.start));
  for (let k = 1; k < sorted.length; k++) {
    if (sorted[k]!.start < sorted[k - 1]!.end)
      ctx.addIssue({ code: "custom", path: [...path, sorted[k]!.i, "start"], message: messageRef("classes.periods_overlap") });
  }
}

/** `bellTimesByDay`'s keys are rotation days, and each day's times are bell times. */
function checkBellTimesByDay(
  byDay: Record<string, readonly { period: number; start: string; end: string }[]> | undefined,
  rotationDays: readonly string[],
  path: (string | number)[],
  ctx: z.RefinementCtx,
) {
  for (const [key, list] of Object.entries(byDay ?? {})) {
    if (!rotationDays.includes(key))
      ctx.addIssue({ code: "custom", path: [...path, key], message: messageRef("classes.bell_times_by_day_keys") });
    checkBellTimes(list, [...path, key], ctx);
  }
}

const byPeriod = <T extends { period: number }>(list: readonly T[]) => [...list].sort((a, b) => a.period - b.period);
const sortedByDay = <T extends { period: number }>(byDay: Record<string, T[]> | undefined) =>
  byDay && Object.keys(byDay).length > 0
    ? Object.fromEntries(Object.entries(byDay).map(([key, list]) => [key, byPeriod(list)]))
    : undefined;

const dayOff = z.object({
  from: date(messageRef("classes.from_date_invalid")),
  to: date(messageRef("classes.to_date_invalid")),
  label: z
    .string({ error: messageRef("classes.day_off_label_not_text") })
    .trim()
    .min(1, messageRef("classes.day_off_label_required"))
    .max(DAY_OFF_LABEL_MAX, messageRef("classes.day_off_label_too_long", { max: DAY_OFF_LABEL_MAX })),
});

export const schoolScheduleSchema = z
  .object({
    bellTimes,
    bellTimesByDay,
    schoolDays: z
      .array(z.enum(WEEKDAY_NAMES, { error: messageRef("classes.school_day_invalid") }), {
        error: messageRef("classes.school_days_not_list"),
      })
      .min(1, messageRef("classes.school_days_required")),
    rotation: rotation.nullish().transform((v) => v ?? null),
    daysOff: z
      .array(dayOff, { error: messageRef("classes.days_off_not_list") })
      .max(MAX_DAYS_OFF, messageRef("classes.too_many_days_off", { max: MAX_DAYS_OFF }))
      .optional()
      .default([]),
    alternates: z
      .array(alternate, { error: messageRef("classes.alternates_not_list") })
      .max(MAX_ALTERNATES, messageRef("classes.too_many_alternates", { max: MAX_ALTERNATES }))
      .optional()
      .default([]),
  })
  .superRefine((s, ctx) => {
    const rotationDays = s.rotation?.days ?? [];
    checkBellTimes(s.bellTimes, ["bellTimes"], ctx);
    checkBellTimesByDay(s.bellTimesByDay, rotationDays, ["bellTimesByDay"], ctx);
    const ids = new Set<string>();
    s.alternates.forEach((a, i) => {
      if (ids.has(a.id))
        ctx.addIssue({ code: "custom", path: ["alternates", i, "id"], message: messageRef("classes.alternate_id_unique") });
      ids.add(a.id);
      checkBellTimes(a.bellTimes, ["alternates", i, "bellTimes"], ctx);
      checkBellTimesByDay(a.bellTimesByDay, rotationDays, ["alternates", i, "bellTimesByDay"], ctx);
    });
    s.daysOff.forEach((d, i) => {
      const from = parseDayNumber(d.from);
      const to = parseDayNumber(d.to);
      if (from === null || to === null) return;
      if (to < from) ctx.addIssue({ code: "custom", path: ["daysOff", i, "to"], message: messageRef("classes.day_off_to_before_from") });
      else if (to - from + 1 > DAY_OFF_MAX_DAYS)
        ctx.addIssue({ code: "custom", path: ["daysOff", i, "to"], message: messageRef("classes.day_off_too_long") });
    });
    const r = s.rotation;
    if (!r) return;
    if (new Set(r.days).size !== r.days.length)
      ctx.addIssue({ code: "custom", path: ["rotation", "days"], message: messageRef("classes.rotation_days_unique") });
    if (!r.days.includes(r.anchorDay))
      ctx.addIssue({ code: "custom", path: ["rotation", "anchorDay"], message: messageRef("classes.anchor_day_invalid") });
    if (isCalendarDate(r.anchorDate)) {
      const weekday = WEEKDAY_NAMES[weekdayOfDate(r.anchorDate)]!;
      const anchor = parseDayNumber(r.anchorDate)!;
      const inDayOff = s.daysOff.some((d) => {
        const from = parseDayNumber(d.from);
        const to = parseDayNumber(d.to);
        return from !== null && to !== null && anchor >= from && anchor <= to;
      });
      if (!s.schoolDays.includes(weekday) || inDayOff)
        ctx.addIssue({ code: "custom", path: ["rotation", "anchorDate"], message: messageRef("classes.anchor_date_not_school_day") });
    }
    for (const key of Object.keys(r.periodsByDay ?? {})) {
      if (!r.days.includes(key))
        ctx.addIssue({ code: "custom", path: ["rotation", "periodsByDay", key], message: messageRef("classes.periods_by_day_keys") });
    }
  })
  .transform((s): SchoolSchedule => {
    const { bellTimesByDay: byDay, alternates: alternateList, ...rest } = s;
    const days = sortedByDay(byDay);
    // Absent parts stay absent: a schedule saved before they existed reads back the same.
    return {
      ...rest,
      schoolDays: WEEKDAY_NAMES.filter((d) => s.schoolDays.includes(d)),
      bellTimes: byPeriod(s.bellTimes),
      ...(days ? { bellTimesByDay: days } : {}),
      ...(alternateList.length > 0
        ? {
            alternates: alternateList.map(({ bellTimesByDay: alternateDays, ...a }) => {
              const sorted = sortedByDay(alternateDays);
              return { ...a, bellTimes: byPeriod(a.bellTimes), ...(sorted ? { bellTimesByDay: sorted } : {}) };
            }),
          }
        : {}),
    };
  });
export type SchoolScheduleInput = z.input<typeof schoolScheduleSchema>;
