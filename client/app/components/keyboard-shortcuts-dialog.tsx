import { SHORTCUTS } from "@/app/components/keyboard-shortcuts";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { useT } from "@/lib/i18n";

/** The "Keyboard shortcuts" dialog, opened with `?`. */
export function KeyboardShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useT();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t("dashboard.shortcuts_title")}</DialogTitle>
          <DialogDescription>{t("dashboard.shortcuts_description")}</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-2 text-sm">
          {SHORTCUTS.map(({ action, keys, label }) => (
            <div key={action} className="contents">
              <dt>{t(label)}</dt>
              <dd className="flex justify-end gap-1">
                {keys.map((key, i) => (
                  <span key={key} className="flex items-center gap-1">
                    {i > 0 && <span className="text-muted-foreground">{t("dashboard.shortcut_or")}</span>}
                    <kbd className="min-w-7 rounded border bg-muted px-1.5 py-0.5 text-center font-mono text-xs">{key}</kbd>
                  </span>
                ))}
              </dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
