/**
 * The one worker runner (decision 125): every background job of an instance (the reminder scan, the
 * two outboxes, the LMS feed refresher, housekeeping) runs its passes on it.
 */

/** Where a job logs: the server's logger (pino), or a test's. */
export type JobLogger = { info: (details: object, message: string) => void; warn: (details: object, message: string) => void };

/** What a pass is given. */
export interface Pass {
  /** Aborts when the job is stopped (the instance is shutting down): give back what has not started, abort what waits on the network. */
  signal: AbortSignal;
  /** The pass's time budget ends here (epoch ms): start no new work after it. */
  deadline: number;
}

/** What the runner tells the metrics of each pass (decision 106); the metrics sink implements it. */
export interface JobMetrics {
  jobPass(job: string, durationMs: number, failed: boolean): void;
}

export interface WorkerOptions<Report> {
  /** The job's name, in the logs and the metrics (`studenthub_job_passes_total{job}`). */
  name: string;
  /** A pass every this often (the first at start, unless `firstPassAfterMs` says otherwise). */
  intervalMs: number;
  /** How long one pass may keep starting work: its deadline is its start plus this. */
  budgetMs: number;
  runOnce: (pass: Pass) => Promise<Report>;
  /** Told what a pass did (to log it when it did something). */
  onReport?: (report: Report) => void;
  /** Logged, with the error, when a pass fails; the next pass tries again. */
  failureMessage: string;
  log: JobLogger;
  metrics?: JobMetrics;
  /** When the first pass runs after start (the LMS feeds wait a minute: start-up has enough to do). Default 0: at once. */
  firstPassAfterMs?: number;
}

/** A job as the registry starts and stops it. */
export interface Worker {
  readonly name: string;
  /** Runs a pass (see `firstPassAfterMs`) and then one every interval until stop(). */
  start(): void;
  /** Work was just written for this job: a pass now, or right after the one under way. */
  wake(): void;
  /** Stops: no pass starts after it, the one under way is told (its signal aborts), and this resolves once it has ended. */
  stop(): Promise<void>;
}

/**
 * A job's loop: passes never overlap (a wake during a pass runs another right after it); a failed
 * pass is logged and the next one tries again; stop() aborts the pass under way and waits for it.
 */
export function createWorker<Report>(options: WorkerOptions<Report>): Worker {
  const { name, intervalMs, budgetMs, runOnce, onReport, failureMessage, log, metrics } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopping = new AbortController();
  let stopped = true;
  let again = false;
  let busy = false;

  /** The next pass's timer; it alone never keeps the process alive (a stop is what ends a job). */
  function later(ms: number): NodeJS.Timeout {
    return setTimeout(pass, ms).unref();
  }

  function pass() {
    clearTimeout(timer);
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    const started = performance.now();
    const signal = stopping.signal;
    running = runOnce({ signal, deadline: Date.now() + budgetMs }).then(
      (report) => {
        metrics?.jobPass(name, performance.now() - started, false);
        onReport?.(report);
      },
      (error: unknown) => {
        metrics?.jobPass(name, performance.now() - started, true);
        // Stopped mid-pass: what it gave up is not a failure.
        if (!signal.aborted) log.warn({ err: error, job: name }, failureMessage);
      },
    );
    void running.then(() => {
      busy = false;
      if (stopped) return;
      if (again) {
        again = false;
        pass();
      } else timer = later(intervalMs);
    });
  }

  return {
    name,
    start() {
      if (!stopped) return;
      stopped = false;
      stopping = new AbortController();
      const first = options.firstPassAfterMs ?? 0;
      if (first > 0) timer = later(first);
      else pass();
    },
    wake() {
      if (!stopped) pass();
    },
    async stop() {
      stopped = true;
      again = false;
      clearTimeout(timer);
      stopping.abort();
      await running;
    },
  };
}
