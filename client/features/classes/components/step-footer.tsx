import type { Ref } from "react";
import { SubmitButton } from "@/components/form/submit-button";
import { Button } from "@/components/ui/button";
import { useT, wordMessage } from "@/lib/i18n";

type StepFooterProps = {
  /** The whole form's message (a message reference or words), or null. */
  message: string | null;
  /** Changes with each refused save: the alert is made again, so it is announced again. */
  attempt: number;
  messageId?: string;
  dismissLabel: string;
  onDismiss: () => void;
  saveLabel: string;
  pending: boolean;
  saveRef?: Ref<HTMLButtonElement>;
};

/**
 * The class editor's sticky footer, on both of its steps: the form's message (an alert) above
 * Cancel or Skip and Save, side by side even on a phone, so the fields keep most of the screen.
 */
export function StepFooter({ message, attempt, messageId, dismissLabel, onDismiss, saveLabel, pending, saveRef }: StepFooterProps) {
  const t = useT();
  return (
    <div className="grid gap-3 border-t bg-card p-4 sm:px-6">
      <p key={attempt} id={messageId} role="alert" className={message ? "text-sm font-medium text-destructive" : "sr-only"}>
        {message ? wordMessage(message) : ""}
      </p>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:justify-end">
        <Button variant="outline" className="h-11 sm:h-10" onClick={onDismiss} disabled={pending}>
          {dismissLabel}
        </Button>
        <SubmitButton ref={saveRef} className="h-11 sm:h-10" pending={pending} pendingText={t("common.saving")}>
          {saveLabel}
        </SubmitButton>
      </div>
    </div>
  );
}
