import pino from "pino";

/**
 * What the batches are written to: by default stdout through pino's asynchronous destination
 * (sonic-boom), so a full pipe never blocks the event loop. `sync` and `destroyed` are
 * sonic-boom's: at exit every write must become synchronous, and an ended stream takes none.
 */
export interface LineWriter {
  write(chunk: string): unknown;
  flushSync(): void;
  sync?: boolean;
  destroyed?: boolean;
}

/**
 * Where the app's log lines go (stdout): the lines written during one turn of the event loop
 * leave together, in one write, at the end of that turn (decision 096). A busy instance answers
 * many requests per turn, and one write per access line, each handed to libuv's thread pool, cost
 * a small answer about as much as the answer itself. An idle instance still writes each line in
 * the turn it was logged. Lines keep their order; whatever is pending when the process exits is
 * written before it goes.
 */
export function turnBatchedStream(out: LineWriter = pino.destination({ dest: 1, sync: false })) {
  let pending = "";
  let scheduled = false;

  function flushTurn() {
    scheduled = false;
    const lines = pending;
    pending = "";
    if (lines) out.write(lines);
  }

  const stream = {
    write(line: string) {
      pending += line;
      if (!scheduled) {
        scheduled = true;
        setImmediate(flushTurn);
      }
    },
    /** What pino calls when no later turn will come. */
    flushSync() {
      if (pending) out.write(pending);
      pending = "";
      out.flushSync();
    },
  };

  // process.exit() skips the turns still to come, and an asynchronous write started now would
  // never finish: "exit" handlers run synchronously, so the destination turns synchronous first.
  process.on("exit", () => {
    if (out.destroyed) return; // already ended (pino's beforeExit), with nothing left behind
    out.sync = true;
    stream.flushSync();
  });
  return stream;
}

/**
 * The one access line of an answered request, with only what an operator reads: Fastify's answers
 * (AccessLogController in app.ts) and the fast lane's alike, so the two never drift apart.
 */
export function accessLine(method: string, url: string, statusCode: number, elapsedMs: number) {
  return { method, url, statusCode, ms: Math.round(elapsedMs) };
}
