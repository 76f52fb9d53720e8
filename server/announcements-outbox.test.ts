import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { createAnnouncementsRepository } from "./repositories/announcements";
import { seedDevices, seedStaff } from "./test/announcement-seed";
import { buildTestApp, describeEachEngine, describePostgresOnly, freshDatabase, type TestApp } from "./test/harness";
import { startTestPushService, type TestDevice, type TestPushService } from "./test/push-service";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quiet = { info: () => {}, warn: () => {} };

/** The announcement's pushes each device received, by tag and topic. */
function copiesAt(pushService: TestPushService, devices: readonly TestDevice[], id: number) {
  const tag = `announcement-${id}`;
  return devices.map((device) => pushService.received(device.id).filter((p) => (p.payload as { tag: string }).tag === tag));
}

async function announce(t: TestApp, title: string): Promise<number> {
  const admin = await seedStaff(t.db, `staff-${title.replace(/\W/g, "")}-${Date.now()}@example.com`);
  const { id } = await t.services.announcements.create(admin, { title, body: "Buses run two hours late.", audience: "students" });
  return id;
}

/**
 * The outbox's promise (decision 113): each device gets an announcement once, whichever instance
 * claims its row, and when a worker dies mid-batch another takes its claims over after the lease.
 * A worker "dies" by throwing at a step of its batch (crashPoint): what it claimed stays claimed
 * under its token, and nothing of it is marked, exactly as after a SIGKILL.
 */
describeEachEngine("the announcements' outbox across a crash", (engine) => {
  let pushService: TestPushService;
  let t: TestApp;
  let devices: TestDevice[];
  const COUNT = 60;
  const LEASE_MS = 400;

  beforeAll(async () => {
    pushService = await startTestPushService();
    t = await buildTestApp(engine, { env: { PUSH_ALLOWED_ENDPOINT_ORIGINS: pushService.origin } });
    devices = (await seedDevices(t.db, pushService, (await t.services.push.vapidKeys()).publicKey, COUNT)).devices;
  });
  afterAll(async () => {
    await t.close();
    await pushService.close();
  });
  beforeEach(() => pushService.reset());

  const dying = (step: "claimed" | "pushed") =>
    t.services.announcementWorker(quiet, {
      leaseMs: LEASE_MS,
      crashPoint: (at) => {
        if (at === step) throw new Error(`killed after ${at}`);
      },
    });
  const survivor = () => t.services.announcementWorker(quiet, { leaseMs: LEASE_MS });
  const statuses = async (id: number) =>
    (await t.db.selectFrom("announcement_deliveries").select("status").where("announcement_id", "=", id).execute()).map((r) => r.status);

  it("a worker killed after claiming, before pushing: another takes the claims over after the lease and each device gets it once", async () => {
    const id = await announce(t, "Claimed then killed");
    await expect(dying("claimed").runOnce()).rejects.toThrow("killed after claimed");
    const claimed = await t.db.selectFrom("announcement_deliveries").selectAll().where("announcement_id", "=", id).execute();
    expect(claimed).toHaveLength(COUNT);
    expect(claimed.every((r) => r.status === "pending" && r.claim_token !== null)).toBe(true);
    expect(pushService.received()).toEqual([]);

    const next = survivor();
    // Within the lease the claims are the dead worker's: nothing is taken.
    expect(await next.runOnce()).toEqual({ sent: 0, failed: 0, released: 0 });
    await sleep(LEASE_MS + 100);
    expect(await next.runOnce()).toEqual({ sent: COUNT, failed: 0, released: 0 });
    expect(copiesAt(pushService, devices, id).map((copies) => copies.length)).toEqual(Array(COUNT).fill(1));
    expect(await statuses(id)).toEqual(Array(COUNT).fill("sent"));
  });

  it("a worker killed after pushing, before marking: each device gets it again once, the same tag and Topic, so the second replaces the first", async () => {
    const id = await announce(t, "Pushed then killed");
    await expect(dying("pushed").runOnce()).rejects.toThrow("killed after pushed");
    expect(copiesAt(pushService, devices, id).map((copies) => copies.length)).toEqual(Array(COUNT).fill(1));
    expect(await statuses(id)).toEqual(Array(COUNT).fill("pending"));

    await sleep(LEASE_MS + 100);
    expect(await survivor().runOnce()).toEqual({ sent: COUNT, failed: 0, released: 0 });
    // The documented bound: the dead worker's one batch, twice at most, never more.
    const copies = copiesAt(pushService, devices, id);
    expect(copies.map((c) => c.length)).toEqual(Array(COUNT).fill(2));
    for (const [first, second] of copies) {
      expect(second!.topic).toBe(first!.topic);
      expect(second!.payload).toEqual(first!.payload);
    }
    expect(await statuses(id)).toEqual(Array(COUNT).fill("sent"));
    expect(await survivor().runOnce()).toEqual({ sent: 0, failed: 0, released: 0 });
  });

  it("pushes the deadline kept from starting are given back and sent in the same pass, each device once", async () => {
    const id = await announce(t, "Past the deadline");
    for (const device of devices) pushService.delay(device.id, 100);
    try {
      // 16 in flight answering after 100 ms: two waves start within 150 ms, the rest do not.
      const report = await t.services.announcementWorker(quiet, { budgetMs: 150 }).runOnce();
      expect(report.released).toBeGreaterThan(0);
      expect(report).toMatchObject({ sent: COUNT, failed: 0 });
    } finally {
      for (const device of devices) pushService.delay(device.id, 0);
    }
    expect(copiesAt(pushService, devices, id).map((copies) => copies.length)).toEqual(Array(COUNT).fill(1));
    expect(await statuses(id)).toEqual(Array(COUNT).fill("sent"));
  });

  it("a claim taken over is the new holder's: the old holder can neither mark it nor give it back", async () => {
    const id = await announce(t, "Taken over");
    const repo = createAnnouncementsRepository(t.db);
    const cutoff = () => new Date(Date.now() - LEASE_MS);
    const old = await repo.claim("old-holder", new Date(), cutoff(), 1000);
    expect(old.map((r) => r.announcementId)).toEqual(Array(COUNT).fill(id));
    expect(await repo.claim("new-holder", new Date(), cutoff(), 1000)).toEqual([]);
    await sleep(LEASE_MS + 100);
    const taken = await repo.claim("new-holder", new Date(), cutoff(), 1000);
    expect(taken.map((r) => r.id)).toEqual(old.map((r) => r.id));
    const ids = old.map((r) => r.id);
    await repo.release(ids, "old-holder");
    expect(await repo.finish(ids, "failed", "old-holder", new Date())).toBe(0);
    expect(await repo.finish(ids, "sent", "new-holder", new Date())).toBe(COUNT);
    expect(await statuses(id)).toEqual(Array(COUNT).fill("sent"));
  });
});

/**
 * Two instances (two apps on one PostgreSQL database, a worker each) sending one announcement at
 * once: their claims never overlap (FOR UPDATE SKIP LOCKED), both share the work, and every device
 * gets it exactly once.
 */
describePostgresOnly("the announcements' outbox on two instances", () => {
  let pushService: TestPushService;
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    pushService = await startTestPushService();
    database = await freshDatabase("postgres");
    const env = { PUSH_ALLOWED_ENDPOINT_ORIGINS: pushService.origin };
    first = await buildTestApp("postgres", { env, database: database.config });
    second = await buildTestApp("postgres", { env, database: database.config });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.drop();
    await pushService?.close();
  });

  it("every device gets it exactly once, the work shared between the instances", { timeout: 60_000 }, async () => {
    const COUNT = 400;
    const { devices } = await seedDevices(first.db, pushService, (await first.services.push.vapidKeys()).publicKey, COUNT);
    // A push service a little away, so both workers are busy at once.
    for (const device of devices) pushService.delay(device.id, 10);
    const id = await announce(first, "Two instances");
    const workers = [first, second].map((t) => t.services.announcementWorker(quiet, { batchSize: 25 }));
    const reports = await Promise.all(workers.map((w) => w.runOnce()));
    expect(reports.map((r) => r.sent).reduce((a, b) => a + b)).toBe(COUNT);
    expect(reports.every((r) => r.sent > 0 && r.failed === 0)).toBe(true);
    expect(copiesAt(pushService, devices, id).map((copies) => copies.length)).toEqual(Array(COUNT).fill(1));
    const progress = await second.services.announcements.find(id);
    expect(progress).toMatchObject({ total: COUNT, sent: COUNT, failed: 0, pending: 0 });
  });
});
