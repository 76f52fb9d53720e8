import { messageRef } from "../../core/i18n/translate";
import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import fp from "fastify-plugin";
import { ADMIN_LOCKED, ADMIN_UNLOCK_MS, ADMINS_ONLY } from "../../core/admin";
import { forbidden, type HttpError, unauthorized } from "../errors";
import type { SessionUser } from "../repositories/sessions";
import { isApiRequest } from "../http/request-context";
import { assertCsrfToken, assertSameOrigin } from "./csrf";

/**
 * Who may call a route: anyone, a signed-in user, an admin, or an admin whose session passed the
 * passcode step-up within ADMIN_UNLOCK_MS.
 */
export type AuthLevel = "public" | "user" | "admin" | "admin-unlocked";

export interface RouteGuards {
  auth: AuthLevel;
  /** State-changing calls must carry the session's CSRF token. Off only for sign-in and registration. */
  csrf: boolean;
  /** Still reachable by a user whose password an admin reset, before they set a new one. */
  allowDuringPasswordReset: boolean;
}

declare module "fastify" {
  // Each guard is a route setting: `app.get(path, { config: { auth: "public" } }, handler)`.
  interface FastifyContextConfig {
    auth?: AuthLevel;
    csrf?: boolean;
    allowDuringPasswordReset?: boolean;
  }
  interface FastifyInstance {
    /** Every /api route with the guards it resolved to (for tests and reviews of the route table). */
    routeGuards(): Array<{ method: string; url: string } & RouteGuards>;
  }
}

/** What an /api route gets when neither it nor its group says otherwise: closed by default. */
export const DEFAULT_GUARDS: RouteGuards = { auth: "user", csrf: true, allowDuringPasswordReset: false };
/**
 * An /api path no route matches (the 404 handler): a visitor's GET learns "Not found", while a
 * state-changing call still meets the Origin and CSRF checks first, as every other one does.
 */
export const UNKNOWN_PATH_GUARDS: RouteGuards = { auth: "public", csrf: true, allowDuringPasswordReset: false };

export const PASSWORD_RESET_PENDING = messageRef("server.password_reset_pending");
// The panel reads them too, to tell a locked panel from other refusals.
export { ADMIN_LOCKED, ADMIN_UNLOCK_MS, ADMINS_ONLY };

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

type RouteConfig = Partial<RouteGuards> | undefined;

function resolve(config: RouteConfig): RouteGuards {
  return {
    auth: config?.auth ?? DEFAULT_GUARDS.auth,
    csrf: config?.csrf ?? DEFAULT_GUARDS.csrf,
    allowDuringPasswordReset: config?.allowDuringPasswordReset ?? DEFAULT_GUARDS.allowDuringPasswordReset,
  };
}

/**
 * Defaults for every route a plugin registers (a folder of routes): call it first thing in an
 * encapsulated route plugin. A route's own `config` still wins.
 */
export function setGuardDefaults(app: FastifyInstance, defaults: Partial<RouteGuards>): void {
  app.addHook("onRoute", (route) => {
    const own = Object.fromEntries(Object.entries(route.config ?? {}).filter(([, value]) => value !== undefined));
    route.config = { ...defaults, ...own };
  });
}

export function isAdminUnlocked(unlockedAt: string | null | undefined, now = Date.now()): boolean {
  if (!unlockedAt) return false;
  const at = new Date(unlockedAt).getTime();
  return at <= now && now - at < ADMIN_UNLOCK_MS;
}

/** Who is asking, as the guards see them: the request's user and session, or the fast lane's kept ones. */
type Asking = {
  user: Pick<SessionUser, "is_admin" | "password_reset_required"> | null | undefined;
  session: { admin_unlocked_at: string | null } | null | undefined;
};

/** A user whose password an admin reset may reach only the routes that allow it. */
function passwordResetRefusal(guards: RouteGuards, { user }: Asking): HttpError | null {
  return user?.password_reset_required && !guards.allowDuringPasswordReset ? forbidden(PASSWORD_RESET_PENDING) : null;
}

function accessRefusal(level: AuthLevel, { user, session }: Asking): HttpError | null {
  if (level === "public") return null;
  if (!user) return unauthorized();
  if (level === "user") return null;
  if (!user.is_admin) return forbidden(ADMINS_ONLY);
  if (level === "admin-unlocked" && !isAdminUnlocked(session?.admin_unlocked_at)) return forbidden(ADMIN_LOCKED);
  return null;
}

/**
 * The refusal a read (GET, HEAD) meets on a route with `guards`, or null: the password-reset gate,
 * then the access level. The one home of the rule: the hook below applies it to every request,
 * and the fast lane (server/http/fast-lane.ts, decision 096) asks it before answering from memory, so
 * the two cannot drift apart (issue 36).
 */
export function readRefusal(guards: RouteGuards, asking: Asking): HttpError | null {
  return passwordResetRefusal(guards, asking) ?? accessRefusal(guards.auth, asking);
}

/**
 * The one hook that enforces every route's guards, after the session plugin has said who is
 * asking. Order matters and is part of the API: the password-reset gate, then (state-changing
 * calls) the Origin and the CSRF token, then the access level.
 */
async function routeGuards(app: FastifyInstance) {
  const routes: RouteOptions[] = [];
  // The route objects are read later, so defaults set by a route plugin's own onRoute hook count.
  app.addHook("onRoute", (route) => {
    if (route.url.startsWith("/api/")) routes.push(route);
  });
  app.decorate("routeGuards", () =>
    routes.flatMap((route) => [route.method].flat().map((method) => ({ method, url: route.url, ...resolve(route.config as RouteConfig) }))),
  );

  // A callback hook, not an async one: every check is synchronous, so no promise per request.
  app.addHook("onRequest", (request, _reply, done) => {
    try {
      assertGuards(request);
    } catch (error) {
      return done(error as Error);
    }
    done();
  });
}

function assertGuards(request: FastifyRequest): void {
  if (!isApiRequest(request)) return;
  const guards = request.is404 ? UNKNOWN_PATH_GUARDS : resolve(request.routeOptions.config);
  const asking: Asking = { user: request.user, session: request.session };
  if (!STATE_CHANGING.has(request.method)) {
    const refusal = readRefusal(guards, asking);
    if (refusal) throw refusal;
    return;
  }
  // A write: the same rule with the Origin and the CSRF token checked between its two steps.
  const pending = passwordResetRefusal(guards, asking);
  if (pending) throw pending;
  assertSameOrigin(request);
  if (guards.csrf) assertCsrfToken(request);
  const refusal = accessRefusal(guards.auth, asking);
  if (refusal) throw refusal;
}

export default fp(routeGuards, { name: "route-guards", dependencies: ["session"] });
