import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { SessionRow } from "../db/schema";
import { forbidden, unauthorized } from "../errors";
import { SESSION_ABSOLUTE_MS, type SessionsRepository, type SessionUser } from "../repositories/sessions";

export const SESSION_COOKIE = "sid";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, or null for a visitor. Loaded once per /api request. */
    user: SessionUser | null;
    session: SessionRow | null;
    sessionId: string | null;
  }
}

export interface SessionPluginOptions {
  sessions: SessionsRepository;
  secureCookies: boolean;
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

async function sessionPlugin(app: FastifyInstance, opts: SessionPluginOptions) {
  app.decorateRequest("user", null);
  app.decorateRequest("session", null);
  app.decorateRequest("sessionId", null);

  app.addHook("onRequest", async (request, reply) => {
    if (!request.url.startsWith("/api/")) return;
    const id = request.cookies[SESSION_COOKIE];
    if (!id) return;
    const loaded = await opts.sessions.load(id);
    if (!loaded) {
      clearSessionCookie(reply, opts.secureCookies);
      return;
    }
    request.user = loaded.user;
    request.session = loaded.session;
    request.sessionId = id;
    if (loaded.user.password_reset_required && !RESET_GATE_ALLOWED.has(request.routeOptions.url ?? request.url.split("?")[0]!)) {
      throw forbidden("You must set a new password before continuing.");
    }
  });
}

export function setSessionCookie(reply: FastifyReply, id: string, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, id, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure,
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: "lax", path: "/", secure });
}

/** Guard for a group of routes: a visitor gets 401. */
export async function requireUser(request: FastifyRequest) {
  if (!request.user) throw unauthorized();
}

export default fp(sessionPlugin, { name: "session", dependencies: ["@fastify/cookie"] });
