import { z } from "zod";
import { isCalendarDate, isWallClockTime } from "../dates";

export const TASK_TITLE_MAX = 200;
export const TASK_DESCRIPTION_MAX = 5000;
export const TASK_SUBJECT_MAX = 100;

export const PRIORITIES = ["low", "medium", "high"] as const;
export type Priority = (typeof PRIORITIES)[number];

/** An optional text field: blank becomes null, so "" never lands in the database. */
function optionalText(max: number, tooLong: string) {
  return z
    .string()
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((v) => (v ? v : null));
}

const title = z
  .string({ error: "Title is required" })
  .trim()
  .min(1, "Title is required")
  .max(TASK_TITLE_MAX, `Title must be at most ${TASK_TITLE_MAX} characters`);

const description = optionalText(TASK_DESCRIPTION_MAX, `Description must be at most ${TASK_DESCRIPTION_MAX} characters`);
const subject = optionalText(TASK_SUBJECT_MAX, `Subject must be at most ${TASK_SUBJECT_MAX} characters`);

const dueDate = z
  .string()
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || isCalendarDate(v), "Due date must be a real date in yyyy-MM-dd format");

const dueTime = z
  .string()
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || isWallClockTime(v), "Due time must be a time in HH:mm format");

const priority = z.enum(PRIORITIES, { error: "Priority must be low, medium or high" });

// Tasks do not repeat yet; the field exists in the spec's data, with "none" meaning null.
const recurring = z
  .string()
  .max(20, "Recurring must be at most 20 characters")
  .nullish()
  .transform((v) => (!v || v === "none" ? null : v));

const completed = z.boolean({ error: "Completed must be true or false" });

/** POST /api/tasks. Unknown fields are stripped, never stored. */
export const createTaskSchema = z.object({
  title,
  description,
  subject,
  dueDate,
  dueTime,
  priority: priority.default("medium"),
  recurring,
  completed: completed.default(false),
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
  })
  .transform((v) => Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)) as Partial<CreateTaskData>);
export type UpdateTaskInput = z.input<typeof updateTaskSchema>;

/** A task as the API returns it (spec §3). */
export interface Task {
  id: number;
  userId: number;
  title: string;
  description: string | null;
  subject: string | null;
  dueDate: string | null;
  dueTime: string | null;
  priority: Priority;
  recurring: string | null;
  completed: boolean;
  createdAt: string;
}
