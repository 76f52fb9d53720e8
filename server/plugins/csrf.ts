import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { forbidden, unauthorized } from "../errors";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Sign-in and registration create the session, so there is no token to carry yet (spec §7). */
const CSRF_EXEMPT = new Set(["/api/login", "/api/auth/login", "/api/register", "/api/auth/register"]);

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Every state-changing /api call must come from our own origin (when the browser says where
 * from) and, apart from sign-in and registration, carry the session's CSRF token.
 * Runs after the session plugin's hook, so request.session is known.
 */
async function csrfPlugin(app: FastifyInstance) {
  app.addHook("onRequest", async (request) => {
    if (!STATE_CHANGING.has(request.method) || !request.url.startsWith("/api/")) return;

    const origin = request.headers.origin;
    if (origin !== undefined) {
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

    const path = request.url.split("?")[0]!;
    if (CSRF_EXEMPT.has(path)) return;
    if (!request.session) throw unauthorized();
    const token = request.headers["x-csrf-token"];
    if (typeof token !== "string" || !sameToken(token, request.session.csrf_token)) {
      throw forbidden("Invalid or missing CSRF token");
    }
  });
}

export default fp(csrfPlugin, { name: "csrf", dependencies: ["session"] });
