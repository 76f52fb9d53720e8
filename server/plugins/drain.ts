import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/**
 * A graceful stop closes keep-alive connections (docs/decisions/103). Once the app is closing, an
 * answer still to be sent (a request that was in flight at SIGTERM) says `Connection: close`: its
 * client takes its next request elsewhere, and Node ends the socket once the answer is out. Left
 * open, that socket would hold the server's close until the hard stop, since Node only ends the
 * connections that are idle when the close begins. Requests that arrive while closing get
 * Fastify's 503 with the same header (return503OnClosing).
 */
async function drain(app: FastifyInstance) {
  let closing = false;
  app.addHook("preClose", (done) => {
    closing = true;
    done();
  });
  // A callback hook: while the app serves, a request pays one boolean check.
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (closing) reply.header("connection", "close");
    done(null, payload);
  });
}

export default fp(drain, { name: "drain" });
