import { createSaveFeedback } from "@/lib/save-feedback";

export const SESSION_EXPIRED_EVENT_TEXT = "You'll be redirected to login. Your event data is saved and will be restored.";

const eventFeedback = createSaveFeedback<
  | "Event created successfully"
  | "Event updated successfully"
  | "Event series updated successfully"
  | "Event deleted successfully"
  | "Event instance deleted successfully",
  | "Failed to create event"
  | "Failed to update event"
  | "Failed to update event series"
  | "Failed to delete event"
  | "Failed to delete event instance"
>({ draftKeptText: SESSION_EXPIRED_EVENT_TEXT });

export const toastEventSuccess = eventFeedback.succeeded;
/** `draftSaved: false` for a change nothing was kept of (a delete). */
export const toastEventError = eventFeedback.failed;
