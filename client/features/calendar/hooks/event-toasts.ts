import { isSessionExpired, serverMessage } from "@/lib/api/errors";
import { t } from "@/lib/i18n";
import { showToast } from "@/lib/toast";

/**
 * The toasts that report an event's save or delete (docs/product.md#toasts), worded when shown in
 * the app's language (decision 108): "Success" with the given text; on failure "Session Expired"
 * when the session ran out (saying whether the form was kept for after sign-in, docs/decisions/022),
 * otherwise "Error" with the server's message (already in the reader's language) or the fallback.
 */
type EventSuccess =
  "calendar.event_created" | "calendar.event_updated" | "calendar.series_updated" | "calendar.event_deleted" | "calendar.instance_deleted";
export type EventFailure =
  | "calendar.create_failed"
  | "calendar.update_failed"
  | "calendar.series_update_failed"
  | "calendar.delete_failed"
  | "calendar.instance_delete_failed";

export function toastEventSuccess(description: EventSuccess): void {
  showToast({ title: t("calendar.toast_success"), description: t(description), variant: "success" });
}

/** `draftSaved: false` for a change nothing was kept of (a delete). */
export function toastEventError(error: unknown, fallback: EventFailure, { draftSaved = true }: { draftSaved?: boolean } = {}): void {
  if (isSessionExpired(error)) {
    showToast({
      title: t("calendar.session_expired"),
      description: t(draftSaved ? "calendar.session_expired_draft" : "calendar.session_expired_retry"),
      variant: "destructive",
    });
    return;
  }
  showToast({ title: t("calendar.toast_error"), description: serverMessage(error) ?? t(fallback), variant: "destructive" });
}
