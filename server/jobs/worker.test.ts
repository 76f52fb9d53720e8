import { describe, expect, it } from "vitest";
import { createJobRegistry } from "./registry";
import { createWorker, type JobLogger, type Pass } from "./worker";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A logger that keeps what it was told. */
function recordingLog() {
  const warnings: Array<{ details: object; message: string }> = [];
  const log: JobLogger = { info: () => {}, warn: (details, message) => warnings.push({ details, message }) };
  return { log, warnings };
}

/** A pass that waits to be let go (or stopped); counts how many ran and how many ran at once. */
function gatedPasses() {
  const passes: Pass[] = [];
  let running = 0;
  let mostAtOnce = 0;
  let release: () => void = () => {};
  const runOnce = async (pass: Pass) => {
    passes.push(pass);
    running++;
    mostAtOnce = Math.max(mostAtOnce, running);
    await new Promise<void>((resolve) => {
      release = resolve;
      pass.signal.addEventListener("abort", () => resolve(), { once: true });
    });
    running--;
    return passes.length;
  };
  return { runOnce, passes, letGo: () => release(), mostAtOnce: () => mostAtOnce };
}

describe("the worker runner", () => {
  it("runs a pass at start and then every interval, never two at once; a wake during a pass runs one right after it", async () => {
    const gate = gatedPasses();
    const { log } = recordingLog();
    const worker = createWorker({ name: "probe", intervalMs: 60_000, budgetMs: 1000, runOnce: gate.runOnce, failureMessage: "x", log });
    worker.start();
    expect(gate.passes).toHaveLength(1);
    worker.wake();
    worker.wake();
    expect(gate.passes).toHaveLength(1);
    gate.letGo();
    await sleep(10);
    // The two wakes during the first pass asked for one more, not two.
    expect(gate.passes).toHaveLength(2);
    gate.letGo();
    await sleep(10);
    expect(gate.passes).toHaveLength(2);
    expect(gate.mostAtOnce()).toBe(1);
    await worker.stop();
  });

  it("gives each pass a deadline of its budget, and a pass every interval", async () => {
    const deadlines: number[] = [];
    const { log } = recordingLog();
    const worker = createWorker({
      name: "probe",
      intervalMs: 20,
      budgetMs: 5_000,
      runOnce: async ({ deadline }) => void deadlines.push(deadline - Date.now()),
      failureMessage: "x",
      log,
    });
    worker.start();
    await sleep(150);
    await worker.stop();
    expect(deadlines.length).toBeGreaterThanOrEqual(3);
    expect(deadlines.every((left) => left > 4_900 && left <= 5_000)).toBe(true);
  });

  it("stops by aborting the pass under way and resolves once it has ended; no pass starts after", async () => {
    const gate = gatedPasses();
    const { log, warnings } = recordingLog();
    const worker = createWorker({ name: "probe", intervalMs: 10, budgetMs: 1000, runOnce: gate.runOnce, failureMessage: "x", log });
    worker.start();
    const pass = gate.passes[0]!;
    expect(pass.signal.aborted).toBe(false);
    await worker.stop();
    expect(pass.signal.aborted).toBe(true);
    worker.wake();
    await sleep(40);
    expect(gate.passes).toHaveLength(1);
    expect(warnings).toEqual([]);
  });

  it("logs a failed pass and tries again at the next; a pass that fails because it was stopped is not logged", async () => {
    const { log, warnings } = recordingLog();
    const results: boolean[] = [];
    let calls = 0;
    const worker = createWorker({
      name: "probe",
      intervalMs: 10,
      budgetMs: 1000,
      runOnce: async (pass) => {
        calls++;
        if (calls === 1) throw new Error("database is down");
        await new Promise((resolve) => pass.signal.addEventListener("abort", resolve, { once: true }));
        throw new Error("aborted mid-pass");
      },
      failureMessage: "probe failed; trying again at the next pass",
      log,
      metrics: { jobPass: (job, _ms, failed) => results.push(job === "probe" && failed) },
    });
    worker.start();
    await sleep(40);
    expect(calls).toBe(2);
    await worker.stop();
    expect(warnings.map((w) => w.message)).toEqual(["probe failed; trying again at the next pass"]);
    expect(warnings[0]!.details).toMatchObject({ job: "probe" });
    expect(results).toEqual([true, true]);
  });

  it("waits firstPassAfterMs before the first pass", async () => {
    let calls = 0;
    const { log } = recordingLog();
    const worker = createWorker({
      name: "probe",
      intervalMs: 60_000,
      budgetMs: 1000,
      firstPassAfterMs: 30,
      runOnce: async () => void calls++,
      failureMessage: "x",
      log,
    });
    worker.start();
    expect(calls).toBe(0);
    await sleep(60);
    expect(calls).toBe(1);
    await worker.stop();
  });
});

describe("the job registry", () => {
  it("starts every job and stops them together, resolving once the slowest has ended", async () => {
    const { log } = recordingLog();
    const ended: string[] = [];
    const job = (name: string, ms: number) =>
      createWorker({
        name,
        intervalMs: 60_000,
        budgetMs: 1000,
        runOnce: async (pass) => {
          await new Promise((resolve) => pass.signal.addEventListener("abort", resolve, { once: true }));
          await sleep(ms);
          ended.push(name);
        },
        failureMessage: "x",
        log,
      });
    const jobs = createJobRegistry([job("slow", 40), job("quick", 0)]);
    expect(jobs.names).toEqual(["slow", "quick"]);
    jobs.start();
    await jobs.stop();
    expect(ended.sort()).toEqual(["quick", "slow"]);
  });

  it("refuses two jobs of one name", () => {
    const { log } = recordingLog();
    const job = () => createWorker({ name: "mail", intervalMs: 1000, budgetMs: 1000, runOnce: async () => {}, failureMessage: "x", log });
    expect(() => createJobRegistry([job(), job()])).toThrow("Two background jobs are called mail");
  });
});
