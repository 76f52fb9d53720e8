import { timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { messageRef } from "../../core/i18n/translate";
import { forbidden, unauthorized } from "../errors";
import { requestOrigin } from "../http/request-context";

// The two checks behind the CSRF rule (docs/product.md#sessions-and-csrf, docs/decisions/001).
// The route-guards hook decides when they apply: the Origin check on every state-changing /api
// call, the token unless the route declares `csrf: false` (sign-in and registration,
// core/api-paths.ts CSRF_EXEMPT_PATHS).

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The origin a URL-ish text names ("https://host:port"), or null when it does not parse. */
function originOf(text: string): string | null {
  try {
    const origin = new URL(text).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

/**
 * A browser names the page's origin on cross-site requests; it must be our own: the same scheme,
 * host and port. The scheme is the one the request arrived with (behind a trusted TLS proxy, the
 * one the proxy reports). No header passes (not a browser, or a same-origin request that omits it).
 */
export function assertSameOrigin(request: FastifyRequest): void {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  // Through URL, so "http://host:80" and "http://host" are the same origin.
  if (originOf(origin) !== requestOrigin(request)) throw forbidden(messageRef("server.cross_origin_refused"));
}

/** The session's token in X-CSRF-Token: without a session there is nothing to match (401). */
export function assertCsrfToken(request: FastifyRequest): void {
  if (!request.session) throw unauthorized();
  const token = request.headers["x-csrf-token"];
  if (typeof token !== "string" || !sameToken(token, request.session.csrf_token)) {
    throw forbidden(messageRef("server.csrf_invalid"));
  }
}
