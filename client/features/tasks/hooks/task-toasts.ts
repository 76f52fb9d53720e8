import { isSessionExpired, serverMessage } from "@/lib/api";
import { showToast } from "@/lib/toast";

export function toastTaskSuccess(description: "Task created successfully" | "Task updated successfully" | "Task deleted successfully") {
  showToast({ title: "Success", description, variant: "success" });
}

export const SESSION_EXPIRED_TASK_TEXT = "You'll be redirected to login. Your task data is saved and will be restored.";
/** For a change nothing was kept of (a checkbox, a delete): no promise of a restore. */
export const SESSION_EXPIRED_RETRY_TEXT = "You'll be redirected to login. Please sign in and try again.";

/**
 * The failure toasts (docs/product.md#toasts): "Session Expired" when the session ran out, otherwise "Error" with
 * the server's message or the given fallback. `draftSaved` says whether the form was kept for
 * after sign-in (docs/decisions/022).
 */
export function toastTaskError(
  error: unknown,
  fallback: "Failed to create task" | "Failed to update task" | "Failed to delete task",
  { draftSaved }: { draftSaved: boolean },
) {
  if (isSessionExpired(error)) {
    showToast({
      title: "Session Expired",
      description: draftSaved ? SESSION_EXPIRED_TASK_TEXT : SESSION_EXPIRED_RETRY_TEXT,
      variant: "destructive",
    });
    return;
  }
  showToast({ title: "Error", description: serverMessage(error) ?? fallback, variant: "destructive" });
}
