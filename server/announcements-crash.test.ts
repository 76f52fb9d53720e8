import { type ChildProcess, spawn } from "node:child_process";
import { afterAll, beforeAll, expect, it } from "vitest";
import { seedDevices, seedStaff } from "./test/announcement-seed";
import { buildTestApp, describePostgresOnly, freshDatabase, type TestApp } from "./test/harness";
import { startTestPushService, type TestDevice, type TestPushService } from "./test/push-service";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number, output = () => "") {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}\n${output()}`);
    await sleep(25);
  }
}

/** server/test/announcement-worker-process.ts as a real child process. */
function startWorkerProcess(env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/test/announcement-worker-process.ts"], {
    env: { ...process.env, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return { child, exited, output: () => output, alive: () => child.exitCode === null && child.signalCode === null };
}

/**
 * Decision 113's promise with a real crash: a worker in a process of its own (what each instance
 * runs) is SIGKILLed in the middle of a batch, after the push service took some of its pushes and
 * before it marked any. A second worker process takes the batch over once its lease ends and
 * finishes the rest: each device gets the announcement once, and a device whose push the killed
 * worker had already handed over gets it once more (same tag, so it replaces the first), never more.
 */
describePostgresOnly("the announcements' outbox when a worker process is killed mid-batch", () => {
  const COUNT = 48;
  const BATCH = 16;
  const LEASE_MS = 1500;
  let pushService: TestPushService;
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let t: TestApp;
  let devices: TestDevice[];
  const children: ReturnType<typeof startWorkerProcess>[] = [];

  beforeAll(async () => {
    pushService = await startTestPushService();
    database = await freshDatabase("postgres");
    // Writes the announcement and its outbox; runs no worker of its own.
    t = await buildTestApp("postgres", { env: { PUSH_ALLOWED_ENDPOINT_ORIGINS: pushService.origin }, database: database.config });
    devices = (await seedDevices(t.db, pushService, (await t.services.push.vapidKeys()).publicKey, COUNT)).devices;
  });
  afterAll(async () => {
    for (const c of children) if (c.alive()) c.child.kill("SIGKILL");
    await t?.close();
    await database?.drop();
    await pushService?.close();
  });

  const worker = (env: Record<string, string>) => {
    const c = startWorkerProcess({
      DATABASE_URL: (database.config as { url: string }).url,
      PUSH_ALLOWED_ENDPOINT_ORIGINS: pushService.origin,
      ...env,
    });
    children.push(c);
    return c;
  };

  it("each device gets it once, or once more if the killed batch had pushed it", { timeout: 90_000 }, async () => {
    // Every other device answers at once; the others hold their answer for 4 s, so the first
    // worker's batch cannot finish (and be marked) before it is killed.
    const HOLD_MS = 4000;
    devices.forEach((device, i) => pushService.delay(device.id, i % 2 === 0 ? 0 : HOLD_MS));
    const staff = await seedStaff(t.db, "staff-crash@example.com");
    const { id } = await t.services.announcements.create(staff, { title: "Snow day", body: "School is closed.", audience: "students" });
    const tag = `announcement-${id}`;
    const copies = (device: TestDevice) => pushService.received(device.id).filter((p) => (p.payload as { tag: string }).tag === tag);

    const first = worker({ OUTBOX_BATCH: String(BATCH) });
    const attempted = () => devices.reduce((sum, d) => sum + pushService.attempts(d.id), 0);
    // Mid-batch: the push service took some pushes and holds others unanswered.
    await until(
      "the first worker's batch is part pushed, part in flight",
      () => pushService.received().length >= 3 && attempted() > pushService.received().length,
      30_000,
      first.output,
    );
    first.child.kill("SIGKILL");
    const killedAt = Date.now();
    await first.exited;
    expect(first.child.signalCode).toBe("SIGKILL");
    devices.forEach((device) => pushService.delay(device.id, 0));

    const rows = await t.db
      .selectFrom("announcement_deliveries as d")
      .innerJoin("push_subscriptions as s", "s.id", "d.subscription_id")
      .select(["s.endpoint", "d.status", "d.claim_token"])
      .where("d.announcement_id", "=", id)
      .execute();
    // Killed before marking: its batch (and only it) is claimed, still pending under the dead worker's token.
    expect(rows.map((r) => r.status)).toEqual(Array(COUNT).fill("pending"));
    const claimedEndpoints = new Set(rows.filter((r) => r.claim_token !== null).map((r) => r.endpoint));
    expect(claimedEndpoints.size).toBe(BATCH);
    const killedBatch = new Set(devices.filter((d) => claimedEndpoints.has(d.subscription.endpoint)).map((d) => d.id));
    const pushedBeforeKill = new Set(devices.filter((d) => copies(d).length > 0).map((d) => d.id));
    expect(pushedBeforeKill.size).toBeGreaterThanOrEqual(3);
    expect([...pushedBeforeKill].every((device) => killedBatch.has(device))).toBe(true);

    // The second worker sends the rest, and the killed batch once its lease has ended.
    const second = worker({ OUTBOX_LEASE_MS: String(LEASE_MS), OUTBOX_UNTIL_EMPTY: "1" });
    await second.exited;
    expect(second.child.exitCode, second.output()).toBe(0);
    const done = JSON.parse(second.output().trim().split("\n").at(-1)!) as { done: { sent: number; failed: number }; pending: number };
    expect(done).toEqual({ done: { sent: COUNT, failed: 0 }, pending: 0 });
    // The push service may still take a held push of the dead worker (its request had arrived
    // whole): counted only once every hold has ended.
    await sleep(Math.max(0, killedAt + HOLD_MS + 500 - Date.now()));

    // Outside the killed batch: exactly once. In it: once more for a push the killed worker had
    // handed over (or whose request the push service had whole), never more.
    for (const device of devices) {
      const n = copies(device).length;
      if (!killedBatch.has(device.id)) expect(n, device.id).toBe(1);
      else if (pushedBeforeKill.has(device.id)) expect(n, device.id).toBe(2);
      else expect([1, 2], device.id).toContain(n);
      const [a, b] = copies(device);
      if (b) {
        expect(b.topic).toBe(a!.topic);
        expect(b.payload).toEqual(a!.payload);
      }
    }
    const statuses = await t.db.selectFrom("announcement_deliveries").select("status").where("announcement_id", "=", id).execute();
    expect(statuses.map((r) => r.status)).toEqual(Array(COUNT).fill("sent"));
  });
});
