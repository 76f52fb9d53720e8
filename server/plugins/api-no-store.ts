import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { isApiRequest } from "../http/request-context";

/**
 * API answers are never stored by the browser or any cache between: on a shared school computer
 * the next student must not find the last one's tasks in the HTTP cache (Back button, disk cache).
 * Set when the request arrives (a callback hook, no promise per request), so it must be
 * registered before every hook that may refuse a request: their errors keep the headers set.
 */
async function apiNoStore(app: FastifyInstance) {
  app.addHook("onRequest", (request, reply, done) => {
    if (isApiRequest(request)) reply.header("cache-control", "no-store");
    done();
  });
}

export default fp(apiNoStore, { name: "api-no-store" });
