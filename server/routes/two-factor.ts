import type { FastifyInstance } from "fastify";
import {
  disableTwoFactorSchema,
  recoveryCodesSchema,
  twoFactorCodeSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from "../../core/schemas/two-factor";
import { parseWith } from "../errors";
import { browserOf } from "../http/browser";
import { requireUser } from "../http/request-context";
import { responseSchema } from "../response-schema";
import type { Services } from "../services";

/**
 * Two-step verification of the signed-in account (issue 55, decision 136): its state, enrolment
 * (a secret, then its first code, which gives the recovery codes once) and turning it off with the
 * password. The sign-in's second step is in routes/auth.ts, an admin's reset in routes/admin.ts.
 */
export default async function twoFactorRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { twoFactor } = services;

  app.get("/api/user/two-factor", { schema: { response: { 200: responseSchema(twoFactorStatusSchema) } } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return twoFactor.status(requireUser(request));
  });

  app.post("/api/user/two-factor", { schema: { response: { 200: responseSchema(twoFactorSetupSchema) } } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return twoFactor.begin(requireUser(request));
  });

  app.post(
    "/api/user/two-factor/confirm",
    { schema: { response: { 200: responseSchema(recoveryCodesSchema) } } },
    async (request, reply) => {
      const { code } = parseWith(twoFactorCodeSchema, request.body);
      reply.header("cache-control", "no-store");
      return twoFactor.confirm(requireUser(request), code);
    },
  );

  app.delete("/api/user/two-factor", async (request, reply) => {
    const { password } = parseWith(disableTwoFactorSchema, request.body ?? {});
    await twoFactor.disable(browserOf(request, reply), requireUser(request), password);
    return reply.code(204).send();
  });
}
