import { useEffect, useEffectEvent, useSyncExternalStore } from "react";
import type { PlainMessageId } from "@core/i18n/translate";

export type ShortcutAction = "newTask" | "newEvent" | "home" | "tasks" | "calendar" | "help";

/** What students do most, one key each (issue 14), in the order the dialog lists them. */
export const SHORTCUTS: ReadonlyArray<{ action: ShortcutAction; keys: readonly string[]; label: PlainMessageId }> = [
  { action: "newTask", keys: ["n"], label: "dashboard.shortcut_new_task" },
  { action: "newEvent", keys: ["e"], label: "dashboard.shortcut_new_event" },
  { action: "home", keys: ["1", "h"], label: "common.go_home" },
  { action: "tasks", keys: ["2", "t"], label: "dashboard.shortcut_tasks" },
  { action: "calendar", keys: ["3", "c"], label: "dashboard.shortcut_calendar" },
  { action: "help", keys: ["?"], label: "dashboard.shortcut_help" },
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

/**
 * Single-key shortcuts can be turned off on a device (WCAG 2.1.4, decision 123): a word spoken to
 * speech input, or a stray key, would otherwise move the page. On unless turned off; kept in this
 * browser's storage, as the theme is. Storage that throws (privacy modes) keeps them on.
 */
const SHORTCUTS_OFF_KEY = "student-hub:single-key-shortcuts-off";
const shortcutListeners = new Set<() => void>();

export function singleKeyShortcutsOn(): boolean {
  try {
    return localStorage.getItem(SHORTCUTS_OFF_KEY) !== "1";
  } catch {
    return true;
  }
}

export function setSingleKeyShortcutsOn(on: boolean): void {
  try {
    if (on) localStorage.removeItem(SHORTCUTS_OFF_KEY);
    else localStorage.setItem(SHORTCUTS_OFF_KEY, "1");
  } catch {
    // Not remembered: see above.
  }
  shortcutListeners.forEach((listener) => listener());
}

/** Whether this device's single-key shortcuts are on, for a component (Settings' switch). */
export function useSingleKeyShortcutsOn(): boolean {
  return useSyncExternalStore(
    (listener) => {
      shortcutListeners.add(listener);
      return () => shortcutListeners.delete(listener);
    },
    singleKeyShortcutsOn,
    () => true,
  );
}

/** Runs the shortcuts' actions on their keys, never while typing, with a modifier held, over a dialog, or once turned off. */
export function useKeyboardShortcuts(actions: Record<ShortcutAction, () => void>): void {
  const run = useEffectEvent((action: ShortcutAction) => actions[action]());
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
      const action = ACTION_BY_KEY.get(event.key);
      if (!action || isTyping(event.target) || dialogOpen() || !singleKeyShortcutsOn()) return;
      event.preventDefault();
      run(action);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);
}

/** The shortcuts as a part of the page: the dashboard mounts it once its first screen is up (it draws nothing). */
export function KeyboardShortcuts({ actions }: { actions: Record<ShortcutAction, () => void> }): null {
  useKeyboardShortcuts(actions);
  return null;
}
