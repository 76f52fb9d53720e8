import { z } from "zod";
import { WEEKDAY_NAMES } from "../day-numbers";
import { isCalendarDate, isWallClockTime } from "../dates";
import { messageRef } from "../i18n/translate";
import { REMINDER_TIMINGS } from "../reminder-timings";
import { optionalText } from "./fields";

/**
 * Events (docs/product.md#event): the request schemas the event form and the server share, and
 * the event as the API answers it. Recurrence rules are docs/decisions/062, the series operations
 * docs/decisions/061.
 */

export const EVENT_TITLE_MAX = 200;
export const EVENT_DESCRIPTION_MAX = 5000;
export const EVENT_SUBJECT_MAX = 100;
export const CUSTOM_WHEN_TO_REPEAT_MAX = 50;
/** Like tasks (docs/decisions/052): years of a student's calendar, one answer of a few megabytes at worst. */
export const MAX_EVENTS_PER_USER = 1000;
export const TOO_MANY_EVENTS = messageRef("calendar.too_many_events", { max: MAX_EVENTS_PER_USER });

/** The kinds a student picks (Custom Event, Study Session, Exam, Meeting, Practice, Early Dismissal, 2-Hour Delay). */
export const EVENT_TYPES = ["custom", "study", "exam", "meeting", "practice", "early-dismissal", "delay"] as const;
export type EventType = (typeof EVENT_TYPES)[number];
/** The type of a row that only removes one occurrence of a series. */
export const EXCEPTION_EVENT_TYPE = "exception";

export const RECURRING_KINDS = [
  "none",
  "daily",
  "weekly",
  "biweekly",
  "monthly",
  "first-monthly",
  "second-monthly",
  "third-monthly",
  "fourth-monthly",
  "last-monthly",
  "yearly",
] as const;
export type RecurringKind = (typeof RECURRING_KINDS)[number];

/** Kinds whose customDays are weekday names. */
export const WEEKDAY_KINDS: readonly RecurringKind[] = [
  "daily",
  "weekly",
  "biweekly",
  "first-monthly",
  "second-monthly",
  "third-monthly",
  "fourth-monthly",
  "last-monthly",
];

// Messages are references (decision 108): worded in the reader's language by the form kit and the server.
export const TITLE_REQUIRED = messageRef("calendar.title_required");
export const DATE_REQUIRED = messageRef("calendar.date_required");
export const WEEKLY_NEEDS_DAYS = messageRef("calendar.weekly_needs_days");
export const MONTHLY_NEEDS_OPTION = messageRef("calendar.monthly_needs_option");
export const MONTHLY_NEEDS_DAYS = messageRef("calendar.monthly_needs_days");
export const END_BEFORE_START = messageRef("calendar.end_before_start");
export const REMINDER_TIMING_MESSAGE = messageRef("calendar.reminder_timing_invalid", { timings: REMINDER_TIMINGS.join(", ") });
export const REMINDER_NEEDS_TIMING = messageRef("calendar.reminder_needs_timing");
export const REMINDER_OFF_HAS_TIMING = messageRef("calendar.reminder_off_has_timing");

/** The fields the school's events share with a student's (core/schemas/school.ts). */
export const title = z
  .string({ error: TITLE_REQUIRED })
  .trim()
  .min(1, TITLE_REQUIRED)
  .max(EVENT_TITLE_MAX, messageRef("calendar.title_too_long", { max: EVENT_TITLE_MAX }));

const DATE_INVALID = messageRef("calendar.date_invalid");
export const date = z
  .string({ error: DATE_REQUIRED })
  .min(1, DATE_REQUIRED)
  .refine((v) => isCalendarDate(v), DATE_INVALID);

const END_DATE_INVALID = messageRef("calendar.end_date_invalid");
export const optionalEndDate = () =>
  z
    .string({ error: END_DATE_INVALID })
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isCalendarDate(v), END_DATE_INVALID);

const TIME_MESSAGE = messageRef("calendar.time_invalid");
export const time = z
  .string({ error: TIME_MESSAGE })
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || isWallClockTime(v), TIME_MESSAGE);

export const eventType = z.enum(EVENT_TYPES, { error: messageRef("calendar.event_type_invalid", { types: EVENT_TYPES.join(", ") }) });
const recurring = z
  .union([z.enum(RECURRING_KINDS), z.literal("")], {
    error: messageRef("calendar.recurring_invalid", { kinds: RECURRING_KINDS.join(", ") }),
  })
  .nullish()
  // "Sent as none when empty" (docs/product.md#event).
  .transform((v): RecurringKind => (v ? v : "none"));

const customDays = z
  .array(
    z
      .string({ error: messageRef("calendar.day_not_text") })
      .trim()
      .toLowerCase()
      .max(20, messageRef("calendar.day_too_long")),
    {
      error: messageRef("calendar.days_not_list"),
    },
  )
  .max(31, messageRef("calendar.days_too_many"))
  .nullish()
  .transform((v) => v ?? []);

// The reminder (docs/product.md#reminders): a timing, or null with notificationEnabled false.
const notificationEnabled = z.boolean({ error: messageRef("calendar.notification_enabled_invalid") }).nullish();
const notificationTiming = z
  .enum(REMINDER_TIMINGS, { error: REMINDER_TIMING_MESSAGE })
  .nullish()
  .transform((v) => v ?? null);

/** An exam's revision time, in minutes (issue 51): up to 20 hours over the days before it. */
export const PREP_MINUTES = { min: 0, max: 1200 } as const;
const PREP_MESSAGE = messageRef("calendar.prep_minutes_invalid", PREP_MINUTES);
export const END_TIME_NEEDS_TIME = messageRef("calendar.end_time_needs_time");
export const END_TIME_BEFORE_TIME = messageRef("calendar.end_time_before_time");
export const PREP_ONLY_FOR_EXAMS = messageRef("calendar.prep_only_for_exams");

// Left out of a request, endTime and prepMinutes keep what the event has (an app that does not
// know them yet must not clear them); null clears them.
const endTime = z
  .union([z.literal("").transform(() => null), z.string().refine((v) => isWallClockTime(v), TIME_MESSAGE)], { error: TIME_MESSAGE })
  .nullable()
  .optional();
const prepMinutes = z
  .number({ error: PREP_MESSAGE })
  .int(PREP_MESSAGE)
  .min(PREP_MINUTES.min, PREP_MESSAGE)
  .max(PREP_MINUTES.max, PREP_MESSAGE)
  .nullish();

const DAY_NUMBER = /^(?:[1-9]|[12]\d|3[01])$/;
const WEEKDAY_SET = new Set<string>(WEEKDAY_NAMES);

/** The event's own fields, before the checks that look at several of them. */
const eventFields = z.object({
  title,
  description: optionalText(
    EVENT_DESCRIPTION_MAX,
    messageRef("calendar.description_too_long", { max: EVENT_DESCRIPTION_MAX }),
    messageRef("calendar.description_not_text"),
  ),
  subject: optionalText(
    EVENT_SUBJECT_MAX,
    messageRef("calendar.subject_too_long", { max: EVENT_SUBJECT_MAX }),
    messageRef("calendar.subject_not_text"),
  ),
  date,
  time,
  eventType: eventType.nullish().transform((v) => v ?? "custom"),
  recurring,
  customWhenToRepeat: optionalText(
    CUSTOM_WHEN_TO_REPEAT_MAX,
    messageRef("calendar.repeat_option_too_long", { max: CUSTOM_WHEN_TO_REPEAT_MAX }),
    messageRef("calendar.repeat_option_not_text"),
  ),
  customDays,
  customEndDate: optionalEndDate(),
  isCompleted: z
    .boolean({ error: messageRef("calendar.completed_invalid") })
    .nullish()
    .transform((v) => v ?? false),
  notificationEnabled,
  notificationTiming,
  /** HH:mm, after `time`; only with a time (issue 51). */
  endTime,
  /** For an exam: the revision time the student wants before it (issue 51). */
  prepMinutes,
});
type EventFields = z.output<typeof eventFields>;

/**
 * The checks across fields, and customDays put in their canonical form: weekday names in week order,
 * day numbers ascending, no repeats; none for a kind that takes no days (a one-off or yearly event).
 */
function checkAndNormalize<T extends EventFields>(value: T, ctx: z.RefinementCtx): T & { notificationEnabled: boolean } {
  const kind = value.recurring;
  let days: string[] = [];
  if (WEEKDAY_KINDS.includes(kind)) {
    const unknown = value.customDays.find((d) => !WEEKDAY_SET.has(d));
    if (unknown !== undefined) ctx.addIssue({ code: "custom", path: ["customDays"], message: messageRef("calendar.days_not_weekdays") });
    days = WEEKDAY_NAMES.filter((d) => value.customDays.includes(d));
    if (kind === "weekly" && days.length === 0 && unknown === undefined) {
      ctx.addIssue({ code: "custom", path: ["customDays"], message: WEEKLY_NEEDS_DAYS });
    }
  } else if (kind === "monthly") {
    const unknown = value.customDays.find((d) => !DAY_NUMBER.test(d));
    if (unknown !== undefined) ctx.addIssue({ code: "custom", path: ["customDays"], message: messageRef("calendar.days_not_day_numbers") });
    days = [...new Set(value.customDays.filter((d) => DAY_NUMBER.test(d)).map(Number))].sort((a, b) => a - b).map(String);
    if (days.length === 0 && !value.customWhenToRepeat && unknown === undefined) {
      ctx.addIssue({ code: "custom", path: ["customWhenToRepeat"], message: MONTHLY_NEEDS_OPTION });
      ctx.addIssue({ code: "custom", path: ["customDays"], message: MONTHLY_NEEDS_DAYS });
    }
  }
  if (value.customEndDate !== null && isCalendarDate(value.date) && value.customEndDate < value.date) {
    ctx.addIssue({ code: "custom", path: ["customEndDate"], message: END_BEFORE_START });
  }
  if (value.endTime != null) {
    if (value.time === null) ctx.addIssue({ code: "custom", path: ["endTime"], message: END_TIME_NEEDS_TIME });
    else if (value.endTime <= value.time) ctx.addIssue({ code: "custom", path: ["endTime"], message: END_TIME_BEFORE_TIME });
  }
  if (value.prepMinutes != null && value.eventType !== "exam")
    ctx.addIssue({ code: "custom", path: ["prepMinutes"], message: PREP_ONLY_FOR_EXAMS });
  // notificationEnabled may be left out: a timing then means on.
  const notificationEnabled = value.notificationEnabled ?? value.notificationTiming !== null;
  if (notificationEnabled && value.notificationTiming === null)
    ctx.addIssue({ code: "custom", path: ["notificationTiming"], message: REMINDER_NEEDS_TIMING });
  if (!notificationEnabled && value.notificationTiming !== null)
    ctx.addIssue({ code: "custom", path: ["notificationTiming"], message: REMINDER_OFF_HAS_TIMING });
  return { ...value, notificationEnabled, customDays: days, ...(kind === "none" ? { customEndDate: null } : {}) };
}

const PARENT_INVALID = messageRef("calendar.parent_invalid");

/** POST /api/events (parentEventId optional) and the body of a PUT. Unknown fields are stripped. */
export const createEventSchema = eventFields
  .extend({
    parentEventId: z
      .number({ error: PARENT_INVALID })
      .int(PARENT_INVALID)
      .positive(PARENT_INVALID)
      .max(2 ** 31 - 1, PARENT_INVALID)
      .nullish()
      .transform((v) => v ?? null),
  })
  .transform(checkAndNormalize);
export type CreateEventInput = z.input<typeof createEventSchema>;
export type CreateEventData = z.output<typeof createEventSchema>;

/** PUT /api/events/{id} and the scope-encoded PUTs: the same fields as create, without parentEventId. */
export const updateEventSchema = eventFields.transform(checkAndNormalize);
export type UpdateEventData = z.output<typeof updateEventSchema>;

/** PATCH /api/events/{id}: only the end of a series. */
export const patchEventSchema = z.object({ customEndDate: optionalEndDate() });

const EXCEPTION_DATE_INVALID = messageRef("calendar.exception_date_invalid");

/** POST /api/events/{id}/exception. */
export const exceptionSchema = z.object({
  exceptionDate: z.string({ error: EXCEPTION_DATE_INVALID }).refine((v) => isCalendarDate(v), EXCEPTION_DATE_INVALID),
});

/** An event as the API answers it: a plain event, a series, a child of a series, or an exception row. */
export const eventSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  subject: z.string().nullable(),
  /** yyyy-MM-dd: the first date of a series. */
  date: z.string(),
  /** HH:mm in the school's zone, or null for all day. */
  time: z.string().nullable(),
  /** One of EVENT_TYPES, or "exception" for a row that removes one occurrence. */
  eventType: z.string(),
  recurring: z.enum(RECURRING_KINDS),
  customWhenToRepeat: z.string().nullable(),
  customDays: z.array(z.string()),
  /** The last date a series may occur on (inclusive). */
  customEndDate: z.string().nullable(),
  isCompleted: z.boolean(),
  /** An instant, ISO-8601 UTC. */
  createdAt: z.string(),
  notificationEnabled: z.boolean(),
  /** One of REMINDER_TIMINGS when notificationEnabled, else null. */
  notificationTiming: z.string().nullable(),
  /** The series this row belongs to: an exception, a changed occurrence, or a series split off it. */
  parentEventId: z.number().int().nullable(),
  isException: z.boolean(),
  /** On an exception row: the occurrence date it removes. */
  exceptionDate: z.string().nullable(),
  /** On a changed occurrence (a child made by "This event only"): the date of the occurrence it replaces. */
  originalDate: z.string().nullable(),
  /** HH:mm when the event ends, or null (an event with a time then counts as an hour for the study plan). */
  endTime: z.string().nullable(),
  /** An exam's revision time in minutes, or null. */
  prepMinutes: z.number().int().nullable(),
});
export type CalendarEvent = z.infer<typeof eventSchema>;
