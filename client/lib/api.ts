import type { QueryFunction } from "@tanstack/react-query";
import { CSRF_EXEMPT_PATHS, SIGN_IN_PATHS } from "@core/api-paths";
import { ROUTES } from "@/lib/routes";

/**
 * The one API client (docs/product.md#api-client). Every call to the server goes through `apiRequest`
 * (or the default query function built on it), so the transport rules live in one place:
 * method and URL whitelist, cookies, no-cache headers, a 30 s time-out, the CSRF header and the
 * "{status}: {body}" error text.
 */

export const API_TIMEOUT_MS = 30_000;

const MUTATING_METHODS = new Set(["POST", "PUT", "DELETE", "PATCH"]);
const ALLOWED_METHODS = new Set(["GET", ...MUTATING_METHODS]);
/** Sign-in and registration carry no CSRF token: the same list the server's CSRF guard exempts. */
const CSRF_EXEMPT = new Set(CSRF_EXEMPT_PATHS);
/** A 401 here means "wrong credentials", not "session expired". */
const LOGIN_PATHS = new Set<string>(SIGN_IN_PATHS);

const NO_CACHE_HEADERS = { "Cache-Control": "no-cache", Pragma: "no-cache" } as const;

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE" | "PATCH";

/** An Error whose message is "{status}: {body or statusText}" (docs/product.md#api-client), with the parts kept. */
export class ApiError extends Error {
  readonly status: number;
  /** The raw response text (may be empty). */
  readonly body: string;
  /** The parsed JSON body when the body was JSON (`{ message, errors? }` from our server). */
  readonly data: unknown;

  constructor(status: number, body: string, statusText: string) {
    super(`${status}: ${body || statusText}`);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
    let data: unknown = undefined;
    try {
      data = body ? JSON.parse(body) : undefined;
    } catch {
      data = undefined;
    }
    this.data = data;
  }
}

/** The error text for a 401 outside sign-in (docs/product.md#client-error-texts). */
export const SESSION_EXPIRED_MESSAGE = "401: Session expired. Redirecting to login...";

/**
 * The session ended (expired, or signed out elsewhere): raised for any 401 outside sign-in.
 * Code tells it apart by type (`isSessionExpired`), never by its message.
 */
export class SessionExpiredError extends ApiError {
  constructor(body = "") {
    super(401, body, "Unauthorized");
    this.name = "SessionExpiredError";
    // The documented text (docs/product.md#client-error-texts), whatever the server's body said.
    this.message = SESSION_EXPIRED_MESSAGE;
  }
}

export function isSessionExpired(error: unknown): error is SessionExpiredError {
  return error instanceof SessionExpiredError;
}

let cachedCsrfToken: string | null = null;
/**
 * The token request under way, shared so that several changes started together (two quick
 * checkbox clicks) fetch the token once (docs/product.md#api-client), instead of once each.
 */
let pendingCsrfToken: Promise<string | null> | null = null;
/** Bumped by clearCsrfToken so a request started for the old session cannot cache its answer. */
let csrfGeneration = 0;

/**
 * The last answer of each GET, with its ETag. The no-cache headers above keep the browser's HTTP
 * cache out of the way (and the server sends no-store), so this in-memory copy is what lets a list
 * read be answered 304 with no body: the query function sends If-None-Match and reuses the copy
 * (docs/decisions/066). Memory only, never storage: the next person on a shared computer finds nothing.
 */
const lastAnswers = new Map<string, { etag: string; text: string }>();

/**
 * Forget the cached CSRF token, and the answers kept for conditional reads. Call after sign-in,
 * registration and sign-out (the session changes).
 */
export function clearCsrfToken(): void {
  cachedCsrfToken = null;
  pendingCsrfToken = null;
  csrfGeneration += 1;
  lastAnswers.clear();
}

function pathOf(url: string): string {
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

async function csrfTokenFor(url: string): Promise<string | null> {
  if (cachedCsrfToken) return cachedCsrfToken;
  try {
    return await sharedCsrfTokenRequest();
  } catch (error) {
    console.warn("Failed to get CSRF token");
    if (pathOf(url).startsWith("/api/admin/")) throw error;
    return null;
  }
}

/**
 * How long a 401 waits before leaving for /auth: long enough to read the "Session Expired"
 * toast, which tells the user their unsaved form was kept (docs/product.md#session-expiry-and-task-drafts).
 */
export const SESSION_EXPIRED_REDIRECT_MS = 1500;

/**
 * The session ended while the page was open (signed out in another tab, or expired), found by a
 * call that does not answer 401 (the user query's GET /api/session): as for a 401, the token is
 * forgotten and the browser leaves for /auth after the toast's reading time.
 */
export function sessionEnded(): void {
  clearCsrfToken();
  redirectToAuth();
}

let redirectPending = false;
function redirectToAuth(): void {
  if (typeof window === "undefined" || redirectPending) return;
  redirectPending = true;
  setTimeout(() => {
    redirectPending = false;
    window.location.href = ROUTES.auth;
  }, SESSION_EXPIRED_REDIRECT_MS);
}

type RequestOptions = {
  /** "returnNull": a 401 resolves to null without redirecting (the optional user query). */
  on401?: "returnNull" | "throw";
  /**
   * Sent as Idempotency-Key on a create, so that the server replays its first answer if the same
   * submission arrives again (docs/decisions/052).
   */
  idempotencyKey?: string;
  /** Sent as If-None-Match on a GET: a 304 then comes back as the Response instead of an error. */
  ifNoneMatch?: string;
};

async function send(method: string, url: string, body: unknown, options: RequestOptions): Promise<Response | null> {
  const upper = typeof method === "string" ? method.toUpperCase() : "";
  if (!ALLOWED_METHODS.has(upper)) throw new Error("Invalid HTTP method");
  if (typeof url !== "string" || !url.startsWith("/api/")) throw new Error("Invalid API URL");

  const path = pathOf(url);
  const hasBody = body !== undefined;
  const headers: Record<string, string> = { ...NO_CACHE_HEADERS };
  if (options.idempotencyKey) headers["Idempotency-Key"] = options.idempotencyKey;
  if (options.ifNoneMatch) headers["If-None-Match"] = options.ifNoneMatch;
  if (hasBody) headers["Content-Type"] = "application/json";
  if (MUTATING_METHODS.has(upper) && !CSRF_EXEMPT.has(path)) {
    const token = await csrfTokenFor(url);
    if (token) headers["X-CSRF-Token"] = token;
  }

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), API_TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(url, {
      method: upper,
      headers,
      body: hasBody ? JSON.stringify(body) : undefined,
      credentials: "include",
      signal: controller.signal,
    });
  } catch (error) {
    if (controller.signal.aborted) throw new Error("Request timed out");
    throw error;
  } finally {
    clearTimeout(timer);
  }

  if (res.status === 401 && !LOGIN_PATHS.has(path)) {
    // Read the body even though only the status matters: API answers are no-store, and a browser
    // keeps an unread no-store body's request open (and its connection busy) indefinitely.
    const text = await res.text().catch(() => "");
    // The session is gone, so is the token bound to it.
    clearCsrfToken();
    if (options.on401 === "returnNull") return null;
    redirectToAuth();
    throw new SessionExpiredError(text);
  }
  if (res.status === 304 && options.ifNoneMatch) return res;
  if (!res.ok) {
    let text = "";
    try {
      text = await res.text();
    } catch {
      text = "";
    }
    throw new ApiError(res.status, text, res.statusText);
  }
  return res;
}

/**
 * Calls the API under the API client rules (docs/product.md#api-client) and returns the (ok) Response. Throws on any non-ok
 * answer with the message "{status}: {body or statusText}".
 */
export async function apiRequest(
  method: HttpMethod | string,
  url: string,
  body?: unknown,
  options: Pick<RequestOptions, "idempotencyKey"> = {},
): Promise<Response> {
  return (await send(method, url, body, { ...options, on401: "throw" }))!;
}

/**
 * `apiRequest` for a call where "nobody is signed in" is an answer, not an expired session:
 * a 401 resolves to null with no "Session expired" redirect (sign-out after the session ended).
 */
export async function apiRequestIfSignedIn(method: HttpMethod | string, url: string, body?: unknown): Promise<Response | null> {
  return send(method, url, body, { on401: "returnNull" });
}

/** `apiRequest` plus JSON parsing; resolves to null for an empty (e.g. 204) answer. */
export async function apiJson<T>(
  method: HttpMethod | string,
  url: string,
  body?: unknown,
  options: Pick<RequestOptions, "idempotencyKey"> = {},
): Promise<T> {
  if (body === undefined && typeof method === "string" && method.toUpperCase() === "GET") return (await conditionalGet(url, "throw")) as T;
  const res = await apiRequest(method, url, body, options);
  return readJson<T>(res);
}

async function readJson<T>(res: Response): Promise<T> {
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * A GET that sends If-None-Match when an answer with an ETag is kept for the URL, and reuses that
 * answer on a 304 (docs/decisions/066). Resolves to null for an empty answer, or for a 401 in the
 * "returnNull" mode.
 */
async function conditionalGet(url: string, on401: "returnNull" | "throw"): Promise<unknown> {
  const kept = lastAnswers.get(url);
  const res = await send("GET", url, undefined, { on401, ifNoneMatch: kept?.etag });
  if (res === null) {
    lastAnswers.delete(url);
    return null;
  }
  // Unchanged since the kept answer: parse the kept text (a fresh object, as a 200 would give).
  if (res.status === 304) return JSON.parse(kept!.text);
  const text = await res.text();
  const etag = res.headers.get("etag");
  if (etag && text) lastAnswers.set(url, { etag, text });
  else lastAnswers.delete(url);
  return text ? JSON.parse(text) : null;
}

/**
 * The default TanStack query function: GET on the query key segments joined with "/".
 * `on401: "returnNull"` is the optional mode used by the user query.
 */
export function getQueryFn<T>({ on401 }: { on401: "returnNull" | "throw" }): QueryFunction<T> {
  return async ({ queryKey }) => (await conditionalGet(queryKey.join("/"), on401)) as T;
}

/**
 * The text to show a person for an error from this client: the server's `message` when the
 * body was our JSON error shape, else the error text itself.
 */
export function errorMessage(error: unknown, fallback = "Something went wrong"): string {
  if (error instanceof ApiError) {
    const data = error.data as { message?: unknown } | undefined;
    if (data && typeof data.message === "string" && data.message) return data.message;
    return error.body || error.message || fallback;
  }
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** The `message` of our server's error body, or null (network errors, time-outs, other bodies). */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const data = error.data as { message?: unknown } | undefined;
  return typeof data?.message === "string" && data.message.trim() ? data.message : null;
}

/** Field errors (`errors: { field: [msg] }`) from our server's error shape, if any. */
export function fieldErrorsOf(error: unknown): Record<string, string[]> {
  if (!(error instanceof ApiError)) return {};
  const data = error.data as { errors?: unknown } | undefined;
  const errors = data?.errors;
  if (!errors || typeof errors !== "object") return {};
  const out: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(errors as Record<string, unknown>)) {
    if (Array.isArray(messages)) out[field] = messages.filter((m): m is string => typeof m === "string");
  }
  return out;
}
