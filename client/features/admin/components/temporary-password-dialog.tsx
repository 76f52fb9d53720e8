import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { showToast } from "@/lib/toast";

type TemporaryPasswordDialogProps = {
  /** The reset's answer and whose it is, or null when closed. */
  reset: { name: string; temporaryPassword: string } | null;
  onClose: () => void;
};

/** Shows a reset's temporary password once, with a copy button ("Copied!", spec §2). */
export function TemporaryPasswordDialog({ reset, onClose }: TemporaryPasswordDialogProps) {
  const [copied, setCopied] = useState(false);
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
      showToast({ title: "Copied!", description: "The temporary password is on the clipboard.", variant: "success" });
    } catch {
      showToast({ title: "Copy Failed", description: "Select the password and copy it by hand.", variant: "destructive" });
    }
  }

  return (
    <Dialog open={reset !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Temporary Password</DialogTitle>
          <DialogDescription>
            Give this password to {reset?.name}, hyphens included. It works only to set a new password, and expires in 72 hours. It is shown
            this once.
          </DialogDescription>
        </DialogHeader>
        <div className="flex items-center gap-2">
          {/* Read out and typed on a phone: its groups (Kp7m-Rt4x-Wq9z) stay whole, a line breaks only after a hyphen. */}
          <code
            aria-label="Temporary password"
            className="min-w-0 flex-1 rounded-md border bg-muted px-3 py-2 font-mono text-lg tracking-wider break-words select-all"
          >
            {reset?.temporaryPassword}
          </code>
          <Button variant="outline" onClick={copy} aria-live="polite">
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copied ? "Copied!" : "Copy"}
          </Button>
        </div>
        <DialogFooter>
          <Button onClick={onClose}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
