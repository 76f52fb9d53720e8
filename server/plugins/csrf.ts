import { timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { forbidden, unauthorized } from "../errors";

// The two checks behind design.md's CSRF rule. The route-guards hook decides when they apply:
// the Origin check on every state-changing /api call, the token unless the route declares
// `csrf: false` (sign-in and registration, core/api-paths.ts CSRF_EXEMPT_PATHS).

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A browser names the page's origin on cross-site requests; it must be our own. No header passes (not a browser, or same-origin GET-like). */
export function assertSameOrigin(request: FastifyRequest): void {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  let host: string | null = null;
  try {
    host = new URL(origin).host;
  } catch {
    host = null;
  }
  // Compare through URL so "host:80" and "host" count as the same origin.
  const ownHost = new URL(`${request.protocol}://${request.host}`).host;
  if (host === null || host !== ownHost) throw forbidden("Cross-origin request refused");
}

/** The session's token in X-CSRF-Token: without a session there is nothing to match (401). */
export function assertCsrfToken(request: FastifyRequest): void {
  if (!request.session) throw unauthorized();
  const token = request.headers["x-csrf-token"];
  if (typeof token !== "string" || !sameToken(token, request.session.csrf_token)) {
    throw forbidden("Invalid or missing CSRF token");
  }
}
