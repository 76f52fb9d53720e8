import type { ReminderTiming } from "@core/reminder-timings";
import type { Priority } from "@core/schemas/task";

/**
 * What the Add/Edit Task form's inputs hold: plain strings, "" for empty. Apart from the form's zod
 * schema (task-form-schema.ts) so that the Home and Tasks tabs, which restore a kept draft into
 * it, do not download zod before the dialog opens (docs/decisions/065).
 */
export type TaskFormValues = {
  title: string;
  description: string;
  subject: string;
  hasDueDate: boolean;
  dueDate: string;
  dueTime: string;
  priority: Priority;
  completed: boolean;
  /** The Reminder choice, offered with a due date: a timing, or "none". */
  reminder: ReminderTiming | "none";
  /** Time needed, in minutes as typed; "" for none. */
  estimateMinutes: string;
};

export const EMPTY_TASK_FORM: TaskFormValues = {
  title: "",
  description: "",
  subject: "",
  hasDueDate: false,
  dueDate: "",
  dueTime: "",
  priority: "medium",
  completed: false,
  reminder: "none",
  estimateMinutes: "",
};
