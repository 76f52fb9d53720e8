import { t } from "@/lib/i18n";
import { createSaveFeedback } from "@/lib/save-feedback";

type TaskSucceeded = "tasks.created" | "tasks.updated" | "tasks.deleted";
type TaskFailed = "tasks.create_failed" | "tasks.update_failed" | "tasks.delete_failed";

const taskFeedback = createSaveFeedback<string, string>({ draftKeptText: () => t("tasks.session_expired_draft_kept") });

/** "Task created successfully", "Task updated successfully", "Task deleted successfully", in the reader's language. */
export const toastTaskSuccess = (message: TaskSucceeded) => taskFeedback.succeeded(t(message));
/** The failure toast, with the server's message or `fallback`; `draftSaved: false` for a change nothing was kept of (a checkbox, a delete). */
export const toastTaskError = (error: unknown, fallback: TaskFailed, options?: { draftSaved?: boolean }) =>
  taskFeedback.failed(error, t(fallback), options);
