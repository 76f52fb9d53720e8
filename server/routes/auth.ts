import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  ACCOUNT_PATH,
  FORGOT_PASSWORD_PATH,
  REGISTER_PATHS,
  RESET_LINK_CHECK_PATH,
  RESET_PASSWORD_PATH,
  SECOND_FACTOR_PATH,
  SIGN_IN_CHALLENGE_COOKIE,
  SIGN_IN_PATHS,
  SIGN_OUT_PATHS,
} from "../../core/api-paths";
import { secondFactorRequiredSchema, twoFactorCodeSchema } from "../../core/schemas/two-factor";
import type { SignInOutcome } from "../services/account-service";
import { SIGN_IN_CHALLENGE_MS } from "../services/two-factor";
import {
  deleteAccountSchema,
  forgotPasswordSchema,
  registerSchema,
  resetLinkCheckSchema,
  resetPasswordSchema,
  setNewPasswordSchema,
  signInSchema,
} from "../../core/schemas/auth";
import { userSchema } from "../../core/schemas/user";
import { contentEtag, oncePerUser, sendIfNotModified } from "../http/conditional-get";
import { notFound, parseWith } from "../errors";
import { toPublicUser } from "../repositories/users";
import { responseSchema } from "../response-schema";
import type { Services } from "../services";
import { requireUser } from "../http/request-context";
import { ADMIN_UNLOCK_MS, isAdminUnlocked } from "../plugins/route-guards";
import { browserOf } from "../http/browser";

/** Every answer carrying a user goes through the User contract: no column beyond it is sent. */
const userJson = responseSchema(userSchema);
const okJson = responseSchema(z.object({ ok: z.literal(true) }));
/** A sign-in's answer: the user, or `{ secondFactorRequired: true }` and no session yet (decision 136). */
const signInJson = responseSchema(z.union([userSchema, secondFactorRequiredSchema]));
const sessionJson = responseSchema(z.object({ user: userSchema.nullable(), adminUnlockedUntil: z.string().nullable() }));

/**
 * The answer to GET /api/user and its tag: no parse of the classes, no digest, for an unchanged
 * user. `body` is what the fast lane sends (decision 096): the same bytes as the route's schema
 * serializer gives for `user` (server/http/fast-lane.test.ts compares them).
 */
const userAnswer = oncePerUser((sessionUser) => {
  const user = toPublicUser(sessionUser);
  return { user, etag: contentEtag("user", user), body: JSON.stringify(user) };
});

export default async function authRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { accounts, sessionService, authRateLimiter } = services;

  async function register(request: FastifyRequest, reply: FastifyReply) {
    await authRateLimiter.registerAttempt(request.ip);
    const input = parseWith(registerSchema, request.body);
    const user = await accounts.register(browserOf(request, reply), input);
    request.log.info({ userId: user.id }, "user registered");
    return reply.code(201).send(toPublicUser(user));
  }

  /**
   * A sign-in's answer: the user, or, for an account with two-step verification, no session yet and
   * the challenge in a short-lived cookie only the second step's path is sent (decision 136).
   */
  function signedIn(request: FastifyRequest, reply: FastifyReply, outcome: SignInOutcome) {
    if (outcome.user) return toPublicUser(outcome.user);
    reply.setCookie(SIGN_IN_CHALLENGE_COOKIE, outcome.challenge, {
      httpOnly: true,
      sameSite: "strict",
      path: SECOND_FACTOR_PATH,
      secure: request.server.secureCookies,
      maxAge: SIGN_IN_CHALLENGE_MS / 1000,
    });
    return { secondFactorRequired: true as const };
  }

  async function login(request: FastifyRequest, reply: FastifyReply) {
    // Counted per address and account inside signIn, before the password is checked (decision 051).
    const input = parseWith(signInSchema, request.body);
    return signedIn(request, reply, await accounts.signIn(browserOf(request, reply), input));
  }

  async function logout(request: FastifyRequest, reply: FastifyReply) {
    await sessionService.end(browserOf(request, reply));
    return { ok: true };
  }

  // Sign-in and registration create the session, so there is no token to carry yet
  // (docs/product.md#sessions-and-csrf): their `csrf: false` must match core/api-paths.ts
  // CSRF_EXEMPT_PATHS, which the client reads.
  const startsASession = { auth: "public", csrf: false } as const;
  for (const path of REGISTER_PATHS) app.post(path, { config: startsASession, schema: { response: { 201: userJson } } }, register);
  for (const path of SIGN_IN_PATHS) app.post(path, { config: startsASession, schema: { response: { 200: signInJson } } }, login);
  // The second step: the challenge's cookie and a code start the session; the cookie goes either way once it did.
  app.post(SECOND_FACTOR_PATH, { config: startsASession, schema: { response: { 200: userJson } } }, async (request, reply) => {
    const { code } = parseWith(twoFactorCodeSchema, request.body);
    const user = await services.twoFactor.secondFactor(browserOf(request, reply), request.cookies[SIGN_IN_CHALLENGE_COOKIE], code);
    reply.clearCookie(SIGN_IN_CHALLENGE_COOKIE, { path: SECOND_FACTOR_PATH });
    return toPublicUser(user);
  });
  // Forgot password by email (decision 115): only when mail is sent (SMTP_URL), else 404 as a
  // visitor's unknown call. The request answers the same whether or not an account uses the
  // address; a reset signs this browser in. A student held on /password-reset by an admin's reset
  // may use a mailed link too (the temporary password may be what they lost).
  const forgotten = { ...startsASession, allowDuringPasswordReset: true } as const;
  app.post(FORGOT_PASSWORD_PATH, { config: forgotten, schema: { response: { 202: okJson } } }, async (request, reply) => {
    const service = services.passwordReset;
    if (!service) throw notFound();
    await service.request(browserOf(request, reply), parseWith(forgotPasswordSchema, request.body));
    return reply.code(202).send({ ok: true });
  });
  app.post(RESET_PASSWORD_PATH, { config: forgotten, schema: { response: { 200: signInJson } } }, async (request, reply) => {
    const service = services.passwordReset;
    if (!service) throw notFound();
    return signedIn(request, reply, await service.reset(browserOf(request, reply), parseWith(resetPasswordSchema, request.body)));
  });
  app.post(RESET_LINK_CHECK_PATH, { config: forgotten }, async (request, reply) => {
    const service = services.passwordReset;
    if (!service) throw notFound();
    await service.check(parseWith(resetLinkCheckSchema, request.body));
    return reply.code(204).send();
  });
  // A user stuck on the password-reset page may still sign out, read who they are and fetch the token.
  for (const path of SIGN_OUT_PATHS) app.post(path, { config: { allowDuringPasswordReset: true } }, logout);

  // Deleting one's own account (docs/product.md#settings-dialog): the password confirms it, or for
  // an account without one a fresh sign-in through its provider (decision 110).
  app.delete(ACCOUNT_PATH, async (request, reply) => {
    const { password } = parseWith(deleteAccountSchema, request.body ?? {});
    await services.accounts.deleteOwnAccount(browserOf(request, reply), requireUser(request), password);
    return reply.code(204).send();
  });

  app.get("/api/user", { config: { allowDuringPasswordReset: true }, schema: { response: { 200: userJson } } }, async (request, reply) => {
    const { user, etag } = userAnswer(requireUser(request));
    if (sendIfNotModified(request, reply, etag)) return reply;
    return user;
  });
  app.hotRead("/api/user", { answer: userAnswer });

  // Who is signed in, with a visitor's answer a 200 too: the client's start-up check reads this, so
  // a visit to the landing page logs no failed request in the console (docs/decisions/067).
  // GET /api/user keeps the spec's 401 for a visitor.
  app.get(
    "/api/session",
    { config: { auth: "public", allowDuringPasswordReset: true }, schema: { response: { 200: sessionJson } } },
    async (request, reply) => {
      // When the admin passcode step-up ends, so the panel knows when to show its gate again.
      const unlockedAt = request.user?.is_admin && request.session?.admin_unlocked_at;
      const adminUnlockedUntil =
        unlockedAt && isAdminUnlocked(unlockedAt) ? new Date(Date.parse(unlockedAt) + ADMIN_UNLOCK_MS).toISOString() : null;
      const session = { user: request.user ? toPublicUser(request.user) : null, adminUnlockedUntil };
      if (sendIfNotModified(request, reply, contentEtag("session", session))) return reply;
      return session;
    },
  );

  // The token is bound to the session; a visitor has none yet (sign-in needs no token).
  const csrfToken = async (request: FastifyRequest) => ({ csrfToken: request.session?.csrf_token ?? null });
  const tokenConfig = { auth: "public", allowDuringPasswordReset: true } as const;
  app.get("/api/csrf-token", { config: tokenConfig }, csrfToken);
  app.get("/api/admin/csrf-token", { config: tokenConfig }, csrfToken);

  app.post(
    "/api/auth/set-new-password",
    { config: { allowDuringPasswordReset: true }, schema: { response: { 200: userJson } } },
    async (request, reply) => {
      const input = parseWith(setNewPasswordSchema, request.body);
      return toPublicUser(await accounts.setNewPassword(browserOf(request, reply), requireUser(request), input));
    },
  );
}
