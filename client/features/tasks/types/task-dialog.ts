import type { Task } from "@core/schemas/task";
import type { TaskFormValues } from "../utils/task-form-values";

/** Which task dialog is open: Add Task, or Edit Task for one task; `values` restores a kept draft. */
export type TaskDialogState = { mode: "create"; values?: TaskFormValues } | { mode: "edit"; task: Task; values?: TaskFormValues };
