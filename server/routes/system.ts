import type { FastifyInstance } from "fastify";
import { publicSettingsSchema } from "../../core/schemas/settings";
import { messageRef } from "../../core/i18n/translate";
import { RETRY_AFTER_SECONDS } from "../errors";
import { requestLocale, wordError } from "../i18n";
import { setGuardDefaults } from "../plugins/route-guards";
import { responseSchema } from "../response-schema";
import type { Services } from "../services";

export default async function systemRoutes(app: FastifyInstance, { services }: { services: Services }) {
  // Load balancers and the page before sign-in read these; a user held on the password-reset
  // page still needs the settings (logo, time zone).
  setGuardDefaults(app, { auth: "public", allowDuringPasswordReset: true });

  // No session read: a load balancer's probe must not wait behind one when the database is slow.
  app.get("/api/health", { config: { loadSession: false } }, async (request, reply) => {
    try {
      await services.health.check();
      return { status: "ok" };
    } catch (error) {
      request.log.error({ err: error }, "health check: database unreachable");
      return reply
        .code(503)
        .header("retry-after", String(RETRY_AFTER_SECONDS))
        .send(wordError(requestLocale(request), messageRef("server.health_unavailable")));
    }
  });

  app.get("/api/settings/public", { schema: { response: { 200: responseSchema(publicSettingsSchema) } } }, async () => ({
    ...(await services.settings.getPublic()),
    timeZone: services.config.timeZone,
  }));
}
