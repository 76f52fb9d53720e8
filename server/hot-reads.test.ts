import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "./db/connection";
import { hashSessionId, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "./repositories/sessions";
import { buildTestApp, describeEachEngine, describePostgresOnly, STRONG_PASSWORD, TestClient, type TestApp } from "./test/harness";

// Issue 25 / docs/decisions/093: sessions and unchanged lists answered from memory, with
// everything that ends or changes a session final on every instance.

const PASSCODE = "H0TR";
const DAY = 86_400_000;

/** A signed-in admin of `test`, past the passcode step-up. */
async function unlockedAdmin(test: TestApp): Promise<TestClient> {
  const admin = new TestClient(test.app);
  const { user } = await admin.register();
  await test.db.updateTable("users").set({ is_admin: 1 }).where("id", "=", user.id).execute();
  expect((await admin.request("POST", "/api/admin/login", { passcode: PASSCODE })).statusCode).toBe(200);
  await admin.refreshCsrf();
  return admin;
}

/**
 * Polls GET /api/user from now until it is 401: how long that took and how many answers were still
 * 200 meanwhile. Once 401, it stays 401.
 */
async function untilSignedOut(client: TestClient, boundMs = 1000): Promise<{ ms: number; honoured: number }> {
  const started = performance.now();
  let honoured = 0;
  for (;;) {
    const status = (await client.request("GET", "/api/user")).statusCode;
    if (status === 401) break;
    expect(status).toBe(200);
    honoured++;
    if (performance.now() - started > boundMs) throw new Error(`still signed in after ${boundMs} ms`);
    await new Promise((r) => setTimeout(r, 1));
  }
  const ms = performance.now() - started;
  for (let i = 0; i < 3; i++) expect((await client.request("GET", "/api/user")).statusCode).toBe(401);
  return { ms, honoured };
}

describeEachEngine("hot reads from memory", (engine) => {
  let now = Date.now();
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { ADMIN_PASSCODE: PASSCODE }, sessionClock: () => new Date(now) });
  });
  afterAll(() => t.close());

  const cookieHash = (client: TestClient) => hashSessionId(client.cookie!.slice("sid=".length));

  it("answers signed-in reads and the 304 of an unchanged list from memory", async () => {
    const client = new TestClient(t.app);
    await client.register();
    const list = await client.request("GET", "/api/tasks");
    const etag = String(list.headers.etag);
    const before = t.services.sessionCache.stats();
    for (let i = 0; i < 20; i++) {
      expect((await client.request("GET", "/api/user")).statusCode).toBe(200);
      expect((await client.getIfNoneMatch("/api/tasks", etag)).statusCode).toBe(304);
    }
    const after = t.services.sessionCache.stats();
    expect(after.hits - before.hits).toBe(40);
    expect(after.misses).toBe(before.misses);
  });

  it("shows a write at once: the writer's old ETag gets the new list, from this browser and another of theirs", async () => {
    const phone = new TestClient(t.app);
    const { body } = await phone.register();
    const laptop = new TestClient(t.app);
    await laptop.login(body.email, STRONG_PASSWORD);
    const etag = String((await laptop.request("GET", "/api/tasks")).headers.etag);
    expect((await laptop.getIfNoneMatch("/api/tasks", etag)).statusCode).toBe(304);
    expect((await phone.request("POST", "/api/tasks", { title: "Written on the phone" })).statusCode).toBe(201);
    const fresh = await laptop.getIfNoneMatch("/api/tasks", etag);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().map((task: { title: string }) => task.title)).toEqual(["Written on the phone"]);
    expect((await phone.getIfNoneMatch("/api/tasks", etag)).statusCode).toBe(200);
  });

  it("ends a session at once on sign-out, password change, admin reset, account deletion and the session cap", async () => {
    // Sign-out: a copy of the cookie (a stolen one) stops working with the answer.
    const student = new TestClient(t.app);
    const { body } = await student.register();
    const copy = student.sameBrowserOn(t.app);
    expect((await copy.request("GET", "/api/user")).statusCode).toBe(200);
    expect((await student.request("POST", "/api/logout")).statusCode).toBe(200);
    expect((await untilSignedOut(copy)).honoured).toBe(0);

    // Admin reset: the student's other browser, kept in memory, is signed out.
    const admin = await unlockedAdmin(t);
    const other = new TestClient(t.app);
    expect((await other.login(body.email, STRONG_PASSWORD)).statusCode).toBe(200);
    const me = (await other.request("GET", "/api/user")).json();
    const reset = await admin.request("POST", `/api/admin/users/${me.id}/reset-password`);
    expect(reset.statusCode).toBe(200);
    expect((await untilSignedOut(other)).honoured).toBe(0);

    // Password change (after the reset): the browser that changes it stays, the other goes.
    const temporary = reset.json().temporaryPassword as string;
    const first = new TestClient(t.app);
    const second = new TestClient(t.app);
    expect((await first.login(body.email, temporary)).statusCode).toBe(200);
    expect((await second.login(body.email, temporary)).statusCode).toBe(200);
    expect((await second.request("GET", "/api/user")).json().passwordResetRequired).toBe(true);
    const changed = await first.request("POST", "/api/auth/set-new-password", {
      temporaryPassword: temporary,
      newPassword: "N3w!Passw0rd",
      confirmPassword: "N3w!Passw0rd",
    });
    expect(changed.statusCode).toBe(200);
    expect((await untilSignedOut(second)).honoured).toBe(0);
    await first.refreshCsrf();
    expect((await first.request("GET", "/api/user")).json().passwordResetRequired).toBe(false);

    // The cap: the eleventh sign-in ends the least recently used session, kept in memory.
    const oldest = new TestClient(t.app);
    expect((await oldest.login(body.email, "N3w!Passw0rd")).statusCode).toBe(200);
    expect((await oldest.request("GET", "/api/user")).statusCode).toBe(200);
    now += 2 * 60_000; // every other session is seen later than the oldest
    expect((await first.request("GET", "/api/user")).statusCode).toBe(200);
    for (let i = 0; i < 8; i++) expect((await new TestClient(t.app).login(body.email, "N3w!Passw0rd")).statusCode).toBe(200);
    expect(await t.db.selectFrom("sessions").select("id_hash").where("user_id", "=", me.id).execute()).toHaveLength(10);
    expect((await new TestClient(t.app).login(body.email, "N3w!Passw0rd")).statusCode).toBe(200);
    expect((await untilSignedOut(oldest)).honoured).toBe(0);
    expect((await first.request("GET", "/api/user")).statusCode).toBe(200);

    // Deletion: every browser of the account, kept in memory, is signed out.
    expect((await first.request("DELETE", "/api/user", { password: "N3w!Passw0rd" })).statusCode).toBe(204);
    expect((await untilSignedOut(first.sameBrowserOn(t.app))).honoured).toBe(0);
  });

  it("ends a session kept in memory at its idle end and at its absolute end", async () => {
    const idle = new TestClient(t.app);
    await idle.register();
    const idleHash = cookieHash(idle);
    expect((await idle.request("GET", "/api/user")).statusCode).toBe(200);
    now += SESSION_IDLE_MS - 60_000;
    expect((await idle.request("GET", "/api/user")).statusCode).toBe(200); // and slides the idle end
    now += SESSION_IDLE_MS - 60_000;
    expect((await idle.request("GET", "/api/user")).statusCode).toBe(200);
    now += SESSION_IDLE_MS;
    expect((await idle.request("GET", "/api/user")).statusCode).toBe(401);
    expect(await t.db.selectFrom("sessions").select("id_hash").where("id_hash", "=", idleHash).execute()).toEqual([]);

    const busy = new TestClient(t.app);
    await busy.register();
    const hash = cookieHash(busy);
    const started = now;
    // Used every few days, it still ends 30 days after it began.
    while (now + 5 * DAY < started + SESSION_ABSOLUTE_MS) {
      now += 5 * DAY;
      expect((await busy.request("GET", "/api/user")).statusCode).toBe(200);
    }
    now = started + SESSION_ABSOLUTE_MS - 1;
    expect((await busy.request("GET", "/api/user")).statusCode).toBe(200);
    now = started + SESSION_ABSOLUTE_MS;
    expect((await busy.request("GET", "/api/user")).statusCode).toBe(401);
    expect(await t.db.selectFrom("sessions").select("id_hash").where("id_hash", "=", hash).execute()).toEqual([]);
  });

  it("writes the last-seen time at most once a minute per session, however often it is read", async () => {
    const client = new TestClient(t.app);
    await client.register();
    const hash = cookieHash(client);
    const lastSeen = async () =>
      (await t.db.selectFrom("sessions").select("last_seen_at").where("id_hash", "=", hash).executeTakeFirstOrThrow()).last_seen_at;
    const initial = await lastSeen();
    const misses = t.services.sessionCache.stats().misses;
    for (let i = 0; i < 30; i++) expect((await client.request("GET", "/api/user")).statusCode).toBe(200);
    now += 59_000;
    for (let i = 0; i < 30; i++) expect((await client.request("GET", "/api/user")).statusCode).toBe(200);
    expect(await lastSeen()).toBe(initial);
    now += 2_000;
    for (let i = 0; i < 30; i++) expect((await client.request("GET", "/api/user")).statusCode).toBe(200);
    expect(await lastSeen()).toBe(new Date(now).toISOString());
    expect(t.services.sessionCache.stats().misses - misses).toBeLessThanOrEqual(1);
  });

  it("re-reads a user changed behind the app's back (a script, another tool)", async () => {
    const client = new TestClient(t.app);
    const { user } = await client.register();
    expect((await client.request("GET", "/api/user")).json().firstName).toBe("Ada");
    await t.db.updateTable("users").set({ first_name: "Grace" }).where("id", "=", user.id).execute();
    expect((await client.request("GET", "/api/user")).json().firstName).toBe("Grace");
  });

  if (engine === "sqlite") {
    it("notices another process writing the SQLite file (the admin CLI) and reads again", async () => {
      const client = new TestClient(t.app);
      await client.register();
      expect((await client.request("GET", "/api/user")).statusCode).toBe(200);
      const cli = createDb(t.config.database);
      try {
        await cli.deleteFrom("sessions").where("id_hash", "=", cookieHash(client)).execute();
      } finally {
        await cli.destroy();
      }
      // Noticed within SQLITE_OTHER_PROCESS_CHECK_MS (10 ms).
      expect((await untilSignedOut(client, 100)).ms).toBeLessThan(100);
    });
  }
});

describePostgresOnly("hot reads on two instances", () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await buildTestApp("postgres", { env: { ADMIN_PASSCODE: PASSCODE } });
    second = await buildTestApp("postgres", { env: { ADMIN_PASSCODE: PASSCODE }, database: first.config.database });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  /** A student signed in on the first instance, the same browser kept in memory by the second. */
  async function studentOnBoth() {
    const onFirst = new TestClient(first.app);
    const { user, body } = await onFirst.register();
    const onSecond = onFirst.sameBrowserOn(second.app);
    expect((await onSecond.request("GET", "/api/user")).statusCode).toBe(200);
    const hits = second.services.sessionCache.stats().hits;
    expect((await onSecond.request("GET", "/api/user")).statusCode).toBe(200);
    expect(second.services.sessionCache.stats().hits).toBe(hits + 1);
    return { onFirst, onSecond, id: user.id as number, email: body.email };
  }

  const latencies: string[] = [];
  afterAll(() => console.log(`hot reads: the other instance refused the session ${latencies.join("; ")} after the answer`));

  async function expectEndedOnSecond(label: string, client: TestClient) {
    const { ms } = await untilSignedOut(client, 100);
    latencies.push(`${label} ${ms.toFixed(1)} ms`);
  }

  it("a sign-out on one instance is final on the other within 100 ms", async () => {
    const { onFirst, onSecond } = await studentOnBoth();
    expect((await onFirst.request("POST", "/api/logout")).statusCode).toBe(200);
    await expectEndedOnSecond("sign-out", onSecond);
  });

  it("so are an admin reset, a password change and a deletion", async () => {
    const admin = await unlockedAdmin(first);
    const student = await studentOnBoth();
    const reset = await admin.request("POST", `/api/admin/users/${student.id}/reset-password`);
    expect(reset.statusCode).toBe(200);
    await expectEndedOnSecond("admin reset", student.onSecond);

    const temporary = reset.json().temporaryPassword as string;
    const changer = new TestClient(first.app);
    expect((await changer.login(student.email, temporary)).statusCode).toBe(200);
    const other = new TestClient(first.app);
    expect((await other.login(student.email, temporary)).statusCode).toBe(200);
    const otherOnSecond = other.sameBrowserOn(second.app);
    expect((await otherOnSecond.request("GET", "/api/user")).statusCode).toBe(200);
    const changed = await changer.request("POST", "/api/auth/set-new-password", {
      temporaryPassword: temporary,
      newPassword: "N3w!Passw0rd",
      confirmPassword: "N3w!Passw0rd",
    });
    expect(changed.statusCode).toBe(200);
    await expectEndedOnSecond("password change", otherOnSecond);

    await changer.refreshCsrf();
    const changerOnSecond = changer.sameBrowserOn(second.app);
    expect((await changerOnSecond.request("GET", "/api/user")).statusCode).toBe(200);
    expect((await changer.request("DELETE", "/api/user", { password: "N3w!Passw0rd" })).statusCode).toBe(204);
    await expectEndedOnSecond("deletion", changerOnSecond);
  });

  it("so are the admin step-up's new session id and its end (Exit Admin)", async () => {
    const admin = await unlockedAdmin(first);
    const unlockedOnSecond = admin.sameBrowserOn(second.app);
    expect((await unlockedOnSecond.request("GET", "/api/admin/users")).statusCode).toBe(200);
    expect((await admin.request("POST", "/api/admin/logout")).statusCode).toBe(200);
    // Exit Admin gives the session a new id: the old one, kept by the second instance, is gone...
    await expectEndedOnSecond("Exit Admin", unlockedOnSecond);
    // ...and the new one is signed in there, with the panel locked.
    const lockedOnSecond = admin.sameBrowserOn(second.app);
    expect((await lockedOnSecond.request("GET", "/api/user")).statusCode).toBe(200);
    expect((await lockedOnSecond.request("GET", "/api/admin/users")).statusCode).toBe(403);
  });

  it("a write on one instance changes the other's 304 into the new list within 100 ms", async () => {
    const { onFirst, onSecond } = await studentOnBoth();
    const etag = String((await onSecond.request("GET", "/api/tasks")).headers.etag);
    expect((await onSecond.getIfNoneMatch("/api/tasks", etag)).statusCode).toBe(304);
    expect((await onFirst.request("POST", "/api/tasks", { title: "From the first instance" })).statusCode).toBe(201);
    const started = performance.now();
    let answer = await onSecond.getIfNoneMatch("/api/tasks", etag);
    while (answer.statusCode === 304 && performance.now() - started < 100) {
      await new Promise((r) => setTimeout(r, 1));
      answer = await onSecond.getIfNoneMatch("/api/tasks", etag);
    }
    expect(answer.statusCode).toBe(200);
    expect(answer.json().map((task: { title: string }) => task.title)).toEqual(["From the first instance"]);
  });

  it("keeps the rules when the listener is killed: nothing kept is used until it is back", async () => {
    const admin = new pg.Client({ connectionString: (first.config.database as { url: string }).url });
    await admin.connect();
    try {
      const kill = async () => {
        const { rows } = await admin.query("select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = $1", [
          second.services.changeFeed.listenerName,
        ]);
        expect(rows).toEqual([{ ended: true }]);
      };

      // Killed, and a sign-out right after: the second instance must not honour the session.
      const a = await studentOnBoth();
      const gaps = second.services.sessionCache.stats().gaps;
      await kill();
      expect((await a.onFirst.request("POST", "/api/logout")).statusCode).toBe(200);
      await expectEndedOnSecond("sign-out, listener killed", a.onSecond);
      expect(second.services.sessionCache.stats().gaps).toBeGreaterThan(gaps);

      // Back (it reconnects by itself), the second instance keeps sessions again, and drops them again.
      await second.services.changeFeed.whenLive();
      const c = await studentOnBoth();
      expect((await c.onFirst.request("POST", "/api/logout")).statusCode).toBe(200);
      await expectEndedOnSecond("sign-out, listener back", c.onSecond);

      // Killed mid-test again, the sign-out in the same moment.
      const d = await studentOnBoth();
      await Promise.all([kill(), d.onFirst.request("POST", "/api/logout")]);
      await expectEndedOnSecond("sign-out as the listener was killed", d.onSecond);
      await second.services.changeFeed.whenLive();
    } finally {
      await admin.end();
    }
  });
});

describe("hot reads: the test's own guard", () => {
  it("untilSignedOut fails when a session is still honoured past the bound", async () => {
    const t = await buildTestApp("sqlite");
    try {
      const client = new TestClient(t.app);
      await client.register();
      await expect(untilSignedOut(client, 20)).rejects.toThrow(/still signed in/);
    } finally {
      await t.close();
    }
  });
});
