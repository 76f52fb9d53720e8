import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { SessionRow } from "../db/schema";
import { isApiRequest } from "../request-context";
import type { SessionUser } from "../repositories/sessions";
import type { SessionService } from "../services/session-service";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, or null for a visitor. Loaded once per /api request. */
    user: SessionUser | null;
    session: SessionRow | null;
    sessionId: string | null;
  }
  interface FastifyContextConfig {
    /** `false` for a route that never needs to know who is asking (the health check): no database read. */
    loadSession?: boolean;
  }
}

export interface SessionPluginOptions {
  sessionService: SessionService;
}

async function sessionPlugin(app: FastifyInstance, { sessionService }: SessionPluginOptions) {
  app.decorateRequest("user", null);
  app.decorateRequest("session", null);
  app.decorateRequest("sessionId", null);

  app.addHook("onRequest", async (request, reply) => {
    if (!isApiRequest(request) || request.routeOptions.config.loadSession === false) return;
    await sessionService.resume(request, reply);
  });
}

export default fp(sessionPlugin, { name: "session", dependencies: ["@fastify/cookie"] });
