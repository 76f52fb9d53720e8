/// <reference lib="webworker" />
import { matchPrecache, precacheAndRoute, cleanupOutdatedCaches } from "workbox-precaching";
import { REGISTER_PATHS, SECOND_FACTOR_PATH, SIGN_IN_PATHS, SIGN_OUT_PATHS } from "../../core/api-paths";
import { CLEAR_READS, OFFLINE_COPY_HEADER, PUSH_RECEIVED, READS_CACHE, SKIP_WAITING } from "../../core/service-worker";
import { notificationFor } from "./push-message";

/**
 * Student Hub's service worker (decision 088): the app shell for offline launches, the signed-in
 * student's last reads, and Web Push (decision 087).
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// The app shell: the build's scripts, styles, icons and index.html, fetched once per version.
// `directoryIndex: null`: "/" is not the shell, it is the landing page for a visitor (decision 068),
// so navigations go to the network first (below).
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: null, cleanURLs: false });
cleanupOutdatedCaches();

/**
 * Reads worth keeping for an offline launch: the student's own data, not health, tokens, admin or
 * push state, nor the live updates' stream (an answer that never ends, and is no data: decision 114).
 */
function isKeptRead(url: URL): boolean {
  if (url.origin !== self.location.origin || !url.pathname.startsWith("/api/")) return false;
  return !/^\/api\/(health|csrf-token|stream$|admin\/|push\/)/.test(url.pathname);
}

const AUTH_CHANGES = new Set<string>([...SIGN_IN_PATHS, SECOND_FACTOR_PATH, ...REGISTER_PATHS, ...SIGN_OUT_PATHS]);

/**
 * Counts the times the kept reads were emptied. A read still on its way when the student signs out
 * must not be kept after the emptying (it would recreate the cache with their data): it is kept only
 * when no emptying began since it was sent. Cache storage runs its operations in order, so an open
 * asked for before a delete writes into the cache that delete removes.
 */
let readsEmptied = 0;

function emptyReads(): Promise<boolean> {
  readsEmptied += 1;
  return caches.delete(READS_CACHE);
}

/** The network's answer, kept; or, when the network fails, the kept copy, marked as such. */
async function keptRead(request: Request): Promise<Response> {
  const emptiedWhenSent = readsEmptied;
  try {
    const response = await fetch(request);
    if (response.status === 200 && response.type === "basic" && readsEmptied === emptiedWhenSent) {
      const copy = response.clone();
      void caches.open(READS_CACHE).then((cache) => cache.put(request.url, copy));
    }
    return response;
  } catch (error) {
    const kept = await (await caches.open(READS_CACHE)).match(request.url, { ignoreVary: true, ignoreSearch: false });
    if (!kept) throw error;
    const headers = new Headers(kept.headers);
    headers.set(OFFLINE_COPY_HEADER, "1");
    return new Response(kept.body, { status: kept.status, statusText: kept.statusText, headers });
  }
}

/** Pages: the network, or the app shell when there is none (the app then shows its connection banner). */
async function page(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await matchPrecache("/index.html");
    if (!shell) throw error;
    return shell;
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.mode === "navigate") {
    event.respondWith(page(request));
  } else if (request.method === "GET" && isKeptRead(url)) {
    event.respondWith(keptRead(request));
  } else if (request.method === "POST" && url.origin === self.location.origin && AUTH_CHANGES.has(url.pathname)) {
    // Signing in, registering or out: the kept reads were someone's, maybe someone else's. Counting
    // an emptying as the change is sent also keeps out the reads that cross it.
    readsEmptied += 1;
    event.respondWith(
      fetch(request).then(async (response) => {
        await emptyReads();
        return response;
      }),
    );
  }
});

self.addEventListener("message", (event) => {
  if (event.data === SKIP_WAITING) void self.skipWaiting();
  if (event.data === CLEAR_READS) event.waitUntil(emptyReads());
});

// The first install takes the open pages at once, so the app works offline from its first visit;
// an update waits for the next launch, or for "Reload to update" (SKIP_WAITING).
self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

/** The Badging API in a worker, not yet in TypeScript's types. */
type BadgingWorkerNavigator = WorkerNavigator & { setAppBadge(count?: number): Promise<void>; clearAppBadge(): Promise<void> };

/** The app icon's count from a reminder (decision 119), while the app is closed; a refusal is ignored (it is a hint). */
async function showAppBadge(count: number): Promise<void> {
  if (!("setAppBadge" in self.navigator)) return;
  const badging = self.navigator as BadgingWorkerNavigator;
  await (count > 0 ? badging.setAppBadge(count) : badging.clearAppBadge()).catch(() => undefined);
}

self.addEventListener("push", (event) => {
  const { title, options, appBadge } = notificationFor(event.data ? event.data.text() : null);
  event.waitUntil(
    (async () => {
      // Every push must show a notification (Safari revokes subscriptions whose pushes show nothing).
      await self.registration.showNotification(title, options);
      if (appBadge !== undefined) await showAppBadge(appBadge);
      for (const client of await self.clients.matchAll({ type: "window" })) client.postMessage({ type: PUSH_RECEIVED, title });
    })(),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL((event.notification.data as { url?: string } | null)?.url ?? "/", self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === url.origin);
      if (open) {
        const focused = await open.focus();
        if (url.pathname !== "/" || url.hash) await focused.navigate(url.href).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(url.href);
    })(),
  );
});

/** Not in TypeScript's worker types yet. */
type PushSubscriptionChangeEvent = ExtendableEvent & { oldSubscription: PushSubscription | null; newSubscription: PushSubscription | null };

/** The browser renewed or dropped the subscription: subscribe again with our key and tell the server. */
async function resubscribe(event: PushSubscriptionChangeEvent): Promise<void> {
  const key = async () => ((await (await fetch("/public/onesignal-config")).json()) as { vapidPublicKey: string }).vapidPublicKey;
  const next =
    event.newSubscription ??
    (await self.registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: event.oldSubscription?.options.applicationServerKey ?? (await key()),
    }));
  const { csrfToken } = (await (await fetch("/api/csrf-token")).json()) as { csrfToken: string | null };
  if (!csrfToken) return; // Signed out here: the next sign-in binds the device.
  const headers = { "content-type": "application/json", "x-csrf-token": csrfToken };
  await fetch("/api/push/subscriptions", { method: "POST", headers, body: JSON.stringify(next.toJSON()) });
  if (event.oldSubscription && event.oldSubscription.endpoint !== next.endpoint) {
    await fetch("/api/push/subscriptions", {
      method: "DELETE",
      headers,
      body: JSON.stringify({ endpoint: event.oldSubscription.endpoint }),
    });
  }
}

self.addEventListener("pushsubscriptionchange", ((event: PushSubscriptionChangeEvent) => {
  event.waitUntil(resubscribe(event));
}) as EventListener);
