import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { runInRequestScope } from "../repositories/transaction";

/**
 * Runs every route handler registered after it in a request scope (server/repositories/transaction.ts), so
 * a transaction whose request timed out and was answered 503 rolls back instead of committing.
 * (Fastify's request.signal cannot say this: over a real socket Node aborts it as soon as the
 * request body has been read.)
 */
async function requestScope(app: FastifyInstance) {
  app.addHook("onRoute", (route) => {
    const handler = route.handler;
    route.handler = function (request, reply) {
      return runInRequestScope({ answered: () => reply.sent }, () => handler.call(this, request, reply));
    };
  });
}

export default fp(requestScope, { name: "request-scope" });
