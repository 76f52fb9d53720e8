import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { zonedInstant } from "../core/reminders";
import { METRICS_TOKEN_MIN_LENGTH, loadConfig } from "./config";
import { METRICS_TOKEN_REQUIRED } from "./plugins/metrics";
import { buildTestApp, describeEachEngine, TestClient, type TestApp } from "./test/harness";
import { startTestPushService, type TestPushService } from "./test/push-service";
import { refusal } from "./test/refusal";

const TOKEN = "0123456789abcdef0123456789abcdef-metrics";
const ZONE = "America/New_York";
const ny = (text: string) => zonedInstant(text.slice(0, 10), text.slice(11), ZONE);
const quiet = { info: () => {}, warn: () => {} };

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a scrape in Prometheus' text format (comments skipped). */
function parseSamples(text: string): Sample[] {
  return text
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels: Record<string, string> = {};
      for (const [, key, value] of match[2]?.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g) ?? []) labels[key!] = value!;
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

/** The value of the one sample named `name` whose labels include `labels`; undefined when there is none. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

describe("METRICS_TOKEN", () => {
  it("is off when unset and refuses a short or malformed token at start-up without repeating it", () => {
    expect(loadConfig({}).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
    const short = "s3cret-but-short";
    expect(() => loadConfig({ METRICS_TOKEN: short })).toThrow(new RegExp(`METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN_LENGTH}`));
    expect(() => loadConfig({ METRICS_TOKEN: short })).not.toThrow(new RegExp(short));
    expect(() => loadConfig({ METRICS_TOKEN: `${TOKEN} with spaces` })).toThrow(/METRICS_TOKEN/);
  });
});

describeEachEngine("metrics", (engine) => {
  describe("without METRICS_TOKEN", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(engine);
    });
    afterAll(() => t.close());

    it("has no /metrics: it answers 404 like any unknown path, token or not", async () => {
      expect(t.services.metrics).toBeNull();
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
        const res = await t.app.inject({ url: "/metrics", headers });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: "Not found", code: "server.not_found" });
      }
    });
  });

  describe("with METRICS_TOKEN", () => {
    let t: TestApp;
    let pushService: TestPushService;
    let now = ny("2026-12-01 08:00");

    beforeAll(async () => {
      pushService = await startTestPushService();
      t = await buildTestApp(engine, {
        env: { METRICS_TOKEN: TOKEN, PUSH_ALLOWED_ENDPOINT_ORIGINS: pushService.origin, APP_TIME_ZONE: ZONE },
        clock: () => new Date(now),
      });
    });
    afterAll(async () => {
      await t.close();
      await pushService.close();
    });
    beforeEach(() => pushService.reset());

    async function scrape(): Promise<Sample[]> {
      const res = await t.app.inject({ url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode, res.body).toBe(200);
      return parseSamples(res.body);
    }

    const refused: Array<[string, Record<string, string>, string]> = [
      ["no Authorization", {}, ""],
      ["a wrong token", { authorization: "Bearer 0123456789abcdef0123456789abcdef-metricz" }, ""],
      ["the token cut short", { authorization: `Bearer ${TOKEN.slice(0, -1)}` }, ""],
      ["the token with more after it", { authorization: `Bearer ${TOKEN}x` }, ""],
      ["the token in another scheme", { authorization: `Basic ${TOKEN}` }, ""],
      ["the token in the query instead of the header", {}, `?token=${TOKEN}`],
    ];
    it.each(refused)("answers 401 in the one error shape for %s", async (_, headers, query) => {
      const res = await t.app.inject({ url: `/metrics${query}`, headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(refusal(METRICS_TOKEN_REQUIRED));
      expect(res.headers["www-authenticate"]).toBe('Bearer realm="metrics"');
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.body).not.toContain("process_cpu");
    });

    it("answers the bearer of the token in Prometheus' text format, never to be stored, with the process's own figures", async () => {
      const res = await t.app.inject({ url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("text/plain; version=0.0.4; charset=utf-8");
      expect(res.headers["cache-control"]).toBe("no-store");
      const samples = parseSamples(res.body);
      expect(valueOf(samples, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
      expect(valueOf(samples, "process_resident_memory_bytes")).toBeGreaterThan(0);
      expect(valueOf(samples, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
      expect(valueOf(samples, "studenthub_database_info", { engine })).toBe(1);
    });

    it("counts requests by route pattern and status, with their durations, but not the scrapes", async () => {
      const before = await scrape();
      const count = (samples: Sample[], route: string, status: string, method = "GET") =>
        valueOf(samples, "studenthub_http_requests_total", { method, route, status_code: status }) ?? 0;

      for (let i = 0; i < 3; i++) expect((await t.app.inject({ url: "/api/health" })).statusCode).toBe(200);
      // A visitor asking for two tasks: one route, whatever the id.
      expect((await t.app.inject({ url: "/api/tasks/41" })).statusCode).toBe(401);
      expect((await t.app.inject({ method: "PUT", url: "/api/tasks/42", payload: {} })).statusCode).toBe(401);
      expect((await t.app.inject({ url: "/api/tasks/43" })).statusCode).toBe(401);
      expect((await t.app.inject({ url: "/no/such/page.png" })).statusCode).toBe(404);
      expect((await t.app.inject({ url: "/api/nothing-here" })).statusCode).toBe(404);

      const after = await scrape();
      expect(count(after, "/api/health", "200") - count(before, "/api/health", "200")).toBe(3);
      expect(count(after, "/api/tasks/:id", "401") - count(before, "/api/tasks/:id", "401")).toBe(2);
      expect(count(after, "/api/tasks/:id", "401", "PUT") - count(before, "/api/tasks/:id", "401", "PUT")).toBe(1);
      expect(count(after, "(unmatched)", "404") - count(before, "(unmatched)", "404")).toBe(2);

      // The histogram: every answer in +Inf, as many as counted, and a sum of their times.
      const histogram = { method: "GET", route: "/api/health", status_code: "200" };
      const inf = valueOf(after, "studenthub_http_request_duration_seconds_bucket", { ...histogram, le: "+Inf" });
      expect(inf).toBe(count(after, "/api/health", "200"));
      expect(valueOf(after, "studenthub_http_request_duration_seconds_count", histogram)).toBe(inf);
      expect(valueOf(after, "studenthub_http_request_duration_seconds_sum", histogram)).toBeGreaterThan(0);
      expect(valueOf(after, "studenthub_http_request_duration_seconds_bucket", { ...histogram, le: "0.001" })).toBeDefined();

      // Route patterns only: no series names a URL as it was asked, nor the scrape itself.
      const routes = new Set(after.filter((s) => s.labels.route !== undefined).map((s) => s.labels.route));
      for (const url of ["/api/tasks/41", "/api/tasks/42", "/no/such/page.png", "/api/nothing-here", "/metrics"]) {
        expect(routes).not.toContain(url);
      }
    });

    it("counts the hot reads the fast lane answers ahead of Fastify", async () => {
      await t.app.listen({ port: 0, host: "127.0.0.1" });
      const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const client = new TestClient(t.app);
      await client.register();
      // The first read fills the kept session; the next ones are the lane's.
      expect((await client.request("GET", "/api/user")).statusCode).toBe(200);
      const userReads = (samples: Sample[]) =>
        valueOf(samples, "studenthub_http_requests_total", { method: "GET", route: "/api/user", status_code: "200" }) ?? 0;
      const before = await scrape();
      const answeredBefore = t.app.fastLaneAnswered();
      for (let i = 0; i < 2; i++) {
        const res = await fetch(`${base}/api/user`, { headers: { cookie: client.cookie! } });
        expect(res.status).toBe(200);
        await res.arrayBuffer();
      }
      expect(t.app.fastLaneAnswered() - answeredBefore).toBe(2);
      expect(userReads(await scrape()) - userReads(before)).toBe(2);
    });

    it("shows the sessions this instance keeps: one more for a student signed in, one fewer when they sign out", async () => {
      const kept = async () => valueOf(await scrape(), "studenthub_sessions_kept");
      expect(valueOf(await scrape(), "studenthub_session_cache_live")).toBe(1);
      const before = await kept();
      const client = new TestClient(t.app);
      await client.register();
      expect((await client.request("GET", "/api/user")).statusCode).toBe(200);
      expect(await kept()).toBe(before! + 1);
      const hits = async () => valueOf(await scrape(), "studenthub_session_cache_lookups_total", { result: "hit" })!;
      const hitsBefore = await hits();
      expect((await client.request("GET", "/api/user")).statusCode).toBe(200);
      expect(await hits()).toBe(hitsBefore + 1);
      expect((await client.request("POST", "/api/logout")).statusCode).toBeLessThan(300);
      expect(await kept()).toBe(before);
    });

    it("counts each device's push by what became of it, sent from the app or by a reminder, and each reminder scan with its lag", async () => {
      const pushes = async (source: string, result: string) => valueOf(await scrape(), "studenthub_pushes_total", { source, result });
      expect(await pushes("message", "delivered")).toBe(0);
      expect(await pushes("reminder", "delivered")).toBe(0);

      const client = new TestClient(t.app);
      const { user } = await client.register();
      const key = (await client.request("GET", "/public/onesignal-config")).json().vapidPublicKey;
      const subscribe = async () => {
        const device = pushService.subscribe(key);
        expect((await client.request("POST", "/api/push/subscriptions", device.subscription)).statusCode).toBe(201);
        return device;
      };
      const working = await subscribe();
      const expired = await subscribe();
      const broken = await subscribe();
      pushService.answerWith(expired.id, 410);
      pushService.answerWith(broken.id, 400);
      const sent = await client.request("POST", "/api/push/send", { externalUserIds: [user.id], title: "Hello", body: "me" });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(pushService.received(working.id)).toHaveLength(1);
      expect([await pushes("message", "delivered"), await pushes("message", "gone"), await pushes("message", "failed")]).toEqual([1, 1, 1]);

      // A task reminded at 09:45, found by a scan 20 seconds later: pushed to both devices left.
      const task = await client.request("POST", "/api/tasks", {
        title: "Essay",
        dueDate: "2026-12-01",
        dueTime: "10:00",
        reminder: "15-minutes",
      });
      expect(task.statusCode, task.body).toBe(201);
      const scans = async (result: string) => valueOf(await scrape(), "studenthub_reminder_scans_total", { result });
      const scansBefore = await scans("ok");
      now = ny("2026-12-01 09:45") + 20_000;
      const report = await t.services.reminderScheduler(quiet, 30_000).scanOnce();
      expect(report.sent).toBe(1);
      expect([await pushes("reminder", "delivered"), await pushes("reminder", "failed")]).toEqual([1, 1]);
      const samples = await scrape();
      expect(valueOf(samples, "studenthub_reminder_scans_total", { result: "ok" })).toBe(scansBefore! + 1);
      expect(valueOf(samples, "studenthub_reminder_scan_lag_seconds")).toBe(20);
      expect(valueOf(samples, "studenthub_reminder_scan_duration_seconds_count")).toBe(scansBefore! + 1);

      // Nothing due: no lag.
      now += 30_000;
      await t.services.reminderScheduler(quiet, 30_000).scanOnce();
      expect(valueOf(await scrape(), "studenthub_reminder_scan_lag_seconds")).toBe(0);
    });

    it("counts database errors, and a scan that failed on one, keeping the last good scan's lag", async () => {
      const samples = await scrape();
      const errors = (s: Sample[]) => valueOf(s, "studenthub_database_errors_total", { kind: "query" })!;
      const failedScans = (s: Sample[]) => valueOf(s, "studenthub_reminder_scans_total", { result: "failed" })!;
      const lag = valueOf(samples, "studenthub_reminder_scan_lag_seconds");

      await expect(sql`select * from no_such_table`.execute(t.rawDb)).rejects.toThrow();
      expect(errors(await scrape())).toBe(errors(samples) + 1);

      await sql`alter table reminder_schedule rename to reminder_schedule_away`.execute(t.rawDb);
      try {
        await expect(t.services.reminderScheduler(quiet, 30_000).scanOnce()).rejects.toThrow();
      } finally {
        await sql`alter table reminder_schedule_away rename to reminder_schedule`.execute(t.rawDb);
      }
      const after = await scrape();
      expect(failedScans(after)).toBe(failedScans(samples) + 1);
      expect(errors(after)).toBeGreaterThan(errors(samples) + 1);
      expect(valueOf(after, "studenthub_reminder_scan_lag_seconds")).toBe(lag);
      expect(valueOf(after, "studenthub_database_errors_total", { kind: "unavailable" })).toBe(0);
    });

    it("counts the built client's files under one label, and page loads with every other unmatched path", async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "student-hub-dist-"));
      fs.mkdirSync(path.join(dir, "assets"));
      fs.writeFileSync(path.join(dir, "index.html"), "<!doctype html><title>Student Hub</title>");
      fs.writeFileSync(path.join(dir, "assets", "index-abc123.js"), "console.log(1)");
      fs.writeFileSync(path.join(dir, "logo.svg"), "<svg/>");
      const built = await buildTestApp(engine, { env: { METRICS_TOKEN: TOKEN }, clientDir: dir });
      try {
        for (const url of ["/assets/index-abc123.js", "/logo.svg", "/auth", "/admin"]) {
          expect((await built.app.inject({ url })).statusCode, url).toBe(200);
        }
        // The app's 404 page, for a path it has none for (issue 49).
        expect((await built.app.inject({ url: "/no/such/page" })).statusCode).toBe(404);
        const res = await built.app.inject({ url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
        const samples = parseSamples(res.body);
        const count = (route: string) => valueOf(samples, "studenthub_http_requests_total", { method: "GET", route, status_code: "200" });
        expect([count("(static file)"), count("(unmatched)")]).toEqual([2, 2]);
        expect(valueOf(samples, "studenthub_http_requests_total", { method: "GET", route: "(unmatched)", status_code: "404" })).toBe(1);
        const routes = new Set(samples.map((s) => s.labels.route).filter(Boolean));
        expect([...routes].sort()).toEqual(["(static file)", "(unmatched)"]);
      } finally {
        await built.close();
      }
    });

    if (engine === "postgres") {
      it("shows the PostgreSQL pool: connections busy and idle, its size, and queries waiting for one", async () => {
        const releases: Array<() => void> = [];
        const held: Promise<unknown>[] = [];
        // The test app's pool has 4 connections: hold them all in transactions, and queue one more query.
        for (let i = 0; i < 4; i++) {
          let started!: () => void;
          const inTransaction = new Promise<void>((resolve) => (started = resolve));
          held.push(
            t.rawDb.transaction().execute(async (tx) => {
              await sql`select 1`.execute(tx);
              started();
              await new Promise<void>((resolve) => releases.push(resolve));
            }),
          );
          await inTransaction;
        }
        const queued = sql`select 1`.execute(t.rawDb);
        try {
          const samples = await scrape();
          expect(valueOf(samples, "studenthub_database_pool_max_connections")).toBe(4);
          expect(valueOf(samples, "studenthub_database_pool_connections", { state: "busy" })).toBe(4);
          expect(valueOf(samples, "studenthub_database_pool_connections", { state: "idle" })).toBe(0);
          expect(valueOf(samples, "studenthub_database_pool_waiting")).toBe(1);
        } finally {
          for (const release of releases) release();
          await Promise.all([...held, queued]);
        }
        const samples = await scrape();
        expect(valueOf(samples, "studenthub_database_pool_connections", { state: "busy" })).toBe(0);
        expect(valueOf(samples, "studenthub_database_pool_connections", { state: "idle" })).toBe(4);
        expect(valueOf(samples, "studenthub_database_pool_waiting")).toBe(0);
      });
    } else {
      it("exports no pool figures for SQLite, which has one connection and no pool", async () => {
        const names = new Set((await scrape()).map((s) => s.name));
        expect([...names].filter((name) => name.startsWith("studenthub_database_pool"))).toEqual([]);
        expect(names).toContain("studenthub_database_errors_total");
      });
    }
  });
});
