import { z } from "zod";
import { parseDayNumber } from "../day-numbers";
import { isCalendarDate } from "../dates";
import { messageRef } from "../i18n/translate";
import { date, EVENT_DESCRIPTION_MAX, eventType, optionalEndDate, time, title } from "./event";
import { optionalText } from "./fields";
import { alternateId } from "./school-schedule";

/**
 * The school's own day (docs/product.md#school-day, decision 112): the events staff publish for
 * everyone, and the agenda a student's clients read. The school's schedule itself has the shape of
 * a student's (core/schemas/school-schedule.ts).
 */

/** How many events the school keeps: years of a school's calendar, one answer of about a megabyte at worst. */
export const MAX_SCHOOL_EVENTS = 2000;
/** How many days one school event may cover: a range read looks this far back for events still running. */
export const SCHOOL_EVENT_MAX_DAYS = 31;
/** GET /api/school/events covers at most this many days (a school year and a bit). */
export const SCHOOL_EVENTS_MAX_RANGE_DAYS = 400;
/** GET /api/user/agenda covers at most this many days, both ends included (two months). */
export const AGENDA_MAX_RANGE_DAYS = 62;

export const SCHOOL_EVENT_TOO_LONG = messageRef("admin.school_event_too_long", { max: SCHOOL_EVENT_MAX_DAYS });
const END_BEFORE_START = messageRef("calendar.end_before_start");
const NOTIFY_INVALID = messageRef("admin.school_event_notify_invalid");

/** POST /api/admin/school/events and the body of a PUT: title, date and eventType required. Unknown fields are stripped. */
export const schoolEventInputSchema = z
  .object({
    title,
    description: optionalText(
      EVENT_DESCRIPTION_MAX,
      messageRef("calendar.description_too_long", { max: EVENT_DESCRIPTION_MAX }),
      messageRef("calendar.description_not_text"),
    ),
    date,
    endDate: optionalEndDate(),
    time,
    eventType,
    alternateId: alternateId.nullish().transform((v) => v ?? null),
    /** Send it as an announcement when saved (the announcements' slice sends it; decision 112). */
    notify: z
      .boolean({ error: NOTIFY_INVALID })
      .nullish()
      .transform((v) => v ?? false),
  })
  .superRefine((e, ctx) => {
    const start = parseDayNumber(e.date);
    const end = parseDayNumber(e.endDate);
    if (start === null || end === null) return;
    const days = end - start;
    if (days < 0) ctx.addIssue({ code: "custom", path: ["endDate"], message: END_BEFORE_START });
    else if (days + 1 > SCHOOL_EVENT_MAX_DAYS) ctx.addIssue({ code: "custom", path: ["endDate"], message: SCHOOL_EVENT_TOO_LONG });
  })
  // A one-day event's end is its date: stored as none, so one event reads back one way.
  .transform((e) => ({ ...e, endDate: e.endDate === e.date ? null : e.endDate }));
export type SchoolEventInput = z.input<typeof schoolEventInputSchema>;
export type SchoolEventData = z.output<typeof schoolEventInputSchema>;

/** A school event as the API answers it; `notify` only in the answer to the write that asked for it. */
export const schoolEventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  /** yyyy-MM-dd */
  date: z.string(),
  /** yyyy-MM-dd of a multi-day event's last day, else null. */
  endDate: z.string().nullable(),
  /** HH:mm in the school's zone, or null for all day. */
  time: z.string().nullable(),
  /** One of EVENT_TYPES. */
  eventType: z.string(),
  /** The alternate bell schedule the event's dates follow, or null. */
  alternateId: z.string().nullable(),
  notify: z.boolean().optional(),
});
export type SchoolEvent = z.infer<typeof schoolEventSchema>;

const RANGE_INVALID = messageRef("server.date_range_invalid");

/**
 * `?from=yyyy-MM-dd&to=yyyy-MM-dd`, both ends included, `to` on or after `from`, at most `maxDays`
 * days in all. Anything else is a 400 whose code says which.
 */
export function dateRangeQuerySchema(maxDays: number) {
  const day = z.string({ error: RANGE_INVALID }).refine(isCalendarDate, RANGE_INVALID);
  return z.object({ from: day, to: day }).superRefine((q, ctx) => {
    const from = parseDayNumber(q.from);
    const to = parseDayNumber(q.to);
    if (from === null || to === null) return;
    if (to < from) ctx.addIssue({ code: "custom", path: ["to"], message: RANGE_INVALID });
    else if (to - from + 1 > maxDays)
      ctx.addIssue({ code: "custom", path: ["to"], message: messageRef("server.date_range_too_long", { max: maxDays }) });
  });
}

/** One date of GET /api/user/agenda: what Home, the calendar and the offline worker show without re-deriving it. */
export const agendaDaySchema = z.object({
  /** yyyy-MM-dd */
  date: z.string(),
  /** False on a weekend, a day off, any day the schedule's school days leave out. */
  schoolDay: z.boolean(),
  /** The day off's label ("Winter break"), else null. */
  offLabel: z.string().nullable(),
  /** The rotation day's label as stored ("A", "Day 3"), null without a rotation or on a day off. */
  rotationDay: z.string().nullable(),
  /** The alternate bell schedule the date follows (a school event's), else null: the usual one. */
  bellSchedule: z.object({ id: z.string(), name: z.string() }).nullable(),
  classes: z.array(z.object({ period: z.number().int(), name: z.string(), start: z.string().nullable(), end: z.string().nullable() })),
  schoolEvents: z.array(z.object({ id: z.number().int(), title: z.string(), time: z.string().nullable(), eventType: z.string() })),
});
export type AgendaDay = z.infer<typeof agendaDaySchema>;
