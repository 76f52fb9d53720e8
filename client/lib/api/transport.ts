import type { QueryFunction } from "@tanstack/react-query";
import { ACCOUNT_PATH, ADMIN_LOGIN_PATH, CSRF_EXEMPT_PATHS, SECOND_FACTOR_PATH, SIGN_IN_PATHS, TWO_FACTOR_PATH } from "@core/api-paths";
import { csrfTokenFor, NO_CACHE_HEADERS, pathOf } from "./csrf-token";
import { ApiError, SessionExpiredError } from "./errors";
import { dropAnswer, keepAnswer, keptAnswer } from "./kept-answers";
import { forgetSession, redirectToAuth } from "./session-expiry";
import { noteAnswer } from "./offline-copies";
import { activeLocale, t } from "@/lib/i18n";

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
/** A 401 here means "wrong credentials" (or a wrong admin passcode), not "session expired". */
const LOGIN_PATHS = new Set<string>([...SIGN_IN_PATHS, SECOND_FACTOR_PATH, ADMIN_LOGIN_PATH]);

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE" | "PATCH";

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
  /** Sent as If-Match on a task's or event's write: the ETag of the row the change was made on (a 412 if it changed meanwhile). */
  ifMatch?: string;
  /** How long to wait for the answer, when a call is known to take longer than API_TIMEOUT_MS (a roster import). */
  timeoutMs?: number;
};

async function send(method: string, url: string, body: unknown, options: RequestOptions): Promise<Response | null> {
  const upper = typeof method === "string" ? method.toUpperCase() : "";
  if (!ALLOWED_METHODS.has(upper)) throw new Error("Invalid HTTP method");
  if (typeof url !== "string" || !url.startsWith("/api/")) throw new Error("Invalid API URL");

  const path = pathOf(url);
  const hasBody = body !== undefined;
  // The server words its answers (errors above all) in the language the app shows (decision 108).
  const headers: Record<string, string> = { ...NO_CACHE_HEADERS, "Accept-Language": activeLocale() };
  if (options.idempotencyKey) headers["Idempotency-Key"] = options.idempotencyKey;
  if (options.ifNoneMatch) headers["If-None-Match"] = options.ifNoneMatch;
  if (options.ifMatch) headers["If-Match"] = options.ifMatch;
  // A file (a roster bundle) goes as its own bytes and type; anything else as JSON.
  const file = body instanceof Blob ? body : null;
  if (hasBody) headers["Content-Type"] = file ? file.type || "application/octet-stream" : "application/json";
  if (MUTATING_METHODS.has(upper) && !CSRF_EXEMPT.has(path)) {
    const token = await csrfTokenFor(url);
    if (token) headers["X-CSRF-Token"] = token;
  }

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? API_TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(url, {
      method: upper,
      headers,
      body: file ?? (hasBody ? JSON.stringify(body) : undefined),
      credentials: "include",
      signal: controller.signal,
    });
  } catch (error) {
    if (controller.signal.aborted) throw new Error(t("common.request_timed_out"));
    throw error;
  } finally {
    clearTimeout(timer);
  }

  noteAnswer(path, res);
  // Deleting one's account, or turning off two-step verification, asks for the password: its 401 is a wrong password too.
  const checksCredentials = LOGIN_PATHS.has(path) || (upper === "DELETE" && (path === ACCOUNT_PATH || path === TWO_FACTOR_PATH));
  if (res.status === 401 && !checksCredentials) {
    // Read the body even though only the status matters: API answers are no-store, and a browser
    // keeps an unread no-store body's request open (and its connection busy) indefinitely.
    const text = await res.text().catch(() => "");
    // The session is gone, so are the token bound to it and the answers read under it.
    forgetSession();
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
  options: Pick<RequestOptions, "idempotencyKey" | "timeoutMs" | "ifMatch"> = {},
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
  options: Pick<RequestOptions, "idempotencyKey" | "timeoutMs" | "ifMatch"> = {},
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
  const kept = keptAnswer(url);
  const res = await send("GET", url, undefined, { on401, ifNoneMatch: kept?.etag });
  if (res === null) {
    dropAnswer(url);
    return null;
  }
  // Unchanged since the kept answer: parse the kept text (a fresh object, as a 200 would give).
  if (res.status === 304) return JSON.parse(kept!.text);
  const text = await res.text();
  keepAnswer(url, res.headers.get("etag"), text);
  return text ? JSON.parse(text) : null;
}

/**
 * The default TanStack query function: GET on the query key segments joined with "/".
 * `on401: "returnNull"` is the optional mode used by the user query.
 */
export function getQueryFn<T>({ on401 }: { on401: "returnNull" | "throw" }): QueryFunction<T> {
  return async ({ queryKey }) => (await conditionalGet(queryKey.join("/"), on401)) as T;
}
