import type { FastifyReply, FastifyRequest } from "fastify";
import { requestLocale } from "../i18n";
import { type LoadedSession, SESSION_ABSOLUTE_MS } from "../repositories/sessions";
import type { Browser } from "../services/browser";
import { SESSION_COOKIE, type SessionService } from "../services/session-service";

declare module "fastify" {
  interface FastifyInstance {
    /** Behind TLS (TRUST_PROXY) the app's cookies are Secure (the session plugin sets it). */
    secureCookies: boolean;
  }
}

/** The session cookie's attributes: never read by scripts, sent on top-level navigations from elsewhere (lax). */
export function sessionCookieOptions(secure: boolean) {
  return { httpOnly: true, sameSite: "lax", path: "/", secure } as const;
}

/**
 * The browser a request comes from, as the services see it (server/services/browser.ts): the
 * session it holds is the request's, and holding or forgetting one sets or clears its cookie on the
 * reply.
 */
export function browserOf(request: FastifyRequest, reply: FastifyReply): Browser {
  const cookie = sessionCookieOptions(request.server.secureCookies);
  return {
    ip: request.ip,
    get locale() {
      return requestLocale(request);
    },
    get user() {
      return request.user;
    },
    get session() {
      return request.session;
    },
    get sessionId() {
      return request.sessionId;
    },
    holdSession(id, session) {
      reply.setCookie(SESSION_COOKIE, id, { ...cookie, maxAge: SESSION_ABSOLUTE_MS / 1000 });
      request.sessionId = id;
      if (session) request.session = session;
    },
    forgetSession() {
      reply.clearCookie(SESSION_COOKIE, cookie);
      request.sessionId = null;
    },
  };
}

function attach(request: FastifyRequest, loaded: LoadedSession, id: string) {
  request.user = loaded.user;
  request.session = loaded.session;
  request.sessionId = id;
}

/**
 * Who is asking, when memory can say it without waiting: no cookie (a visitor), or a session kept
 * in memory (docs/decisions/093) whose last-seen time needs no update. Returns false when
 * `resumeSession` must run instead; synchronous, so the common request makes no promise here.
 */
export function resumeSessionFromMemory(request: FastifyRequest, sessionService: Pick<SessionService, "fromMemory">): boolean {
  const id = request.cookies[SESSION_COOKIE];
  if (!id) return true;
  const loaded = sessionService.fromMemory(id);
  if (!loaded) return false;
  attach(request, loaded, id);
  return true;
}

/**
 * Who is asking: loads the cookie's session and its user onto the request. A cookie naming no live
 * session (expired, signed out elsewhere) is cleared and the request is a visitor's.
 */
export async function resumeSession(
  request: FastifyRequest,
  reply: FastifyReply,
  sessionService: Pick<SessionService, "load">,
): Promise<void> {
  const id = request.cookies[SESSION_COOKIE];
  if (!id) return;
  const loaded = await sessionService.load(id);
  if (loaded) attach(request, loaded, id);
  else browserOf(request, reply).forgetSession();
}
