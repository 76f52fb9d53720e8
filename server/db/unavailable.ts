/**
 * Errors that say "the database cannot answer right now" rather than "this request is wrong":
 * the server is restarting or refusing connections, the connection was cut, no connection could
 * be had in time, or a statement ran out of time. The error handler answers them with 503 and
 * `Retry-After` (decision 050); everything else stays a 500.
 */

/** No connection could be had: opening one failed, or none came free from the pool in time. */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`database unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "DatabaseUnavailableError";
  }
}

/** PostgreSQL SQLSTATEs of an unusable connection or server (class 08 is handled by prefix). */
const UNAVAILABLE_SQLSTATES = new Set([
  "57P01", // admin_shutdown: pg_terminate_backend, a fast shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up, shutting down, in recovery
  "57P05", // idle_session_timeout
  "57014", // query_canceled: statement_timeout
  "25P03", // idle_in_transaction_session_timeout
  "53300", // too_many_connections
]);

/** Node's socket errors on the way to the database. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/** pg's own errors, which carry no code. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // the socket closed under a client ("… unexpectedly", or while we ended it)
  /^timeout exceeded when trying to connect/, // the pool's connectionTimeoutMillis
  /^timeout expired/, // a new client's connect timeout
  /^Query read timeout/, // query_timeout: the server did not answer in time
  /is not queryable/, // a client whose connection already failed
];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    if (current instanceof DatabaseUnavailableError) return true;
    if (typeof current !== "object") return false;
    const { code, severity, message } = current as { code?: unknown; severity?: unknown; message?: unknown };
    if (typeof code === "string") {
      if (UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
      if (UNAVAILABLE_SOCKET_CODES.has(code)) return true;
      // SQLite: another connection held the lock for longer than busy_timeout.
      if (code.startsWith("SQLITE_BUSY")) return true;
    }
    // A FATAL error ends the session: the connection is gone whatever the SQLSTATE.
    if (severity === "FATAL" || severity === "PANIC") return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  }
  return false;
}
