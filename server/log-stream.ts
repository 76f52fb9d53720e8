import pino from "pino";

/**
 * Where the app's log lines go (stdout): the lines written during one turn of the event loop
 * leave together, in one write, at the end of that turn (decision 096). A busy instance answers
 * many requests per turn, and one write per access line, each handed to libuv's thread pool, cost
 * a small answer about as much as the answer itself. An idle instance still writes each line in
 * the turn it was logged. Lines keep their order; whatever is pending when the process exits is
 * written before it goes.
 */
/** What the batches are written to: by default stdout, asynchronously (a full pipe never blocks the event loop). */
export interface LineWriter {
  write(chunk: string): unknown;
  flushSync(): void;
}

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
    /** What pino and the exit handler call when no later turn will come. */
    flushSync() {
      if (pending) out.write(pending);
      pending = "";
      out.flushSync();
    },
  };
  // process.exit() skips the turns still to come; "exit" handlers run synchronously before it.
  process.on("exit", () => stream.flushSync());
  return stream;
}
