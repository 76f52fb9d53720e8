import { isSessionExpired, serverMessage } from "@/lib/api";
import { showToast } from "@/lib/toast";

type EventSuccess =
  | "Event created successfully"
  | "Event updated successfully"
  | "Event series updated successfully"
  | "Event deleted successfully"
  | "Event instance deleted successfully";

type EventFailure =
  | "Failed to create event"
  | "Failed to update event"
  | "Failed to update event series"
  | "Failed to delete event"
  | "Failed to delete event instance";

export const SESSION_EXPIRED_EVENT_TEXT = "You'll be redirected to login. Your event data is saved and will be restored.";
const SESSION_EXPIRED_RETRY_TEXT = "You'll be redirected to login. Please sign in and try again.";

export function toastEventSuccess(description: EventSuccess) {
  showToast({ title: "Success", description, variant: "success" });
}

/**
 * The failure toasts (docs/product.md#toasts): "Session Expired" with the event wording when the
 * session ran out (a form's values were kept), otherwise "Error" with the server's message or the
 * fallback.
 */
export function toastEventError(error: unknown, fallback: EventFailure, { draftSaved = true }: { draftSaved?: boolean } = {}) {
  if (isSessionExpired(error)) {
    showToast({
      title: "Session Expired",
      description: draftSaved ? SESSION_EXPIRED_EVENT_TEXT : SESSION_EXPIRED_RETRY_TEXT,
      variant: "destructive",
    });
    return;
  }
  showToast({ title: "Error", description: serverMessage(error) ?? fallback, variant: "destructive" });
}
