/**
 * What this browser offers for Web Push (docs/product.md#push-notifications-and-installable-app,
 * decision 087), read synchronously: the Home tab's notifications card shows it on its first
 * screen. The subscription itself is handled in push-device.ts, downloaded when needed.
 */

export type PushSupport =
  /** Service worker, PushManager and notifications are all there. */
  | "supported"
  /** iPhone or iPad in a browser tab: push needs the app on the Home Screen first. */
  | "ios-not-installed"
  /** No Web Push in this browser. */
  | "unsupported";

/** iPhone, iPod, or an iPad (which reports itself as a Mac with touch). */
export function isIOS(userAgent = navigator.userAgent, touchPoints = navigator.maxTouchPoints): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && touchPoints > 1);
}

/** Opened from the Home Screen (or an installed desktop app), not in a browser tab. */
export function isStandalone(): boolean {
  const legacy = (navigator as Navigator & { standalone?: boolean }).standalone;
  return legacy === true || window.matchMedia?.("(display-mode: standalone)").matches === true;
}

export function pushSupport(): PushSupport {
  if (isIOS() && !isStandalone()) return "ios-not-installed";
  const supported = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
  return supported ? "supported" : "unsupported";
}

export function notificationPermission(): NotificationPermission | "unsupported" {
  return "Notification" in window ? Notification.permission : "unsupported";
}
