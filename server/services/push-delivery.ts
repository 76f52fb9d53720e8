import webpush from "web-push";

/**
 * Sending Web Push messages (RFC 8030/8291/8292) with the `web-push` library's encryption and
 * VAPID signature, and our own fetch: web-push's sender only speaks https, and sending ourselves
 * puts a time-out on each push and a bound on how many run at once (decision 087).
 */

/** The browsers' push services, by host suffix: the only places a subscription may send us. */
export const PUSH_SERVICE_HOST_SUFFIXES = [
  "fcm.googleapis.com", // Chrome, Edge on Android, Opera, Samsung Internet
  "android.googleapis.com", // older Chrome subscriptions
  "push.services.mozilla.com", // Firefox
  "push.apple.com", // Safari, iOS Home Screen apps
  "notify.windows.com", // Edge on Windows (WNS)
];

/**
 * Whether the server may POST to this endpoint: an https URL on a browser's push service (no
 * user name, the default port), or an origin the operator listed in PUSH_ALLOWED_ENDPOINT_ORIGINS.
 * Nothing else is ever fetched, so an endpoint cannot point the server at the school's network.
 */
export function isAllowedPushEndpoint(endpoint: string, allowedOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (allowedOrigins.includes(url.origin)) return true;
  if (url.protocol !== "https:" || url.port !== "") return false;
  const host = url.hostname.toLowerCase();
  return PUSH_SERVICE_HOST_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));
}

export interface VapidIdentity {
  subject: string;
  publicKey: string;
  privateKey: string;
}

export interface PushTarget {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** delivered: the push service took it (2xx); gone: 404/410, the subscription no longer exists; failed: anything else. */
export type PushOutcome = {
  target: PushTarget;
  result: "delivered" | "gone" | "failed";
  status?: number;
  reason?: string;
  /** Never sent: the deadline came first (so it may be sent later without being sent twice). */
  notStarted?: true;
};

export interface DeliveryOptions {
  vapid: VapidIdentity;
  /** How long the push service keeps an undelivered message, in seconds: as long as it stays true. */
  ttlSeconds: number;
  urgency: "very-low" | "low" | "normal" | "high";
  /** Pushes in flight at once. */
  concurrency: number;
  /** Longest wait for one push service's answer. */
  timeoutMs: number;
  /** Pushes not started by then are reported failed: a send never outlives its request. */
  deadline: number;
  allowedOrigins: readonly string[];
  /** Replaces an undelivered earlier message with the same topic (≤ 32 base64url characters). */
  topic?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Retry-After in seconds or as a date, in milliseconds; capped, since a request is waiting. */
function retryAfterMs(header: string | null, cap: number): number {
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : header ? Date.parse(header) - Date.now() : NaN;
  return Math.min(cap, Number.isFinite(ms) && ms > 0 ? ms : 500);
}

async function deliverOne(target: PushTarget, payload: string, options: DeliveryOptions): Promise<PushOutcome> {
  if (!isAllowedPushEndpoint(target.endpoint, options.allowedOrigins)) {
    return { target, result: "failed", reason: "endpoint not allowed" };
  }
  // A 429 or 5xx is tried once more after a short wait (Retry-After, capped), if time allows.
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      const request = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        {
          vapidDetails: options.vapid,
          TTL: options.ttlSeconds,
          urgency: options.urgency,
          contentEncoding: "aes128gcm",
          ...(options.topic ? { topic: options.topic } : {}),
        },
      );
      response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: new Uint8Array(request.body as Buffer),
        redirect: "error",
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      await response.body?.cancel();
    } catch (error) {
      const reason = error instanceof Error && error.name === "TimeoutError" ? "timed out" : "unreachable";
      return { target, result: "failed", reason };
    }
    if (response.ok) return { target, result: "delivered", status: response.status };
    if (response.status === 404 || response.status === 410) return { target, result: "gone", status: response.status };
    const retryable = response.status === 429 || response.status >= 500;
    const wait = retryAfterMs(response.headers.get("retry-after"), 2000);
    if (!retryable || attempt > 0 || Date.now() + wait + options.timeoutMs > options.deadline) {
      return { target, result: "failed", status: response.status, reason: `answered ${response.status}` };
    }
    await sleep(wait);
  }
}

/** Sends `payload` to every target, at most `concurrency` at a time; one outcome per target, in order. */
export function deliverAll(targets: readonly PushTarget[], payload: string, options: DeliveryOptions): Promise<PushOutcome[]> {
  return deliverEach(
    targets.map((target) => ({ target, payload })),
    options,
  );
}

/** One push: a payload for one device, with what may differ between the pushes of one batch. */
export interface PushJob {
  target: PushTarget;
  payload: string;
  ttlSeconds?: number;
  topic?: string;
}

/** Sends each job's payload to its target, at most `concurrency` at a time; one outcome per job, in order. */
export async function deliverEach(jobs: readonly PushJob[], options: DeliveryOptions): Promise<PushOutcome[]> {
  const outcomes: PushOutcome[] = new Array(jobs.length);
  let next = 0;
  async function worker() {
    while (next < jobs.length) {
      const index = next++;
      const { target, payload, ttlSeconds, topic } = jobs[index]!;
      outcomes[index] =
        Date.now() >= options.deadline
          ? { target, result: "failed", reason: "timed out", notStarted: true }
          : await deliverOne(target, payload, {
              ...options,
              ...(ttlSeconds !== undefined ? { ttlSeconds } : {}),
              ...(topic !== undefined ? { topic } : {}),
            });
    }
  }
  await Promise.all(Array.from({ length: Math.min(options.concurrency, jobs.length) }, worker));
  return outcomes;
}

export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  return webpush.generateVAPIDKeys();
}
