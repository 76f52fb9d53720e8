import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { SessionRow } from "../db/schema";
import { resumeSession, resumeSessionFromMemory } from "../http/browser";
import { isApiRequest } from "../http/request-context";
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

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export interface SessionPluginOptions {
  sessionService: SessionService;
  /** Behind TLS (TRUST_PROXY) the cookies are Secure. */
  secureCookies: boolean;
}

async function sessionPlugin(app: FastifyInstance, { sessionService, secureCookies }: SessionPluginOptions) {
  app.decorate("secureCookies", secureCookies);
  app.decorateRequest("user", null);
  app.decorateRequest("session", null);
  app.decorateRequest("sessionId", null);

  // A callback hook: a session found in memory, most requests, is attached with no promise made.
  app.addHook("onRequest", (request, reply, done) => {
    if (!isApiRequest(request) || request.routeOptions.config.loadSession === false) return done();
    if (resumeSessionFromMemory(request, sessionService)) return done();
    resumeSession(request, reply, sessionService).then(() => done(), done);
  });

  // A write has committed by the time its answer is sent. Before it leaves, this instance applies
  // every change committed so far (its own notifications included: a session it ended, another
  // user it changed, the writer's new data version), so the next request here, from this browser
  // or any other, sees the write (docs/decisions/093). PostgreSQL: one fence round trip on the
  // listener; SQLite: nothing to wait for.
  // A callback hook, not an async one: a read, most requests, passes straight through.
  app.addHook("onSend", (request, reply, payload, done) => {
    if (READ_METHODS.has(request.method) || reply.statusCode >= 400 || !isApiRequest(request)) return done(null, payload);
    sessionService.settle().then(() => done(null, payload), done);
  });
}

export default fp(sessionPlugin, { name: "session", dependencies: ["@fastify/cookie"] });
