import { afterAll, beforeAll, expect, it } from "vitest";
import { todayIn } from "../core/dates";
import { buildTestApp, describePostgresOnly, freshDatabase, TestClient, type TestApp } from "./test/harness";
import { startServerProcess, type ServerProcess } from "./test/processes";
import { startTestPushService, type TestPushService } from "./test/push-service";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await sleep(50);
  }
}

/**
 * Real instances (`server/main.ts`, each in a process of its own, REMINDER_SCAN_SECONDS=1) on one
 * PostgreSQL database: one is killed (SIGKILL, no shutdown) while its reminder pushes are in
 * flight, before the push service has acknowledged any of them. The next instance takes its
 * claims over once their lease ends and sends each reminder exactly once.
 */
describePostgresOnly("reminders when an instance is killed mid-scan", () => {
  let pushService: TestPushService;
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let writer: TestApp;
  const processes: ServerProcess[] = [];

  beforeAll(async () => {
    pushService = await startTestPushService();
    database = await freshDatabase("postgres");
    // The student's own requests go through an in-process instance with no scheduler running.
    writer = await buildTestApp("postgres", {
      env: { PUSH_ALLOWED_ENDPOINT_ORIGINS: pushService.origin, APP_TIME_ZONE: "UTC" },
      database: database.config,
    });
  });
  afterAll(async () => {
    for (const process of processes) await process.stop();
    await writer?.close();
    await database?.drop();
    await pushService?.close();
  });

  const instance = () =>
    startServerProcess({
      DATABASE_URL: (database.config as { url: string }).url,
      PUSH_ALLOWED_ENDPOINT_ORIGINS: pushService.origin,
      APP_TIME_ZONE: "UTC",
      REMINDER_SCAN_SECONDS: "1",
      LOG_LEVEL: "info",
    }).then((p) => (processes.push(p), p));

  it("sends every reminder exactly once", { timeout: 90_000 }, async () => {
    const client = new TestClient(writer.app);
    await client.register();
    const key = (await client.request("GET", "/public/onesignal-config")).json().vapidPublicKey;
    const device = pushService.subscribe(key);
    expect((await client.request("POST", "/api/push/subscriptions", device.subscription)).statusCode).toBe(201);
    // The push service holds its answers for 4 s: the first instance dies before any is given.
    pushService.delay(device.id, 4000);

    // Due in 3 minutes with a 5-minute reminder: due now (within the catch-up window), not yet begun.
    const at = new Date(Date.now() + 3 * 60_000);
    const date = todayIn("UTC", at);
    const time = at.toISOString().slice(11, 16);
    const count = 20;
    for (let i = 0; i < count; i++) {
      const res = await client.request("POST", "/api/tasks", { title: `Task ${i}`, dueDate: date, dueTime: time, reminder: "5-minutes" });
      expect(res.statusCode, res.body).toBe(201);
    }
    // Started once every reminder is due, so its first scan claims them all (started earlier, on a
    // busy machine a scan could land between two writes and claim only some).
    const first = await instance();

    await until("the first instance's pushes are in flight", () => pushService.attempts(device.id) > 0, 20_000);
    first.child.kill("SIGKILL");
    await until("the first instance is gone", () => !first.alive(), 5_000);
    expect(pushService.received(device.id)).toEqual([]);
    const claims = await writer.db.selectFrom("sent_reminders").select(["status"]).execute();
    expect(claims.length).toBe(count);
    expect(claims.every((c) => c.status === "pending")).toBe(true);

    pushService.delay(device.id, 0);
    const second = await instance();
    await until("every reminder arrived", () => pushService.received(device.id).length >= count, 45_000);
    // A few more scans: nothing more comes.
    await sleep(2500);
    const tags = pushService.received(device.id).map((p) => (p.payload as { tag: string }).tag);
    expect(tags).toHaveLength(count);
    expect(new Set(tags).size).toBe(count);
    const finished = await writer.db.selectFrom("sent_reminders").select(["status"]).execute();
    expect(finished.map((c) => c.status)).toEqual(Array(count).fill("sent"));
    expect(second.output()).toContain("reminders pushed");
  });
});
