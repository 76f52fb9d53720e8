import { t } from "@/lib/i18n";

/** An Error whose message is "{status}: {body or statusText}" (docs/product.md#api-client), with the parts kept. */
export class ApiError extends Error {
  readonly status: number;
  /** The raw response text (may be empty). */
  readonly body: string;
  /** The parsed JSON body when the body was JSON (`{ message, errors? }` from our server). */
  readonly data: unknown;
  /** The response's status text ("Forbidden"), for errors worded "{status}: {statusText}". */
  readonly statusText: string;

  constructor(status: number, body: string, statusText: string) {
    super(`${status}: ${body || statusText}`);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
    this.statusText = statusText;
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

/**
 * The session ended (expired, or signed out elsewhere): raised for any 401 outside sign-in.
 * Code tells it apart by type (`isSessionExpired`), never by its message.
 */
export class SessionExpiredError extends ApiError {
  constructor(body = "") {
    super(401, body, "Unauthorized");
    this.name = "SessionExpiredError";
    // The documented text (docs/product.md#client-error-texts), whatever the server's body said.
    this.message = t("common.session_expired_error");
  }
}

export function isSessionExpired(error: unknown): error is SessionExpiredError {
  return error instanceof SessionExpiredError;
}

/**
 * The text to show a person for an error from this client: the server's `message` when the
 * body was our JSON error shape, else the error text itself, else `fallback` ("Something went wrong").
 */
export function errorMessage(error: unknown, fallback = t("common.something_went_wrong")): string {
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
