/**
 * What the background services tell the metrics (decision 106). They see only this interface, so
 * none of them depends on the metrics library, and with metrics off they talk to NO_METRICS.
 */
import type { JobMetrics } from "../jobs/worker";

/** Who asked for a push: the reminder scheduler, or a person sending from the app (POST /api/push/send). */
export type PushSource = "reminder" | "message" | "announcement";

/** What each device's push came to: taken by the push service, gone (404/410: the subscription ended), or failed. */
export interface PushOutcomeCounts {
  delivered: number;
  gone: number;
  failed: number;
}

/** One reminder scan, finished or failed. */
export interface ReminderScanReport {
  /** How long the most overdue reminder the scan found had been due (0 when none was). */
  lagMs: number;
  durationMs: number;
  failed: boolean;
}

/** Also told of every background job's pass (`JobMetrics`, server/jobs/worker.ts, decision 125). */
export interface MetricsSink extends JobMetrics {
  pushes(source: PushSource, outcomes: PushOutcomeCounts): void;
  reminderScan(report: ReminderScanReport): void;
}

/** Metrics off: nothing is recorded. */
export const NO_METRICS: MetricsSink = {
  pushes() {},
  reminderScan() {},
  jobPass() {},
};
