import type { Page } from "@playwright/test";
import { E2E_PUSH_SERVICE_PORT } from "../playwright.config";
import type { ReceivedPush, TestDevice } from "../server/test/push-service";

/** The test push service's origin (e2e/global-setup.ts). */
export const PUSH_SERVICE_ORIGIN = `http://127.0.0.1:${E2E_PUSH_SERVICE_PORT}`;

/** Pushes the test push service has received and decrypted so far, all tests' together. */
export async function receivedPushes(): Promise<ReceivedPush[]> {
  return (await (await fetch(`${PUSH_SERVICE_ORIGIN}/_test/received`)).json()) as ReceivedPush[];
}

/** Keeps the device's pushes unanswered (the push service still working on them) until released. */
export async function holdPushes(device: string): Promise<void> {
  const response = await fetch(`${PUSH_SERVICE_ORIGIN}/_test/hold`, { method: "POST", body: JSON.stringify({ device }) });
  if (!response.ok) throw new Error(`holding failed: ${response.status}`);
}

/** Answers the device's held pushes (201) and stops holding them; how many there were. */
export async function releasePushes(device: string): Promise<number> {
  const response = await fetch(`${PUSH_SERVICE_ORIGIN}/_test/release`, { method: "POST", body: JSON.stringify({ device }) });
  if (!response.ok) throw new Error(`releasing failed: ${response.status}`);
  return ((await response.json()) as { released: number }).released;
}

/**
 * Headless Chromium reaches no push service, so `PushManager.subscribe` cannot work: this stands in
 * for it (and for `getSubscription`) at that boundary only, with a real subscription from the test
 * push service for the key the app asks with. Everything else (the permission, the worker, the
 * server calls) is the app's own.
 */
export async function standInForPushManager(page: Page): Promise<void> {
  await page.exposeFunction("__testPushSubscribe", async (applicationServerKey: string): Promise<TestDevice> => {
    const response = await fetch(`${PUSH_SERVICE_ORIGIN}/_test/subscribe`, {
      method: "POST",
      body: JSON.stringify({ applicationServerKey }),
    });
    return (await response.json()) as TestDevice;
  });
  await page.addInitScript(() => {
    // Kept in a cookie, as a browser keeps a subscription: across reloads and sign-outs (which
    // empty the storages), until it is unsubscribed.
    const COOKIE = "test-push-subscription";
    const read = (): PushSubscriptionJSON | null => {
      const value = document.cookie.split("; ").find((part) => part.startsWith(`${COOKIE}=`));
      return value ? (JSON.parse(decodeURIComponent(value.slice(COOKIE.length + 1))) as PushSubscriptionJSON) : null;
    };
    const write = (json: PushSubscriptionJSON | null) => {
      document.cookie = json ? `${COOKIE}=${encodeURIComponent(JSON.stringify(json))}; path=/` : `${COOKIE}=; path=/; max-age=0`;
    };
    const asSubscription = (json: PushSubscriptionJSON) =>
      ({
        endpoint: json.endpoint,
        expirationTime: null,
        options: { applicationServerKey: null, userVisibleOnly: true },
        toJSON: () => json,
        unsubscribe: async () => {
          write(null);
          return true;
        },
        getKey: () => null,
      }) as unknown as PushSubscription;
    const subscribeForTest = (window as unknown as { __testPushSubscribe: (key: string) => Promise<TestDevice> }).__testPushSubscribe;
    PushManager.prototype.getSubscription = async () => {
      const json = read();
      return json ? asSubscription(json) : null;
    };
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      const key = typeof options?.applicationServerKey === "string" ? options.applicationServerKey : "";
      const { subscription } = await subscribeForTest(key);
      write(subscription as PushSubscriptionJSON);
      return asSubscription(subscription as PushSubscriptionJSON);
    };
  });
}

/**
 * A device for the student signed in on `page`, registered as the app would after Enable
 * Notifications, without the browser's push service (a real subscription of the suite's service).
 */
export async function subscribeDeviceThrough(page: Page): Promise<TestDevice> {
  const { vapidPublicKey } = await (await page.request.get("/public/onesignal-config")).json();
  const device = (await (
    await fetch(`${PUSH_SERVICE_ORIGIN}/_test/subscribe`, {
      method: "POST",
      body: JSON.stringify({ applicationServerKey: vapidPublicKey }),
    })
  ).json()) as TestDevice;
  const { csrfToken } = await (await page.request.get("/api/csrf-token")).json();
  const response = await page.request.post("/api/push/subscriptions", {
    headers: { "x-csrf-token": csrfToken },
    data: device.subscription,
  });
  if (response.status() !== 201) throw new Error(`subscribing failed: ${response.status()} ${await response.text()}`);
  return device;
}
