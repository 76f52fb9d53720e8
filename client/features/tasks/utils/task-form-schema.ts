import { z } from "zod";
import { REMINDER_TIMINGS } from "@core/reminder-timings";
import { messageRef } from "@core/i18n/translate";
import { createTaskSchema, type CreateTaskInput, estimateMinutes, type Task } from "@core/schemas/task";
import type { TaskFormValues } from "./task-form-values";

export { EMPTY_TASK_FORM, type TaskFormValues } from "./task-form-values";

const rules = createTaskSchema.shape;

/**
 * The Add/Edit Task form: the request schema's rules plus the form-only `hasDueDate` switch
 * (docs/product.md#task), which is never sent.
 */
export const taskFormSchema = z
  .object({
    title: rules.title,
    description: rules.description,
    subject: rules.subject,
    hasDueDate: z.boolean(),
    dueDate: rules.dueDate,
    dueTime: rules.dueTime,
    priority: rules.priority.unwrap(),
    completed: rules.completed.unwrap(),
    reminder: z.enum([...REMINDER_TIMINGS, "none"]),
    // The input's text ("" for none) into the request's rule: whole minutes from 5 to 600.
    estimateMinutes: z
      .string()
      .transform((v) => (v.trim() === "" ? null : Number(v)))
      .pipe(estimateMinutes),
  })
  .refine((v) => !v.hasDueDate || v.dueDate !== null, { message: messageRef("tasks.choose_due_date"), path: ["dueDate"] });

export type TaskFormOutput = z.output<typeof taskFormSchema>;

export function taskToFormValues(task: Task): TaskFormValues {
  return {
    title: task.title,
    description: task.description ?? "",
    subject: task.subject ?? "",
    hasDueDate: task.dueDate !== null,
    dueDate: task.dueDate ?? "",
    dueTime: task.dueTime ?? "",
    priority: task.priority,
    completed: task.completed,
    reminder: task.reminder ?? "none",
    estimateMinutes: task.estimateMinutes === null ? "" : String(task.estimateMinutes),
  };
}

/**
 * The request body. A create leaves dueDate and dueTime out while the switch is off (docs/product.md#task-dialog);
 * an edit sends null so turning the switch off clears them.
 */
export function formToRequest(values: TaskFormOutput, mode: "create" | "edit"): CreateTaskInput {
  const body: CreateTaskInput = {
    title: values.title,
    description: values.description,
    subject: values.subject,
    priority: values.priority,
    completed: values.completed,
    estimateMinutes: values.estimateMinutes,
  };
  if (values.hasDueDate) {
    body.dueDate = values.dueDate;
    body.dueTime = values.dueTime;
    body.reminder = values.reminder === "none" ? null : values.reminder;
  } else if (mode === "edit") {
    // No date, no reminder (the API refuses one without a due date).
    body.dueDate = null;
    body.dueTime = null;
    body.reminder = null;
  }
  if (mode === "create") body.recurring = null;
  return body;
}
