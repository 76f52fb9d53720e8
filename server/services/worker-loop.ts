/**
 * The loop an outbox's worker runs on one instance (decisions 113, 115): a pass now, then one every
 * `scanIntervalMs`, and one at once when this instance wrote work for it (`wake`). Passes never
 * overlap: a wake during a pass runs another right after it. A failed pass is logged and the next
 * scan tries again.
 */
export function createWorkerLoop<Report>(options: {
  runOnce: () => Promise<Report>;
  scanIntervalMs: number;
  /** Told what each pass did. */
  onReport: (report: Report) => void;
  /** Told why a pass failed. */
  onError: (error: unknown) => void;
}) {
  const { runOnce, scanIntervalMs, onReport, onError } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;
  let again = false;
  let busy = false;

  function tick() {
    clearTimeout(timer);
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    running = runOnce().then(onReport, onError);
    void running.then(() => {
      busy = false;
      if (stopped) return;
      if (again) {
        again = false;
        tick();
      } else timer = setTimeout(tick, scanIntervalMs);
    });
  }

  return {
    /** Scans now and every scanIntervalMs until stop(). */
    start() {
      if (!stopped) return;
      stopped = false;
      tick();
    },
    /** Work was just written: look now. */
    wake() {
      if (!stopped) tick();
    },
    /** Stops; resolves once a pass under way has finished. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
