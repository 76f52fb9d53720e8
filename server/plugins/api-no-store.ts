import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { isApiRequest } from "../request-context";

/**
 * API answers are never stored by the browser or any cache between: on a shared school computer
 * the next student must not find the last one's tasks in the HTTP cache (Back button, disk cache).
 */
async function apiNoStore(app: FastifyInstance) {
  app.addHook("onSend", async (request, reply, payload) => {
    if (isApiRequest(request)) reply.header("cache-control", "no-store");
    return payload;
  });
}

export default fp(apiNoStore, { name: "api-no-store" });
