import type { FastifyInstance } from "fastify";
import { serviceUnavailable, unauthorized } from "../errors";
import { requireUser } from "../http/request-context";
import type { Services } from "../services";

/** How long a client waits before reconnecting a stream that ended (a hint; spread so that thousands do not come back at once). */
const RETRY_MIN_MS = 1000;
const RETRY_SPREAD_MS = 4000;
/** What a stream may hold unsent before it is ended (a few hundred events). */
const MAX_UNSENT_BYTES = 64 * 1024;

/**
 * `GET /api/stream` (issue 37, decision 114): Server-Sent Events telling a signed-in user which of
 * their lists changed, never the data itself. Written straight to the socket (the reply is
 * hijacked), so no onSend hook sees it: the compression plugin never buffers it, and nothing waits
 * for the handler to end. A visitor gets the guards' 401 in the one error shape.
 */
export default async function streamRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { liveStreams, changeFeed } = services;

  app.get("/api/stream", async (request, reply) => {
    const user = requireUser(request);
    if (!request.session) throw unauthorized();
    // A stream promises every change: not while changes may be missed (the listener is down).
    if (!changeFeed.live) throw serviceUnavailable();
    const sessionIdHash = request.session.id_hash;

    reply.hijack();
    const raw = reply.raw;
    // The headers set so far (the security headers, no-store) go with it.
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) raw.setHeader(name, value);
    raw.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store",
      // Asks a buffering proxy (nginx) to pass each event on as it comes.
      "x-accel-buffering": "no",
    });
    raw.flushHeaders();
    const retry = RETRY_MIN_MS + Math.floor(Math.random() * RETRY_SPREAD_MS);
    raw.write(`retry: ${retry}\n: connected\n\n`);

    const stream = liveStreams.open({
      userId: user.id,
      sessionIdHash,
      write: (chunk) => {
        // A client that stops reading (a suspended tab behind a stalled proxy) is not buffered for
        // without end: past the bound its stream ends, and it refetches when it reconnects.
        if (raw.writableLength > MAX_UNSENT_BYTES) return void raw.destroy();
        raw.write(chunk);
      },
      end: () => raw.end(),
    });
    raw.on("close", () => stream.close());
  });
}
