import { z } from "zod";
import { isCalendarDate } from "../dates";
import { messageRef } from "../i18n/translate";

/** A focus session is at most 4 hours (issue 51): a timer left running overnight is not study. */
export const MAX_FOCUS_MINUTES = 240;
/** A session may end this far past the server's clock: a phone's clock runs a little ahead. */
export const FOCUS_CLOCK_SKEW_MS = 2 * 60 * 1000;

const INSTANT_MESSAGE = messageRef("server.focus_time_invalid");
const instant = z
  .string({ error: INSTANT_MESSAGE })
  .refine(
    (v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v) && !Number.isNaN(Date.parse(v)),
    INSTANT_MESSAGE,
  )
  .transform((v) => new Date(v).toISOString());

/** POST /api/focus-sessions: a session the focus timer ended, on a task of the student's or on none. */
export const createFocusSessionSchema = z
  .object({
    taskId: z
      .number({ error: messageRef("server.focus_task_invalid") })
      .int(messageRef("server.focus_task_invalid"))
      .positive(messageRef("server.focus_task_invalid"))
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    startedAt: instant,
    endedAt: instant,
  })
  .superRefine((s, ctx) => {
    const length = Date.parse(s.endedAt) - Date.parse(s.startedAt);
    if (length <= 0) ctx.addIssue({ code: "custom", path: ["endedAt"], message: messageRef("server.focus_end_before_start") });
    else if (length > MAX_FOCUS_MINUTES * 60_000)
      ctx.addIssue({ code: "custom", path: ["endedAt"], message: messageRef("server.focus_too_long", { max: MAX_FOCUS_MINUTES }) });
  });
export type CreateFocusSessionData = z.output<typeof createFocusSessionSchema>;

const DATE_MESSAGE = messageRef("server.focus_range_invalid");
const day = z.string({ error: DATE_MESSAGE }).refine(isCalendarDate, DATE_MESSAGE);

/** GET /api/focus-sessions?from&to: the sessions that started on those days (inclusive) in the school's time zone. */
export const focusSessionsQuerySchema = z
  .object({ from: day, to: day })
  .refine((q) => q.from <= q.to, { path: ["to"], message: DATE_MESSAGE });

export const focusSessionSchema = z.object({
  id: z.number().int(),
  taskId: z.number().int().nullable(),
  /** Instants, ISO-8601 UTC. */
  startedAt: z.string(),
  endedAt: z.string(),
  /** Whole minutes, rounded. */
  minutes: z.number().int(),
});
export type FocusSession = z.infer<typeof focusSessionSchema>;

/** At most a year of focus statistics in one answer. */
export const FOCUS_STATS_MAX_DAYS = 366;

/** GET /api/user/focus-stats: minutes per day and per subject, and how estimates compared with the time spent. */
export const focusStatsSchema = z.object({
  days: z.array(z.object({ date: z.string(), minutes: z.number().int() })),
  /** Most minutes first; null for focus on no task or a task without a subject. */
  subjects: z.array(z.object({ subject: z.string().nullable(), minutes: z.number().int() })),
  /** Over the tasks completed in the range that had an estimate and focus time. */
  estimates: z.object({ tasks: z.number().int(), estimatedMinutes: z.number().int(), spentMinutes: z.number().int() }),
});
export type FocusStats = z.infer<typeof focusStatsSchema>;
