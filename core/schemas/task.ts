import { z } from "zod";
import { isCalendarDate, isWallClockTime } from "../dates";
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
export const TOO_MANY_TASKS = `You can keep at most ${MAX_TASKS_PER_USER} tasks. Delete some completed tasks to add more.`;

export const PRIORITIES = ["low", "medium", "high"] as const;
export type Priority = (typeof PRIORITIES)[number];

const title = z
  .string({ error: "Title is required" })
  .trim()
  .min(1, "Title is required")
  .max(TASK_TITLE_MAX, `Title must be at most ${TASK_TITLE_MAX} characters`);

const description = optionalText(
  TASK_DESCRIPTION_MAX,
  `Description must be at most ${TASK_DESCRIPTION_MAX} characters`,
  "Description must be text",
);
const subject = optionalText(TASK_SUBJECT_MAX, `Subject must be at most ${TASK_SUBJECT_MAX} characters`, "Subject must be text");

const DUE_DATE_MESSAGE = "Due date must be a real date in yyyy-MM-dd format";
const dueDate = z
  .string({ error: DUE_DATE_MESSAGE })
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || isCalendarDate(v), DUE_DATE_MESSAGE);

const DUE_TIME_MESSAGE = "Due time must be a time in HH:mm format";
const dueTime = z
  .string({ error: DUE_TIME_MESSAGE })
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || isWallClockTime(v), DUE_TIME_MESSAGE);

const priority = z.enum(PRIORITIES, { error: "Priority must be low, medium or high" });

// Tasks do not repeat: the field exists in the data only with "none" (stored as null), so a
// value that would promise a repetition nothing performs is refused rather than kept.
const RECURRING_MESSAGE = 'Tasks do not repeat: recurring must be "none" or null';
const recurring = z
  .union([z.literal("none"), z.literal("")], { error: RECURRING_MESSAGE })
  .nullish()
  .transform(() => null);

const completed = z.boolean({ error: "Completed must be true or false" });

export const REMINDER_MESSAGE = `Reminder must be one of ${REMINDER_TIMINGS.join(", ")}, or null`;
export const REMINDER_NEEDS_DUE_DATE = "A reminder needs a due date";
const reminder = z.enum(REMINDER_TIMINGS, { error: REMINDER_MESSAGE }).nullable();

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
  /** An instant, ISO-8601 UTC. */
  createdAt: z.string(),
});
export type Task = z.infer<typeof taskSchema>;
