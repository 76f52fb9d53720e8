import { useEffect, useEffectEvent } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";

export type ShortcutAction = "newTask" | "newEvent" | "home" | "tasks" | "calendar" | "help";

/** What students do most, one key each (issue 14), in the order the dialog lists them. */
export const SHORTCUTS: ReadonlyArray<{ action: ShortcutAction; keys: readonly string[]; label: string }> = [
  { action: "newTask", keys: ["n"], label: "New task" },
  { action: "newEvent", keys: ["e"], label: "New event" },
  { action: "home", keys: ["1", "h"], label: "Go to Home" },
  { action: "tasks", keys: ["2", "t"], label: "Go to Tasks" },
  { action: "calendar", keys: ["3", "c"], label: "Go to Calendar" },
  { action: "help", keys: ["?"], label: "Show keyboard shortcuts" },
];

const ACTION_BY_KEY = new Map(SHORTCUTS.flatMap(({ action, keys }) => keys.map((key) => [key, action] as const)));

/** Typing in a field, or choosing in an open list or menu: the key is the person's text, not a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.closest("input, textarea, select")) return true;
  return target.closest('[role="listbox"], [role="menu"], [role="combobox"], [role="textbox"]') !== null;
}

/** A dialog (or the phone drawer) is open: its keys are its own. */
const dialogOpen = () => document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;

/** Runs the shortcuts' actions on their keys, never while typing, with a modifier held, or over a dialog. */
export function useKeyboardShortcuts(actions: Record<ShortcutAction, () => void>): void {
  const run = useEffectEvent((action: ShortcutAction) => actions[action]());
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
      const action = ACTION_BY_KEY.get(event.key);
      if (!action || isTyping(event.target) || dialogOpen()) return;
      event.preventDefault();
      run(action);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);
}

/** The "Keyboard shortcuts" dialog, opened with `?`. */
export function KeyboardShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Keyboard shortcuts</DialogTitle>
          <DialogDescription>Press a key anywhere outside a text field.</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-2 text-sm">
          {SHORTCUTS.map(({ action, keys, label }) => (
            <div key={action} className="contents">
              <dt>{label}</dt>
              <dd className="flex justify-end gap-1">
                {keys.map((key, i) => (
                  <span key={key} className="flex items-center gap-1">
                    {i > 0 && <span className="text-muted-foreground">or</span>}
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
