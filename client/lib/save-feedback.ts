import type { FieldPath, FieldValues, UseFormSetError } from "react-hook-form";
import { isSessionExpired, serverMessage } from "@/lib/api/errors";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { t } from "@/lib/i18n";
import { showToast } from "@/lib/toast";

/**
 * The toasts that report a save (docs/product.md#toasts), for one kind of record: "Success" with
 * the given text; on failure "Session Expired" when the session ran out (saying whether the form
 * was kept for after sign-in, docs/decisions/022), otherwise "Error" with the server's message or
 * the fallback. `Success` and `Failure` list the texts the product allows, worded by the caller in
 * the reader's language; `draftKeptText` too, or a function that words it when the toast shows.
 */
export function createSaveFeedback<Success extends string, Failure extends string>({
  draftKeptText,
}: {
  draftKeptText: string | (() => string);
}) {
  return {
    succeeded(description: Success): void {
      showToast({ title: t("dashboard.toast_success"), description, variant: "success" });
    },
    failed(error: unknown, fallback: Failure, { draftSaved = true }: { draftSaved?: boolean } = {}): void {
      if (isSessionExpired(error)) {
        const kept = typeof draftKeptText === "function" ? draftKeptText() : draftKeptText;
        showToast({
          title: t("dashboard.session_expired"),
          // For a change nothing was kept of (a checkbox, a delete): no promise of a restore.
          description: draftSaved ? kept : t("dashboard.session_expired_retry"),
          variant: "destructive",
        });
        return;
      }
      showToast({ title: t("dashboard.toast_error"), description: serverMessage(error) ?? fallback, variant: "destructive" });
    },
  };
}

/**
 * What a form dialog does when its save fails: on session expiry it keeps the typed values as a
 * draft (restored after sign-in), it puts the server's per-field messages under their fields, and
 * it shows the failure toast.
 */
export function reportFailedSave<T extends FieldValues>(
  error: unknown,
  {
    setError,
    fields,
    keepDraft,
    toast,
  }: { setError: UseFormSetError<T>; fields: readonly FieldPath<T>[]; keepDraft: () => void; toast: () => void },
): void {
  if (isSessionExpired(error)) keepDraft();
  applyServerFieldErrors(setError, error, fields);
  toast();
}
