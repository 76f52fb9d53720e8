import { useSyncExternalStore } from "react";
import type { MessageId } from "@core/i18n/translate";

/** The theme chosen in Settings (decision 075): the system's, or always light, or always dark. */
export type ThemeChoice = "system" | "light" | "dark";
export const THEME_CHOICES: readonly ThemeChoice[] = ["system", "light", "dark"];
export const THEME_LABEL = {
  system: "settings.theme_system",
  light: "settings.theme_light",
  dark: "settings.theme_dark",
} as const satisfies Record<ThemeChoice, MessageId>;

/** Kept per device, not per account: it describes the screen, and survives sign-out (sign-out.ts). */
export const THEME_STORAGE_KEY = "student-hub:theme";

const listeners = new Set<() => void>();

export function storedTheme(): ThemeChoice {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return value === "light" || value === "dark" ? value : "system";
  } catch {
    return "system";
  }
}

/**
 * Puts the choice on <html>: `.light` or `.dark` pins color-scheme, and with it every
 * light-dark() colour (client/styles.css); neither follows the system. The static landing page
 * does the same from client/public/landing.js.
 */
export function applyTheme(choice: ThemeChoice): void {
  const root = document.documentElement;
  root.classList.toggle("light", choice === "light");
  root.classList.toggle("dark", choice === "dark");
}

export function setTheme(choice: ThemeChoice): void {
  try {
    if (choice === "system") localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage unavailable (a privacy mode): the choice holds for this page only.
  }
  applyTheme(choice);
  for (const listener of listeners) listener();
}

/** The current choice, following changes made anywhere on the page. */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    storedTheme,
    () => "system",
  );
}
