import type { PushConfig } from "@core/schemas/push";
import { apiRequest } from "@/lib/api/transport";
import { t } from "@/lib/i18n";
import { notificationPermission, pushSupport } from "@/lib/push-support";

/**
 * This device's side of Web Push (docs/product.md#push-notifications-and-installable-app,
 * decision 087): its PushManager subscription, kept in step with the server's copy (POST/DELETE
 * /api/push/subscriptions). What the browser supports and its permission are in push-support.ts,
 * which the Home tab's first screen reads; this part downloads when a device's subscription is
 * looked up or changed (decision 102).
 */

/** The app's service worker registration, or null when there is none within `timeoutMs`. */
export async function pushRegistration(timeoutMs = 10_000): Promise<ServiceWorkerRegistration | null> {
  if (!("serviceWorker" in navigator)) return null;
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), timeoutMs));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await pushRegistration();
  return registration ? registration.pushManager.getSubscription() : null;
}

/**
 * GET /public/onesignal-config: the spec's path, outside /api/ (which the API client keeps to), so
 * read with a plain fetch; it needs no session.
 */
export async function getPushConfig(): Promise<PushConfig> {
  const response = await fetch("/public/onesignal-config", { headers: { accept: "application/json" }, cache: "no-store" });
  if (!response.ok) throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`);
  return (await response.json()) as PushConfig;
}

/** Hands this device's subscription to the server for the signed-in user (a device belongs to one person). */
export async function sendSubscriptionToServer(subscription: PushSubscription): Promise<void> {
  await apiRequest("POST", "/api/push/subscriptions", subscription.toJSON());
}

export class PushSetupError extends Error {}

/** A window that may not subscribe is told "This window can't receive notifications…" (issue 32), rather than the browser's own words. */

/**
 * The browser's push service refused a subscription although notifications are allowed: Chrome
 * says "Registration failed - permission denied" (NotAllowedError) in a private window, where the
 * site's permission holds but no push can be received.
 */
function isRefusedWithPermission(error: unknown): boolean {
  return error instanceof DOMException && error.name === "NotAllowedError" && notificationPermission() === "granted";
}

async function subscribeThisWindow(registration: ServiceWorkerRegistration, vapidPublicKey: string): Promise<PushSubscription> {
  try {
    return await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: vapidPublicKey });
  } catch (error) {
    if (isRefusedWithPermission(error)) throw new PushSetupError(t("dashboard.push_window_refused"));
    throw error;
  }
}

/**
 * Subscribes this device once the permission is granted, and tells the server. The permission
 * itself is asked by the caller, first thing in the tap's handler (iOS allows it only there).
 */
export async function subscribeDevice(): Promise<PushSubscription> {
  const registration = await pushRegistration();
  if (!registration) throw new PushSetupError(t("dashboard.push_no_service_worker"));
  const { vapidPublicKey } = await getPushConfig();
  if (!vapidPublicKey) throw new PushSetupError(t("dashboard.push_not_configured"));
  const existing = await registration.pushManager.getSubscription();
  const subscription = existing ?? (await subscribeThisWindow(registration, vapidPublicKey));
  await sendSubscriptionToServer(subscription);
  return subscription;
}

/** Removes this device on the server, then in the browser. */
export async function unsubscribeDevice(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await apiRequest("DELETE", "/api/push/subscriptions", { endpoint: subscription.endpoint });
  await subscription.unsubscribe();
}

/**
 * Binds this device to whoever is signed in (spec §4: about 1 s after sign-in): a browser that
 * already has permission and a subscription hands it to the server, which moves it from any other
 * account. Quiet: a device without push simply stays unbound.
 */
export async function bindDevice(): Promise<boolean> {
  if (pushSupport() !== "supported" || notificationPermission() !== "granted") return false;
  const subscription = await currentSubscription();
  if (!subscription) return false;
  await sendSubscriptionToServer(subscription);
  return true;
}
