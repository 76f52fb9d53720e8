import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { useT } from "@/lib/i18n";
import { showToast } from "@/lib/toast";

type TemporaryPasswordDialogProps = {
  /** The reset's answer and whose it is, or null when closed. */
  reset: { name: string; temporaryPassword: string } | null;
  onClose: () => void;
};

/** Shows a reset's temporary password once, with a copy button ("Copied!", spec §2). */
export function TemporaryPasswordDialog({ reset, onClose }: TemporaryPasswordDialogProps) {
  const [copied, setCopied] = useState(false);
  const t = useT();
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    if (!reset) return;
    try {
      await navigator.clipboard.writeText(reset.temporaryPassword);
      setCopied(true);
      showToast({ title: t("admin.copied"), description: t("admin.copied_text"), variant: "success" });
    } catch {
      showToast({ title: t("admin.copy_failed"), description: t("admin.copy_by_hand"), variant: "destructive" });
    }
  }

  return (
    <Dialog open={reset !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t("admin.temporary_password_title")}</DialogTitle>
          <DialogDescription>{t("admin.temporary_password_text", { name: reset?.name ?? "" })}</DialogDescription>
        </DialogHeader>
        <div className="flex items-center gap-2">
          {/* Read out and typed on a phone: its groups (Kp7m-Rt4x-Wq9z) stay whole, a line breaks only after a hyphen. */}
          <code
            aria-label={t("admin.temporary_password")}
            className="min-w-0 flex-1 rounded-md border bg-muted px-3 py-2 font-mono text-lg tracking-wider break-words select-all"
          >
            {reset?.temporaryPassword}
          </code>
          <Button variant="outline" onClick={copy} aria-live="polite">
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copied ? t("admin.copied") : t("admin.copy")}
          </Button>
        </div>
        <DialogFooter>
          <Button onClick={onClose}>{t("common.done")}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
