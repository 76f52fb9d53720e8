import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { registerSchema, setNewPasswordSchema, signInSchema } from "../../core/schemas/auth";
import { userSchema } from "../../core/schemas/user";
import { badRequest, conflict, HttpError, parseWith, unauthorized } from "../errors";
import { clearSessionCookie, requireUser, setSessionCookie } from "../plugins/session";
import { normalizeEmail, toPublicUser } from "../repositories/users";
import { responseSchema } from "../response-schema";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "../services/passwords";
import type { Services } from "../services";

const INVALID_CREDENTIALS = "Invalid email or password";
/** Every answer carrying a user goes through the User contract: no column beyond it is sent. */
const userJson = responseSchema(userSchema);

export default async function authRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { users, sessions, authRateLimiter, config } = services;
  const secure = config.trustProxy;

  /** Ends any session the browser had and starts a fresh one: the id changes at sign-in. */
  async function startSession(request: FastifyRequest, reply: FastifyReply, userId: number) {
    if (request.sessionId) await sessions.delete(request.sessionId);
    const { id } = await sessions.create(userId);
    setSessionCookie(reply, id, secure);
  }

  const isBootstrapAdmin = (email: string) => config.adminEmails.includes(normalizeEmail(email));

  async function register(request: FastifyRequest, reply: FastifyReply) {
    await authRateLimiter.registerAttempt(request.ip);
    const input = parseWith(registerSchema, request.body);
    const passwordHash = await hashPassword(input.password);
    const user = await users.create({
      email: input.email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      isAdmin: isBootstrapAdmin(input.email),
    });
    if (!user) {
      throw conflict("An account with this email already exists", { email: ["An account with this email already exists"] });
    }
    await startSession(request, reply, user.id);
    request.log.info({ userId: user.id }, "user registered");
    return reply.code(201).send(toPublicUser(user));
  }

  async function login(request: FastifyRequest, reply: FastifyReply) {
    await authRateLimiter.signInAttempt(request.ip);
    const input = parseWith(signInSchema, request.body);
    const email = normalizeEmail(input.email);
    await authRateLimiter.assertAccountNotLocked(email);
    let user = await users.findByEmail(email);
    const ok = user ? await verifyPassword(user.password_hash, input.password) : await verifyAgainstDummy(input.password);
    if (!user || !ok) {
      await authRateLimiter.signInFailed(email);
      throw unauthorized(INVALID_CREDENTIALS);
    }
    if (
      user.password_reset_required &&
      user.temporary_password_expires_at &&
      user.temporary_password_expires_at <= new Date().toISOString()
    ) {
      throw unauthorized("Your temporary password has expired. Ask a staff member to reset it again.");
    }
    await authRateLimiter.signInSucceeded(email);
    if (!user.is_admin && isBootstrapAdmin(email)) user = (await users.setAdmin(email, true)) ?? user;
    await startSession(request, reply, user.id);
    return toPublicUser(user);
  }

  async function logout(request: FastifyRequest, reply: FastifyReply) {
    if (request.sessionId) await sessions.delete(request.sessionId);
    clearSessionCookie(reply, secure);
    return { ok: true };
  }

  for (const path of ["/api/register", "/api/auth/register"]) app.post(path, { schema: { response: { 201: userJson } } }, register);
  for (const path of ["/api/login", "/api/auth/login"]) app.post(path, { schema: { response: { 200: userJson } } }, login);
  for (const path of ["/api/logout", "/api/auth/logout"]) app.post(path, logout);

  app.get("/api/user", { onRequest: requireUser, schema: { response: { 200: userJson } } }, async (request) => toPublicUser(request.user!));

  // The token is bound to the session; a visitor has none yet (sign-in needs no token).
  const csrfToken = async (request: FastifyRequest) => ({ csrfToken: request.session?.csrf_token ?? null });
  app.get("/api/csrf-token", csrfToken);
  app.get("/api/admin/csrf-token", csrfToken);

  app.post("/api/auth/set-new-password", { onRequest: requireUser, schema: { response: { 200: userJson } } }, async (request, reply) => {
    const input = parseWith(setNewPasswordSchema, request.body);
    const user = request.user!;
    if (
      user.password_reset_required &&
      user.temporary_password_expires_at &&
      user.temporary_password_expires_at <= new Date().toISOString()
    ) {
      throw new HttpError(400, "Your temporary password has expired. Ask a staff member to reset it again.", {
        temporaryPassword: ["Your temporary password has expired. Ask a staff member to reset it again."],
      });
    }
    await authRateLimiter.assertPasswordChangeNotLocked(user.id);
    const passwordHash = await users.findPasswordHash(user.id);
    if (!passwordHash || !(await verifyPassword(passwordHash, input.temporaryPassword))) {
      await authRateLimiter.passwordChangeFailed(user.id);
      throw badRequest("Temporary password is incorrect", { temporaryPassword: ["Temporary password is incorrect"] });
    }
    await authRateLimiter.passwordChangeSucceeded(user.id);
    if (input.newPassword === input.temporaryPassword) {
      const message = "New password must be different from the temporary password";
      throw badRequest(message, { newPassword: [message] });
    }
    const updated = await users.setPassword(user.id, await hashPassword(input.newPassword));
    // A password change ends every session of the account; this browser gets a fresh one.
    await sessions.deleteAllForUser(user.id);
    const { id } = await sessions.create(user.id);
    setSessionCookie(reply, id, secure);
    return toPublicUser(updated!);
  });
}
