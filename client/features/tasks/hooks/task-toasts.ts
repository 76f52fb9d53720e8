import { createSaveFeedback } from "@/lib/save-feedback";

export const SESSION_EXPIRED_TASK_TEXT = "You'll be redirected to login. Your task data is saved and will be restored.";

const taskFeedback = createSaveFeedback<
  "Task created successfully" | "Task updated successfully" | "Task deleted successfully",
  "Failed to create task" | "Failed to update task" | "Failed to delete task"
>({ draftKeptText: SESSION_EXPIRED_TASK_TEXT });

export const toastTaskSuccess = taskFeedback.succeeded;
/** `draftSaved: false` for a change nothing was kept of (a checkbox, a delete). */
export const toastTaskError = taskFeedback.failed;
