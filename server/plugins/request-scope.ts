import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { runInRequestScope } from "../repositories/transaction";

/** Methods that only read (RFC 9110 §9.2.1): whatever they write may land after a 503 at no loss. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Runs the handler of every write route registered after it in a request scope
 * (server/repositories/transaction.ts), so a transaction whose request timed out and was answered
 * 503 rolls back instead of committing: the client was told its change was not saved. Reads run
 * without one, because a scope costs every promise of the process its speed while it is open
 * (decision 095). What a read writes (today only the push config's first VAPID keys, one
 * statement) may land after its 503 at no loss: the retry reads the same.
 * (Fastify's request.signal cannot say whether the request was answered: over a real socket Node
 * aborts it as soon as the request body has been read.)
 */
async function requestScope(app: FastifyInstance) {
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((method) => SAFE_METHODS.has(method))) return;
    const handler = route.handler;
    route.handler = function (request, reply) {
      return runInRequestScope({ answered: () => reply.sent }, () => handler.call(this, request, reply));
    };
  });
}

export default fp(requestScope, { name: "request-scope" });
