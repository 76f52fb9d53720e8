import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { databaseStatsOf, type Db } from "./db/connection";
import type { MetricsSink } from "./services/metrics-sink";
import type { SessionCache } from "./services/session-cache";

/**
 * The instance's metrics for `GET /metrics` (decisions 105, 106), in a registry of its own: several
 * apps in one process (the tests) never share a metric. The app's own are named `studenthub_…`;
 * the process's are prom-client's standard `process_…` and `nodejs_…`.
 *
 * What changes on every request or push is counted as it happens; what is a state (the pool, the
 * kept sessions) or already counted elsewhere (database errors, session cache lookups) is read when
 * Prometheus scrapes, so it costs nothing in between.
 */

/** From a millisecond (the fast lane's reads) to the request time-out. */
const REQUEST_SECONDS_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** A scan with nothing due takes milliseconds; one pushing a batch may take its whole delivery budget. */
const SCAN_SECONDS_BUCKETS = [0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60];

export interface AppMetrics {
  registry: Registry;
  /** What the background services report to (push, the reminder scheduler). */
  sink: MetricsSink;
  /** One answered request: `route` is its pattern (`/api/tasks/:id`) or a label shared by many paths, never the raw URL. */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void;
}

export interface MetricsSources {
  /** The database, made by createDb (its pool and its errors). */
  db: Db;
  sessionCache: Pick<SessionCache, "stats">;
}

export function createMetrics({ db, sessionCache }: MetricsSources): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requestLabels = ["method", "route", "status_code"] as const;
  const requests = new Counter({
    name: "studenthub_http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status (GET /metrics itself not counted).",
    labelNames: requestLabels,
    registers,
  });
  const requestSeconds = new Histogram({
    name: "studenthub_http_request_duration_seconds",
    help: "Time from a request's arrival to its answer, by method, route pattern and status.",
    labelNames: requestLabels,
    buckets: REQUEST_SECONDS_BUCKETS,
    registers,
  });

  const database = databaseStatsOf(db);
  if (!database) throw new Error("metrics: the database was not made by createDb, so its errors cannot be counted");
  new Gauge({
    name: "studenthub_database_info",
    help: "The database engine this instance uses (the value is always 1).",
    labelNames: ["engine"],
    registers,
    collect() {
      this.set({ engine: database.engine }, 1);
    },
  });
  new Counter({
    name: "studenthub_database_errors_total",
    help: 'Failed statements and failed attempts to get a connection: kind="unavailable" (down, unreachable, timed out: answered 503) or "query" (the database refused the statement).',
    labelNames: ["kind"],
    registers,
    collect() {
      this.reset();
      this.inc({ kind: "unavailable" }, database.errors.unavailable);
      this.inc({ kind: "query" }, database.errors.query);
    },
  });
  const pool = database.pool;
  // SQLite has one connection and no pool: nothing is exported rather than figures that mean nothing.
  if (pool) {
    new Gauge({
      name: "studenthub_database_pool_connections",
      help: 'PostgreSQL connections this instance holds open: state="busy" (running a query or transaction) or "idle".',
      labelNames: ["state"],
      registers,
      collect() {
        const { total, idle } = pool();
        this.set({ state: "busy" }, total - idle);
        this.set({ state: "idle" }, idle);
      },
    });
    new Gauge({
      name: "studenthub_database_pool_max_connections",
      help: "The most PostgreSQL connections this instance may open (DATABASE_POOL_SIZE).",
      registers,
      collect() {
        this.set(pool().max);
      },
    });
    new Gauge({
      name: "studenthub_database_pool_waiting",
      help: "Queries waiting for a free PostgreSQL connection from the pool.",
      registers,
      collect() {
        this.set(pool().waiting);
      },
    });
  }

  new Gauge({
    name: "studenthub_sessions_kept",
    help: "Sessions this instance keeps in memory (decision 093).",
    registers,
    collect() {
      this.set(sessionCache.stats().entries);
    },
  });
  new Gauge({
    name: "studenthub_session_cache_live",
    help: "1 while the change feed is live and kept sessions are used; 0 while every request reads its session from the database.",
    registers,
    collect() {
      this.set(sessionCache.stats().live ? 1 : 0);
    },
  });
  new Counter({
    name: "studenthub_session_cache_lookups_total",
    help: 'Sessions looked up in memory: result="hit" (no database read) or "miss".',
    labelNames: ["result"],
    registers,
    collect() {
      const { hits, misses } = sessionCache.stats();
      this.reset();
      this.inc({ result: "hit" }, hits);
      this.inc({ result: "miss" }, misses);
    },
  });

  const pushes = new Counter({
    name: "studenthub_pushes_total",
    help: 'Pushes to devices: source="reminder", "message" (sent from the app) or "announcement" (from staff); result="delivered" (the push service took it), "gone" (the subscription ended, removed) or "failed".',
    labelNames: ["source", "result"],
    registers,
  });
  for (const source of ["reminder", "message", "announcement"])
    for (const result of ["delivered", "gone", "failed"]) pushes.inc({ source, result }, 0);

  const scanLag = new Gauge({
    name: "studenthub_reminder_scan_lag_seconds",
    help: "At the last successful reminder scan, how long the most overdue reminder it claimed had been due (0 when none was); below REMINDER_SCAN_SECONDS while all is well.",
    registers,
  });
  const scanSeconds = new Histogram({
    name: "studenthub_reminder_scan_duration_seconds",
    help: "How long each reminder scan took, its pushes included.",
    buckets: SCAN_SECONDS_BUCKETS,
    registers,
  });
  const scans = new Counter({
    name: "studenthub_reminder_scans_total",
    help: 'Reminder scans: result="ok" or "failed" (tried again at the next scan).',
    labelNames: ["result"],
    registers,
  });
  scans.inc({ result: "ok" }, 0);
  scans.inc({ result: "failed" }, 0);

  const jobSeconds = new Histogram({
    name: "studenthub_job_pass_duration_seconds",
    help: 'How long each pass of a background job took: job="reminders", "announcements", "mail", "lms-feeds" or "housekeeping" (decision 125).',
    labelNames: ["job"],
    buckets: SCAN_SECONDS_BUCKETS,
    registers,
  });
  const jobPasses = new Counter({
    name: "studenthub_job_passes_total",
    help: 'Passes of the background jobs: result="ok" or "failed" (tried again at the next pass).',
    labelNames: ["job", "result"],
    registers,
  });

  return {
    registry,
    sink: {
      jobPass(job, durationMs, failed) {
        jobSeconds.observe({ job }, durationMs / 1000);
        jobPasses.inc({ job, result: failed ? "failed" : "ok" });
      },
      pushes(source, outcomes) {
        for (const result of ["delivered", "gone", "failed"] as const) {
          if (outcomes[result] > 0) pushes.inc({ source, result }, outcomes[result]);
        }
      },
      reminderScan({ lagMs, durationMs, failed }) {
        // A failed scan may have claimed nothing before it failed: its lag says nothing.
        if (!failed) scanLag.set(lagMs / 1000);
        scanSeconds.observe(durationMs / 1000);
        scans.inc({ result: failed ? "failed" : "ok" });
      },
    },
    observeRequest(method, route, statusCode, seconds) {
      const labels = { method, route, status_code: statusCode };
      requests.inc(labels);
      requestSeconds.observe(labels, seconds);
    },
  };
}
