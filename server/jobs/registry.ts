import type { Worker } from "./worker";

/**
 * The instance's background jobs as one set (decision 125): serve.ts starts them after the server
 * listens, and on SIGTERM stops them together, each pass under way finished or its work given back,
 * before the database closes.
 */
export function createJobRegistry(workers: ReadonlyArray<Worker>) {
  const names = workers.map((worker) => worker.name);
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice) throw new Error(`Two background jobs are called ${twice}`);
  return {
    names,
    start(): void {
      for (const worker of workers) worker.start();
    },
    /** Resolves once every job has stopped; a job whose stop failed does not keep the others running. */
    async stop(): Promise<void> {
      const results = await Promise.allSettled(workers.map((worker) => worker.stop()));
      const failed = results.find((result) => result.status === "rejected");
      if (failed) throw failed.reason;
    },
  };
}
export type JobRegistry = ReturnType<typeof createJobRegistry>;
