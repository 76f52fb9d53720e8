import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { SessionRow } from "../db/schema";
import { forbidden, unauthorized } from "../errors";
import type { SessionUser } from "../repositories/sessions";
import type { SessionService } from "../services/session-service";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, or null for a visitor. Loaded once per /api request. */
    user: SessionUser | null;
    session: SessionRow | null;
    sessionId: string | null;
  }
}

export interface SessionPluginOptions {
  sessionService: SessionService;
}

/** Paths a user who must change their password may still call. */
const RESET_GATE_ALLOWED = new Set([
  "/api/user",
  "/api/logout",
  "/api/auth/logout",
  "/api/auth/set-new-password",
  "/api/csrf-token",
  "/api/admin/csrf-token",
  "/api/health",
  "/api/settings/public",
]);

async function sessionPlugin(app: FastifyInstance, { sessionService }: SessionPluginOptions) {
  app.decorateRequest("user", null);
  app.decorateRequest("session", null);
  app.decorateRequest("sessionId", null);

  app.addHook("onRequest", async (request, reply) => {
    if (!request.url.startsWith("/api/")) return;
    await sessionService.resume(request, reply);
    if (request.user?.password_reset_required && !RESET_GATE_ALLOWED.has(request.routeOptions.url ?? request.url.split("?")[0]!)) {
      throw forbidden("You must set a new password before continuing.");
    }
  });
}

/** Guard for a group of routes: a visitor gets 401. */
export async function requireUser(request: FastifyRequest) {
  if (!request.user) throw unauthorized();
}

export default fp(sessionPlugin, { name: "session", dependencies: ["@fastify/cookie"] });
