/** The Badging API, not yet in TypeScript's DOM types. */
type BadgingNavigator = Navigator & { setAppBadge(count?: number): Promise<void>; clearAppBadge(): Promise<void> };

/** Whether this browser can put a count on the installed app's icon (Chromium, Edge, Safari 16.4+ installed). */
export function canShowAppBadge(): boolean {
  return typeof navigator !== "undefined" && "setAppBadge" in navigator;
}

/**
 * Puts `count` on the app's icon, or clears it for 0. A refusal (an app not installed, a platform
 * that needs permission first) is ignored: the badge is a hint, never worth an error.
 */
export function showAppBadge(count: number): void {
  if (!canShowAppBadge()) return;
  const badging = navigator as BadgingNavigator;
  void (count > 0 ? badging.setAppBadge(count) : badging.clearAppBadge()).catch(() => undefined);
}
