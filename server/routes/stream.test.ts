import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listening, openStream, type OpenStream } from "../test/event-stream";
import { buildTestApp, describeEachEngine, describePostgresOnly, STRONG_PASSWORD, TestClient, type TestApp } from "../test/harness";
import { AB_SCHEDULE } from "../test/school-fixtures";

const PASSCODE = "K7QM";
const changed = (...lists: string[]) => ({ event: "changed", data: JSON.stringify({ lists }) });

/** Resolves when the stream ends, or fails after `ms`: the bound for a session ended elsewhere. */
function endsWithin(stream: OpenStream, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the stream was still open after ${ms} ms`)), ms);
    void stream.ended.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

describeEachEngine("GET /api/stream", (engine) => {
  let t: TestApp;
  let origin: string;
  const open: OpenStream[] = [];
  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { ADMIN_PASSCODE: PASSCODE }, liveHeartbeatMs: 200 });
    origin = await listening(t.app);
  });
  afterAll(async () => {
    open.forEach((s) => s.close());
    await t.close();
  });

  async function student() {
    const client = new TestClient(t.app);
    const { user } = await client.register();
    return { client, id: user.id as number };
  }
  async function streamOf(client: TestClient, headers: Record<string, string> = {}) {
    const stream = await openStream(origin, { cookie: client.cookie, ...headers });
    open.push(stream);
    expect(stream.status).toBe(200);
    return stream;
  }

  it("answers a visitor 401 in the one error shape", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/stream", headers: { accept: "text/event-stream" } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: "Not signed in", code: "server.not_signed_in" });
  });

  it("sends every stream of the writer which list changed, after the write, and nothing of it to another user", async () => {
    const alice = await student();
    const bob = await student();
    const [laptop, phone] = [await streamOf(alice.client), await streamOf(alice.client)];
    const bobs = await streamOf(bob.client);

    expect((await alice.client.request("POST", "/api/tasks", { title: "Read chapter 4" })).statusCode).toBe(201);
    expect(await laptop.nextEvents(1)).toEqual([changed("tasks")]);
    expect(await phone.nextEvents(1)).toEqual([changed("tasks")]);
    // The refetch the event asks for finds the write.
    expect((await alice.client.request("GET", "/api/tasks")).json()).toHaveLength(1);

    // Bob's own write arrives on his stream after anything Alice's could have sent there.
    const created = await bob.client.request("POST", "/api/events", { title: "Swim practice", date: "2027-01-04", eventType: "practice" });
    expect(created.statusCode).toBe(201);
    expect(await bobs.nextEvents(1)).toEqual([changed("events")]);
    await alice.client.request("PUT", "/api/user/preferences", { eveningSummaryTime: "20:15" });
    expect(await laptop.nextEvents(2)).toEqual([changed("tasks"), changed("preferences")]);
    expect(bobs.events).toEqual([changed("events")]);
  });

  it("sends `school` to everyone when staff publish the schedule or an announcement", async () => {
    const [alice, bob] = [await student(), await student()];
    const staff = await student();
    await t.db.updateTable("users").set({ is_admin: 1 }).where("id", "=", staff.id).execute();
    expect((await staff.client.request("POST", "/api/admin/login", { passcode: PASSCODE })).statusCode).toBe(200);
    await staff.client.refreshCsrf();
    const streams = [await streamOf(alice.client), await streamOf(bob.client)];

    expect((await staff.client.request("PUT", "/api/admin/school/schedule", AB_SCHEDULE)).statusCode).toBe(200);
    for (const stream of streams) expect(await stream.nextEvents(1)).toEqual([changed("school")]);
    const announced = await staff.client.request("POST", "/api/admin/announcements", {
      title: "2-hour delay tomorrow",
      body: "Buses run two hours late.",
      audience: "students",
    });
    expect(announced.statusCode).toBe(202);
    for (const stream of streams) expect(await stream.nextEvents(2)).toEqual([changed("school"), changed("school")]);
  });

  it("keeps an idle stream open with a comment line, uncompressed even when the browser takes brotli", async () => {
    const { client } = await student();
    const stream = await streamOf(client, { "accept-encoding": "br, gzip" });
    expect(stream.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    expect(stream.headers["content-encoding"]).toBeUndefined();
    expect(stream.headers["cache-control"]).toBe("no-store");
    expect(await stream.nextComment()).toBe("keep-alive");
  });

  it("ends a stream when its session signs out, and its cookie cannot open another", async () => {
    const { client } = await student();
    const stream = await streamOf(client);
    expect((await client.request("POST", "/api/logout")).statusCode).toBe(200);
    await stream.ended;
    // Signed out, it may not come back.
    const again = await t.app.inject({ method: "GET", url: "/api/stream", headers: { cookie: client.cookie ?? "" } });
    expect(again.statusCode).toBe(401);
  });

  it("ends every stream of a student whose password an admin resets, and no one else's", async () => {
    const [alice, bob] = [await student(), await student()];
    const staff = await student();
    await t.db.updateTable("users").set({ is_admin: 1 }).where("id", "=", staff.id).execute();
    expect((await staff.client.request("POST", "/api/admin/login", { passcode: PASSCODE })).statusCode).toBe(200);
    await staff.client.refreshCsrf();
    const [laptop, phone] = [await streamOf(alice.client), await streamOf(alice.client)];
    const bobs = await streamOf(bob.client);

    expect((await staff.client.request("POST", `/api/admin/users/${alice.id}/reset-password`)).statusCode).toBe(200);
    await Promise.all([laptop.ended, phone.ended]);
    // Bob's stream is still open: his own write still reaches it.
    expect((await bob.client.request("POST", "/api/tasks", { title: "Still here" })).statusCode).toBe(201);
    expect(await bobs.nextEvents(1)).toEqual([changed("tasks")]);
  });

  it("ends every stream of an account deleted by its owner", async () => {
    const { client } = await student();
    const stream = await streamOf(client);
    expect((await client.request("DELETE", "/api/user", { password: STRONG_PASSWORD })).statusCode).toBe(204);
    await stream.ended;
  });
});

describePostgresOnly("GET /api/stream across two instances", () => {
  let first: TestApp;
  let second: TestApp;
  let secondOrigin: string;
  const open: OpenStream[] = [];
  beforeAll(async () => {
    first = await buildTestApp("postgres");
    second = await buildTestApp("postgres", { database: first.config.database });
    secondOrigin = await listening(second.app);
  });
  afterAll(async () => {
    open.forEach((s) => s.close());
    await second?.close();
    await first?.close();
  });

  describe("a student with a laptop on one instance and a phone on the other", () => {
    it("hears of a write made on the other instance, and of nobody else's", async () => {
      const laptop = new TestClient(first.app);
      await laptop.register();
      const phone = await openStream(secondOrigin, { cookie: laptop.cookie });
      open.push(phone);
      const other = new TestClient(second.app);
      await other.register();
      const others = await openStream(secondOrigin, { cookie: other.cookie });
      open.push(others);

      expect((await laptop.request("POST", "/api/tasks", { title: "Made on the laptop" })).statusCode).toBe(201);
      expect(await phone.nextEvents(1)).toEqual([changed("tasks")]);
      expect((await other.request("POST", "/api/tasks", { title: "Someone else's" })).statusCode).toBe(201);
      expect(await others.nextEvents(1)).toEqual([changed("tasks")]);
      expect(phone.events).toEqual([changed("tasks")]);
    });

    it("loses the phone's stream within a second of signing out on the laptop's instance", async () => {
      const laptop = new TestClient(first.app);
      await laptop.register();
      const phone = await openStream(secondOrigin, { cookie: laptop.cookie });
      open.push(phone);
      expect(phone.status).toBe(200);
      expect((await laptop.request("POST", "/api/logout")).statusCode).toBe(200);
      await endsWithin(phone, 1000);
    });

    it("ends the streams of an instance whose change listener is lost, and opens new ones once it is back", async () => {
      const laptop = new TestClient(first.app);
      await laptop.register();
      const phone = await openStream(secondOrigin, { cookie: laptop.cookie });
      open.push(phone);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        const { rows } = await admin.query("select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = $1", [
          second.services.changeFeed.listenerName,
        ]);
        expect(rows).toEqual([{ ended: true }]);
      } finally {
        await admin.end();
      }
      // Changes may have been missed while it was down: the stream ends, and the client reconnects.
      await phone.ended;
      await second.services.changeFeed.whenLive();
      const again = await openStream(secondOrigin, { cookie: laptop.cookie });
      open.push(again);
      expect(again.status).toBe(200);
      expect((await laptop.request("POST", "/api/tasks", { title: "After the gap" })).statusCode).toBe(201);
      expect(await again.nextEvents(1)).toEqual([changed("tasks")]);
    });
  });
});
