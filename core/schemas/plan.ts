import { z } from "zod";
import { isCalendarDate } from "../dates";
import { messageRef } from "../i18n/translate";

/** The plan answers at most two weeks at a time (issue 51). */
export const MAX_PLAN_DAYS = 14;
export const DEFAULT_PLAN_DAYS = 7;

const FROM_MESSAGE = messageRef("server.plan_from_invalid");
const DAYS_MESSAGE = messageRef("server.plan_days_invalid", { max: MAX_PLAN_DAYS });

/** GET /api/user/plan?from=YYYY-MM-DD&days=N: from defaults to today, days to 7. */
export const planQuerySchema = z.object({
  from: z.string({ error: FROM_MESSAGE }).refine(isCalendarDate, FROM_MESSAGE).optional(),
  days: z.coerce
    .number({ error: DAYS_MESSAGE })
    .int(DAYS_MESSAGE)
    .min(1, DAYS_MESSAGE)
    .max(MAX_PLAN_DAYS, DAYS_MESSAGE)
    .optional()
    .default(DEFAULT_PLAN_DAYS),
});

const block = z.object({
  kind: z.enum(["task", "exam-prep"]),
  taskId: z.number().int().nullable(),
  eventId: z.number().int().nullable(),
  title: z.string(),
  subject: z.string().nullable(),
  /** HH:mm on the day's date. */
  start: z.string(),
  end: z.string(),
  /** The task has no estimate: the block is its default 30 minutes' share. */
  defaultEstimate: z.boolean(),
});

/** The plan as GET /api/user/plan answers it (core/study-plan.ts works it out, decision 129). */
export const planSchema = z.object({
  days: z.array(
    z.object({
      date: z.string(),
      availableMinutes: z.number().int(),
      plannedMinutes: z.number().int(),
      blocks: z.array(block),
    }),
  ),
  unplaced: z.array(
    z.object({
      taskId: z.number().int().nullable(),
      eventId: z.number().int().nullable(),
      title: z.string(),
      dueDate: z.string(),
      dueTime: z.string().nullable(),
      minutesShort: z.number().int(),
    }),
  ),
});
export type Plan = z.infer<typeof planSchema>;
export type PlanBlock = Plan["days"][number]["blocks"][number];
