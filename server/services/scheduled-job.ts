import { randomUUID } from "node:crypto";
import { createWorker, type JobLogger, type JobMetrics, type Pass, type Worker } from "../jobs/worker";
import type { ScheduledJobsRepository } from "../repositories/scheduled-jobs";
import type { Clock } from "./reminders";

/**
 * A job one instance at a time runs (issue 55: the retention sweep; the roster sync next): each
 * instance's pass at start-up makes it due and tries to claim it, later passes claim it when it is
 * due, and the one that holds its lease runs it and makes it due again `everyMs` later. An instance
 * that stopped mid-run leaves the lease to run out; the next claim takes over.
 */
export function createSingleInstanceJob<Report>(options: {
  name: string;
  scheduledJobs: ScheduledJobsRepository;
  clock: Clock;
  /** How often it runs, wherever. */
  everyMs: number;
  /** How often each instance looks whether it is due. */
  checkEveryMs: number;
  /** How long a run may hold the job before another instance may take it over. */
  leaseMs: number;
  run: (pass: Pass) => Promise<Report>;
  onReport?: (report: Report) => void;
  failureMessage: string;
  log: JobLogger;
  metrics?: JobMetrics;
}): Worker & { runOnce(pass?: Pass, startUp?: boolean): Promise<Report | null> } {
  const { name, scheduledJobs, clock, everyMs, leaseMs, run } = options;
  const token = randomUUID();
  let started = false;

  /** A pass: the job's run if this instance got it, else null. */
  async function runOnce(
    pass: Pass = { signal: new AbortController().signal, deadline: Infinity },
    startUp = !started,
  ): Promise<Report | null> {
    started = true;
    const now = clock();
    const id = await scheduledJobs.ensure(name, now, startUp);
    if (!(await scheduledJobs.claim(id, token, now, new Date(now.getTime() - leaseMs)))) return null;
    let report: Report;
    try {
      report = await run(pass);
    } catch (error) {
      // Tried again at the next pass, here or elsewhere.
      await scheduledJobs.release(id, token).catch(() => {});
      throw error;
    }
    const finished = clock();
    await scheduledJobs.finish(id, token, finished, new Date(finished.getTime() + everyMs));
    return report;
  }

  const worker = createWorker<Report | null>({
    name,
    intervalMs: options.checkEveryMs,
    budgetMs: leaseMs,
    runOnce: (pass) => runOnce(pass),
    onReport: (report) => {
      if (report !== null) options.onReport?.(report);
    },
    failureMessage: options.failureMessage,
    log: options.log,
    ...(options.metrics ? { metrics: options.metrics } : {}),
  });
  return { ...worker, runOnce };
}
