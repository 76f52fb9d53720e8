import { FileUp } from "lucide-react";
import { type ReactNode, useId, useRef } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { useT } from "@/lib/i18n";

export type FilePreviewDialogProps = {
  open: boolean;
  /** Asked when the dialog would close (Escape, the close button, Cancel, Done); never while `importing`. */
  onClose: () => void;
  title: string;
  description: string;
  /** The file input: what it takes, its accessible name, and the button's words before and after a file is chosen. */
  picker: { accept: string; label: string; choose: string; chooseOther: string };
  /** The name of the file previewed, once one is. */
  fileName: string | null;
  onFile: (file: File) => void;
  /** The words of the status shown while the file is read and checked, or null when it is not. */
  checking: string | null;
  problem: string | null;
  /** The import ran: no picker, and Done instead of Cancel and the import's button. */
  done: boolean;
  importing: boolean;
  /** The import's button once a preview is shown: its words, and its words while it runs. */
  apply: { label: string; applying: string; disabled: boolean; onClick: () => void } | null;
  /** The preview, then the result. */
  children?: ReactNode;
};

/**
 * The one way the admin panel takes a file (issues 35 and 55): choose it, see what it would do
 * with nothing written yet (the caller's preview), import it, and read the result. The dialog
 * cannot be closed while the import runs, so its answer is never lost.
 */
export function FilePreviewDialog({
  open,
  onClose,
  title,
  description,
  picker,
  fileName,
  onFile,
  checking,
  problem,
  done,
  importing,
  apply,
  children,
}: FilePreviewDialogProps) {
  const t = useT();
  const fileInput = useRef<HTMLInputElement>(null);
  const describedBy = useId();
  const close = () => {
    if (!importing) onClose();
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent className="sm:max-w-2xl" aria-describedby={describedBy}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription id={describedBy}>{description}</DialogDescription>
        </DialogHeader>

        {!done && (
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="outline" disabled={checking !== null || importing} onClick={() => fileInput.current?.click()}>
              <FileUp aria-hidden="true" />
              {fileName ? picker.chooseOther : picker.choose}
            </Button>
            {fileName && <span className="min-w-0 truncate text-sm text-muted-foreground">{fileName}</span>}
            <input
              ref={fileInput}
              type="file"
              accept={picker.accept}
              className="sr-only"
              tabIndex={-1}
              aria-label={picker.label}
              onChange={(event) => {
                const file = event.target.files?.[0];
                // Emptied, so that choosing the same file again is a change too.
                event.target.value = "";
                if (file) onFile(file);
              }}
            />
          </div>
        )}

        {checking !== null && (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner label={null} className="size-4" /> {checking}
          </p>
        )}
        {problem && (
          <p role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        )}

        {children}

        <DialogFooter>
          {done ? (
            <Button onClick={close}>{t("common.done")}</Button>
          ) : (
            <>
              <Button variant="outline" disabled={importing} onClick={close}>
                {t("common.cancel")}
              </Button>
              {apply && (
                <Button disabled={apply.disabled} onClick={apply.onClick}>
                  {importing ? (
                    <>
                      <Spinner label={null} className="size-4 text-current" /> {apply.applying}
                    </>
                  ) : (
                    apply.label
                  )}
                </Button>
              )}
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
