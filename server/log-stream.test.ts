import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { turnBatchedStream } from "./log-stream";

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("the log stream", () => {
  it("writes the lines of one event-loop turn together, in order, at the end of that turn", async () => {
    const writes: string[] = [];
    const stream = turnBatchedStream({ write: (chunk) => writes.push(chunk), flushSync: () => {} });
    stream.write("one\n");
    stream.write("two\n");
    stream.write("three\n");
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toEqual(["one\ntwo\nthree\n"]);
    // An idle instance's next line goes in its own turn.
    stream.write("four\n");
    await nextTurn();
    expect(writes).toEqual(["one\ntwo\nthree\n", "four\n"]);
    await nextTurn();
    expect(writes).toHaveLength(2);
  });

  it("writes what is pending when asked to flush at once", () => {
    const writes: string[] = [];
    let flushed = 0;
    const stream = turnBatchedStream({ write: (chunk) => writes.push(chunk), flushSync: () => flushed++ });
    stream.write("last words\n");
    stream.flushSync();
    expect(writes).toEqual(["last words\n"]);
    expect(flushed).toBe(1);
  });

  /** Runs `body` in a child process after `import { turnBatchedStream } …`; its stdout and exit status. */
  function inChild(body: string) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "log-stream-"));
    const script = path.join(dir, "exits.mts");
    fs.writeFileSync(
      script,
      `import fs from "node:fs";\nimport { turnBatchedStream } from ${JSON.stringify(path.resolve("server/log-stream.ts"))};\n${body}`,
    );
    const result = spawnSync(process.execPath, ["--import", "tsx", script], { encoding: "utf8" });
    fs.rmSync(dir, { recursive: true, force: true });
    expect(result.status, result.stderr).toBe(0);
    return result.stdout;
  }

  it("loses no line when the process exits in the turn it logged it", () => {
    const stdout = inChild(`
      const stdout = turnBatchedStream();
      stdout.write("shutting down\\n");
      stdout.write("bye\\n");
      process.exit(0);`);
    expect(stdout).toBe("shutting down\nbye\n");
  });

  it("writes the last lines synchronously at exit: no later turn would finish an asynchronous write", () => {
    const stdout = inChild(`
      const out = {
        sync: false,
        write(chunk) { fs.writeSync(1, (this.sync ? "sync: " : "async: ") + chunk); },
        flushSync() {},
      };
      turnBatchedStream(out).write("bye\\n");
      process.exit(0);`);
    expect(stdout).toBe("sync: bye\n");
  });
});
