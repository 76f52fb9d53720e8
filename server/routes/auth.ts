import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { registerSchema, setNewPasswordSchema, signInSchema } from "../../core/schemas/auth";
import { userSchema } from "../../core/schemas/user";
import { parseWith } from "../errors";
import { requireUser } from "../plugins/session";
import { toPublicUser } from "../repositories/users";
import { responseSchema } from "../response-schema";
import type { Services } from "../services";

/** Every answer carrying a user goes through the User contract: no column beyond it is sent. */
const userJson = responseSchema(userSchema);

export default async function authRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { accounts, sessionService, authRateLimiter } = services;

  async function register(request: FastifyRequest, reply: FastifyReply) {
    await authRateLimiter.registerAttempt(request.ip);
    const input = parseWith(registerSchema, request.body);
    const user = await accounts.register(request, reply, input);
    request.log.info({ userId: user.id }, "user registered");
    return reply.code(201).send(toPublicUser(user));
  }

  async function login(request: FastifyRequest, reply: FastifyReply) {
    await authRateLimiter.signInAttempt(request.ip);
    const input = parseWith(signInSchema, request.body);
    return toPublicUser(await accounts.signIn(request, reply, input));
  }

  async function logout(request: FastifyRequest, reply: FastifyReply) {
    await sessionService.end(request, reply);
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
    return toPublicUser(await accounts.setNewPassword(request, reply, request.user!, input));
  });
}
