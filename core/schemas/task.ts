import { z } from "zod";
import { isCalendarDate, isWallClockTime } from "../dates";
import { messageRef } from "../i18n/translate";
import { REMINDER_TIMINGS } from "../reminder-timings";
import { optionalText } from "./fields";

export const TASK_TITLE_MAX = 200;
export const TASK_DESCRIPTION_MAX = 5000;
export const TASK_SUBJECT_MAX = 100;
/**
 * How many tasks one student may keep (docs/decisions/052): years of assignments, while the list
 * the Tasks tab loads in one answer stays a few megabytes at worst.
 */
export const MAX_TASKS_PER_USER = 500;
export const TOO_MANY_TASKS = messageRef("tasks.too_many", { max: MAX_TASKS_PER_USER });

export const PRIORITIES = ["low", "medium", "high"] as const;
export type Priority = (typeof PRIORITIES)[number];

const TITLE_REQUIRED = messageRef("tasks.title_required");
const title = z
  .string({ error: TITLE_REQUIRED })
  .trim()
  .min(1, TITLE_REQUIRED)
  .max(TASK_TITLE_MAX, messageRef("tasks.title_too_long", { max: TASK_TITLE_MAX }));

const description = optionalText(
  TASK_DESCRIPTION_MAX,
  messageRef("tasks.description_too_long", { max: TASK_DESCRIPTION_MAX }),
  messageRef("tasks.description_not_text"),
);
const subject = optionalText(
  TASK_SUBJECT_MAX,
  messageRef("tasks.subject_too_long", { max: TASK_SUBJECT_MAX }),
  messageRef("tasks.subject_not_text"),
);

const DUE_DATE_MESSAGE = messageRef("tasks.due_date_invalid");
const dueDate = z
  .string({ error: DUE_DATE_MESSAGE })
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || isCalendarDate(v), DUE_DATE_MESSAGE);

const DUE_TIME_MESSAGE = messageRef("tasks.due_time_invalid");
const dueTime = z
  .string({ error: DUE_TIME_MESSAGE })
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || isWallClockTime(v), DUE_TIME_MESSAGE);

const priority = z.enum(PRIORITIES, { error: messageRef("tasks.priority_invalid") });

// Tasks do not repeat: the field exists in the data only with "none" (stored as null), so a
// value that would promise a repetition nothing performs is refused rather than kept.
const RECURRING_MESSAGE = messageRef("tasks.recurring_invalid");
const recurring = z
  .union([z.literal("none"), z.literal("")], { error: RECURRING_MESSAGE })
  .nullish()
  .transform(() => null);

const completed = z.boolean({ error: messageRef("tasks.completed_invalid") });

export const REMINDER_MESSAGE = messageRef("tasks.reminder_invalid", { timings: REMINDER_TIMINGS.join(", ") });
export const REMINDER_NEEDS_DUE_DATE = messageRef("tasks.reminder_needs_due_date");
const reminder = z.enum(REMINDER_TIMINGS, { error: REMINDER_MESSAGE }).nullable();

export const ESTIMATE_MINUTES = { min: 5, max: 600 } as const;
const ESTIMATE_MESSAGE = messageRef("tasks.estimate_invalid", ESTIMATE_MINUTES);
/** Whole minutes the student expects the task to take (issue 51), or null for none. */
export const estimateMinutes = z
  .number({ error: ESTIMATE_MESSAGE })
  .int(ESTIMATE_MESSAGE)
  .min(ESTIMATE_MINUTES.min, ESTIMATE_MESSAGE)
  .max(ESTIMATE_MINUTES.max, ESTIMATE_MESSAGE)
  .nullable();

/** POST /api/tasks. Unknown fields are stripped, never stored. */
export const createTaskSchema = z
  .object({
    title,
    description,
    subject,
    dueDate,
    dueTime,
    priority: priority.default("medium"),
    recurring,
    completed: completed.default(false),
    reminder: reminder.optional().transform((v) => v ?? null),
    estimateMinutes: estimateMinutes.optional().transform((v) => v ?? null),
  })
  .superRefine((task, ctx) => {
    if (task.reminder !== null && task.dueDate === null)
      ctx.addIssue({ code: "custom", path: ["reminder"], message: REMINDER_NEEDS_DUE_DATE });
  });
export type CreateTaskInput = z.input<typeof createTaskSchema>;
export type CreateTaskData = z.output<typeof createTaskSchema>;

/**
 * PUT /api/tasks/{id}: a full edit or a partial one such as `{ completed }`.
 * Only the fields present change; nothing takes a default here.
 */
export const updateTaskSchema = z
  .object({
    title: title.optional(),
    description: description.optional(),
    subject: subject.optional(),
    dueDate: dueDate.optional(),
    dueTime: dueTime.optional(),
    priority: priority.optional(),
    recurring: recurring.optional(),
    completed: completed.optional(),
    reminder: reminder.optional(),
    estimateMinutes: estimateMinutes.optional(),
  })
  .transform((v) => Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)) as Partial<CreateTaskData>);
export type UpdateTaskInput = z.input<typeof updateTaskSchema>;

/**
 * A task as the API returns it (docs/product.md#task). The server derives its response serializer from this
 * schema, so the type, the JSON and the client's reading of it cannot drift apart.
 */
export const taskSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  subject: z.string().nullable(),
  dueDate: z.string().nullable(),
  dueTime: z.string().nullable(),
  priority: z.enum(PRIORITIES),
  recurring: z.string().nullable(),
  completed: z.boolean(),
  /** One of REMINDER_TIMINGS, or null: when before its due time the task is reminded (docs/product.md#reminders). */
  reminder: z.enum(REMINDER_TIMINGS).nullable(),
  /** Whole minutes the student expects it to take, or null (the study plan counts 30). */
  estimateMinutes: z.number().int().nullable(),
  /** Read-only: the minutes of its focus sessions (POST /api/focus-sessions). */
  spentMinutes: z.number().int(),
  /** An instant, ISO-8601 UTC. */
  createdAt: z.string(),
});
export type Task = z.infer<typeof taskSchema>;
