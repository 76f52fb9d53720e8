import { Fragment, useState, type ComponentProps, type ReactNode } from "react";
import { SubmitButton } from "@/components/form/submit-button";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { cn } from "@/lib/cn";
import { useT } from "@/lib/i18n";
import { createSubmissionKeys } from "@/lib/idempotency";

// The kit every add/edit dialog is built from: the busy-gated dialog holding a keyed form, the
// form's header and its footer; the form itself is useSchemaForm's (use-schema-form.ts). The save itself, and
// what a failed save does (lib/save-feedback.ts), belong to each dialog.

type FormDialogProps = {
  /** The form to show, or null when the dialog is closed. */
  children: ReactNode | null;
  /**
   * Which form is open: a new key mounts a fresh form, so nothing typed into the last one (or
   * into another record's) leaks into the next.
   */
  formKey: string | undefined;
  /** While a save or delete is on its way, Escape, the close button and outside clicks do nothing. */
  busy: boolean;
  onClose: () => void;
  className?: string;
  onOpenAutoFocus?: ComponentProps<typeof DialogContent>["onOpenAutoFocus"];
};

/**
 * A dialog that holds one form. It stays open while `busy`: the outcome of the save (its toast,
 * and on session expiry the kept draft) belongs to the open form.
 */
export function FormDialog({ children, formKey, busy, onClose, className, onOpenAutoFocus }: FormDialogProps) {
  const open = children !== null;
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !busy && onClose()}>
      <DialogContent className={className} onOpenAutoFocus={onOpenAutoFocus}>
        {open && <Fragment key={formKey}>{children}</Fragment>}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The submission keys of an open form: resubmitting the same values reuses the first
 * submission's Idempotency-Key (docs/decisions/052), so a retry after "Request timed out" does not
 * create twice. They live as long as the form.
 */
export function useSubmissionKeys() {
  const [submissionKeys] = useState(createSubmissionKeys);
  return submissionKeys;
}

export function FormDialogHeader({ title, description }: { title: string; description: string }) {
  return (
    <DialogHeader>
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription>{description}</DialogDescription>
    </DialogHeader>
  );
}

type FormDialogFooterProps = {
  onCancel: () => void;
  /** Cancel is off while anything is on its way; the submit button shows `pendingText` while saving. */
  busy: boolean;
  saving: boolean;
  submitText: string;
  pendingText: string;
  /** Shown at the start of the footer (an edit dialog's Delete button). */
  start?: ReactNode;
};

export function FormDialogFooter({ onCancel, busy, saving, submitText, pendingText, start }: FormDialogFooterProps) {
  const t = useT();
  return (
    <DialogFooter className={cn(start !== undefined && "sm:justify-between")}>
      {start}
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          {t("common.cancel")}
        </Button>
        <SubmitButton pending={saving} pendingText={pendingText}>
          {submitText}
        </SubmitButton>
      </div>
    </DialogFooter>
  );
}
