/**
 * The session's CSRF token, fetched once and kept in memory until the session changes
 * (docs/product.md#api-client).
 */

/** Sent with every request of this client: the browser's HTTP cache stays out of the way. */
export const NO_CACHE_HEADERS = { "Cache-Control": "no-cache", Pragma: "no-cache" } as const;

let cachedCsrfToken: string | null = null;
/**
 * The token request under way, shared so that several changes started together (two quick
 * checkbox clicks) fetch the token once (docs/product.md#api-client), instead of once each.
 */
let pendingCsrfToken: Promise<string | null> | null = null;
/** Bumped by forgetCsrfToken so a request started for the old session cannot cache its answer. */
let csrfGeneration = 0;

/** Forget the cached token (the session changed); part of forgetSession (session-expiry.ts). */
export function forgetCsrfToken(): void {
  cachedCsrfToken = null;
  pendingCsrfToken = null;
  csrfGeneration += 1;
}

/** A URL's path, without its query or fragment. */
export function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

async function fetchCsrfToken(): Promise<string | null> {
  const init: RequestInit = { method: "GET", credentials: "include", headers: { ...NO_CACHE_HEADERS } };
  let res = await fetch("/api/csrf-token", init);
  if (!res.ok) res = await fetch("/api/admin/csrf-token", init);
  if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
  const data = (await res.json()) as { csrfToken?: unknown } | null;
  const token = data?.csrfToken;
  // A visitor without a session gets `{ csrfToken: null }`: nothing to cache.
  return typeof token === "string" && token.length > 0 ? token : null;
}

function sharedCsrfTokenRequest(): Promise<string | null> {
  if (!pendingCsrfToken) {
    const generation = csrfGeneration;
    const request = fetchCsrfToken().then((token) => {
      if (token && generation === csrfGeneration) cachedCsrfToken = token;
      return token;
    });
    pendingCsrfToken = request;
    const forget = () => {
      if (pendingCsrfToken === request) pendingCsrfToken = null;
    };
    request.then(forget, forget);
  }
  return pendingCsrfToken;
}

/**
 * The token to send with a state-changing call to `url`. Failing to load it only warns (the
 * server then answers 403), except under /api/admin/, where the error is thrown.
 */
export async function csrfTokenFor(url: string): Promise<string | null> {
  if (cachedCsrfToken) return cachedCsrfToken;
  try {
    return await sharedCsrfTokenRequest();
  } catch (error) {
    console.warn("Failed to get CSRF token");
    if (pathOf(url).startsWith("/api/admin/")) throw error;
    return null;
  }
}
