import { ApiError } from "@/lib/api";
import { showToast } from "@/lib/toast";
import { isSessionExpired } from "./task-draft";

export function toastTaskSuccess(description: "Task created successfully" | "Task updated successfully" | "Task deleted successfully") {
  showToast({ title: "Success", description, variant: "success" });
}

export const SESSION_EXPIRED_TASK_TEXT = "You'll be redirected to login. Your task data is saved and will be restored.";

/**
 * The spec §8 failure toasts: "Session Expired" when the session ran out, otherwise "Error" with
 * the server's message or the given fallback.
 */
export function toastTaskError(error: unknown, fallback: "Failed to create task" | "Failed to update task" | "Failed to delete task") {
  if (isSessionExpired(error)) {
    showToast({ title: "Session Expired", description: SESSION_EXPIRED_TASK_TEXT, variant: "destructive" });
    return;
  }
  showToast({ title: "Error", description: serverMessage(error) ?? fallback, variant: "destructive" });
}

/** The `message` of our server's error body; network errors and time-outs get the fallback. */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const data = error.data as { message?: unknown } | undefined;
  return typeof data?.message === "string" && data.message.trim() ? data.message : null;
}
