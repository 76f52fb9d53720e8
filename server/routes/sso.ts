import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { requestLocale } from "../i18n";
import { browserOf, resumeSession } from "../http/browser";
import { requireUser } from "../http/request-context";
import { responseSchema } from "../response-schema";
import type { Services } from "../services";
import { refusalLocation, SSO_LOGIN_COOKIE, SSO_LOGIN_TTL_MS, type SsoPurpose, SsoRefusal } from "../services/sso";

/**
 * Provider sign-ins one address may start per minute: each writes a login row (kept 10 minutes), so
 * a loop cannot fill the table; a class of 40 starting at once behind the school's one address, twice
 * over, stays far below it. Scaled by AUTH_RATE_LIMIT_MULTIPLIER as the other sign-in limits are.
 */
export const SSO_STARTS_PER_MINUTE = 120;

const providersJson = responseSchema(z.array(z.object({ id: z.string(), label: z.string() })));
const registrationJson = responseSchema(z.object({ mode: z.enum(["open", "sso-only", "closed"]), passwordResetByEmail: z.boolean() }));
const signInMethodsJson = responseSchema(
  z.object({ password: z.boolean(), providers: z.array(z.object({ id: z.string(), label: z.string() })) }),
);

/**
 * Single sign-on (decision 110). The two /auth/sso pages are navigations, not API calls: they
 * answer with redirects (to the provider, then back into the app or to the auth screen with an
 * `sso_error`), never with JSON, and no refusal changes anything.
 */
export default async function ssoRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { sso, config } = services;

  app.get("/api/auth/providers", { config: { auth: "public" }, schema: { response: { 200: providersJson } } }, async (request) =>
    sso.list(requestLocale(request)),
  );

  app.get("/api/auth/registration", { config: { auth: "public" }, schema: { response: { 200: registrationJson } } }, async () => ({
    mode: config.registrationMode,
    // Whether the sign-in form offers "Forgot password?" (decision 115): only when mail is sent.
    passwordResetByEmail: config.mail !== null,
  }));

  app.get("/api/user/sign-in-methods", { schema: { response: { 200: signInMethodsJson } } }, async (request) => {
    const user = requireUser(request);
    const [hash, providers] = await Promise.all([
      services.users.findPasswordHash(user.id),
      sso.providersOf(services, user.id, requestLocale(request)),
    ]);
    return { password: Boolean(hash), providers };
  });

  /** A refusal is the auth screen with its code; anything else fails as any request does. */
  async function redirecting(request: FastifyRequest, reply: FastifyReply, work: () => Promise<string>) {
    reply.header("cache-control", "no-store");
    // Who is asking: the session plugin loads it for /api requests only. A signed-in browser's
    // session is the one a sign-in ends, and the account a deletion is confirmed for.
    await resumeSession(request, reply, services.sessionService);
    try {
      const location = await work();
      // A sign-in wrote sessions (the new one, the old one ended): as after any write (the session
      // plugin settles before answering a POST), this instance's memory has them before the
      // browser's next request, so the old cookie is refused at once.
      await services.sessionService.settle();
      return reply.redirect(location, 302);
    } catch (error) {
      if (!(error instanceof SsoRefusal)) throw error;
      request.log.info({ ssoError: error.code, detail: error.message }, "single sign-on refused");
      return reply.redirect(refusalLocation(error.code), 302);
    }
  }

  // The login's key: this browser's only, sent back to the callback alone, for its 10 minutes.
  const loginCookie = { httpOnly: true, sameSite: "lax", path: "/auth/sso", secure: app.secureCookies } as const;
  const startLimit = { rateLimit: { max: Math.ceil(SSO_STARTS_PER_MINUTE * config.authRateLimitMultiplier), timeWindow: "1 minute" } };
  app.get<{ Params: { id: string }; Querystring: { purpose?: string } }>("/auth/sso/:id", { config: startLimit }, (request, reply) =>
    redirecting(request, reply, async () => {
      // Confirming a deletion is for the signed-in account only; anything else is a sign-in.
      const purpose: SsoPurpose = request.query.purpose === "confirm-deletion" && request.user ? "confirm-deletion" : "sign-in";
      const { url, loginId } = await sso.start(browserOf(request, reply), request.params.id, purpose);
      reply.setCookie(SSO_LOGIN_COOKIE, loginId, { ...loginCookie, maxAge: SSO_LOGIN_TTL_MS / 1000 });
      return url;
    }),
  );

  app.get<{ Params: { id: string } }>("/auth/sso/:id/callback", (request, reply) => {
    const query = request.url.includes("?") ? request.url.slice(request.url.indexOf("?") + 1) : "";
    return redirecting(request, reply, () => {
      const loginId = request.cookies[SSO_LOGIN_COOKIE];
      reply.clearCookie(SSO_LOGIN_COOKIE, loginCookie);
      return sso.finish(browserOf(request, reply), request.params.id, query, loginId);
    });
  });
}
