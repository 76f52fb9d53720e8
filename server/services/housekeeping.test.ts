import { afterAll, beforeAll, expect, it } from "vitest";
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "../repositories/sessions";
import { seedDevices } from "../test/announcement-seed";
import { buildTestApp, describeEachEngine, TestClient, type TestApp } from "../test/harness";
import { startTestPushService, type TestPushService } from "../test/push-service";
import { OUTBOX_KEEP_DAYS } from "./announcements";
import { sweepExpiredRows } from "./housekeeping";

const PASSCODE = "K7QM";

describeEachEngine("housekeeping", (engine) => {
  let t: TestApp;
  let pushService: TestPushService;
  beforeAll(async () => {
    pushService = await startTestPushService();
    t = await buildTestApp(engine, { env: { ADMIN_PASSCODE: PASSCODE } });
  });
  afterAll(async () => {
    await t.close();
    await pushService.close();
  });

  it("removes expired sessions and ended rate-limit windows, and keeps the live ones", async () => {
    const client = new TestClient(t.app);
    const { user } = await client.register();
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3600_000);
    const { sessions, rateLimits } = t.services;
    // An idle session (last seen past the idle window) and one past its absolute end.
    await sessions.create(user.id, new Date(now.getTime() - SESSION_IDLE_MS - 60_000));
    await sessions.create(user.id, new Date(now.getTime() - SESSION_ABSOLUTE_MS - 60_000));
    await rateLimits.hit("test:ended", 60_000, daysAgo(1));
    await rateLimits.hit("test:live", 60_000, now);
    // Idempotency-Keys are kept a day: one from two days ago goes, one from an hour ago stays.
    await t.services.idempotencyKeys.claim(user.id, "old-key", "hash", daysAgo(2));
    await t.services.idempotencyKeys.claim(user.id, "new-key", "hash", new Date(now.getTime() - 3600_000));
    // Provider sign-ins: one abandoned 11 minutes ago goes, one started a minute ago stays.
    const login = (id: string, minutesAgo: number) =>
      t.services.ssoLogins.create({
        id_hash: id,
        provider_id: "google",
        state: "s",
        nonce: "n",
        code_verifier: "v",
        purpose: "sign-in",
        user_id: null,
        created_at: new Date(now.getTime() - minutesAgo * 60_000).toISOString(),
      });
    await login("abandoned", 11);
    await login("under-way", 1);
    // Forgot-password tokens: one that expired goes, one that still works stays.
    const other = (await new TestClient(t.app).register()).user;
    await t.services.passwordResetTokens.replace(user.id, "expired-hash", new Date(now.getTime() - 60_000), daysAgo(1));
    await t.services.passwordResetTokens.replace(other.id, "live-hash", new Date(now.getTime() + 60_000), now);
    // Mails: one finished 31 days ago goes; one finished yesterday and a pending one stay.
    const mail = async (finishedDaysAgo: number | null) => {
      const id = await t.services.mailOutbox.enqueue(
        {
          messageId: `<${Math.random()}@hub.example>`,
          to: "a@b.example",
          template: "password-reset",
          locale: "en",
          params: {},
          sendBefore: now,
        },
        daysAgo(40),
      );
      if (finishedDaysAgo !== null) {
        await t.db
          .updateTable("mail_outbox")
          .set({ status: "sent", finished_at: daysAgo(finishedDaysAgo).toISOString() })
          .where("id", "=", id)
          .execute();
      }
    };
    await mail(31);
    await mail(1);
    await mail(null);
    // Sign-ins waiting for a second factor: one past its 5 minutes goes, one under way stays.
    const challenge = (id: string, expiresInMs: number) =>
      t.db
        .insertInto("sign_in_challenges")
        .values({
          id_hash: id,
          user_id: user.id,
          created_at: now.toISOString(),
          expires_at: new Date(now.getTime() + expiresInMs).toISOString(),
        })
        .execute();
    await challenge("expired", -1000);
    await challenge("waiting", 60_000);

    expect(await sweepExpiredRows(t.services, now)).toEqual({
      sessions: 2,
      rateLimits: 1,
      idempotencyKeys: 1,
      sentReminders: 0,
      ssoLogins: 1,
      announcementDeliveries: 0,
      passwordResetTokens: 1,
      mails: 1,
      signInChallenges: 1,
    });

    // The browser's own session is untouched.
    expect((await client.request("GET", "/api/user")).statusCode).toBe(200);
    const left = await t.db.selectFrom("sessions").select("user_id").where("user_id", "=", user.id).execute();
    expect(left).toHaveLength(1);
    expect(await rateLimits.peek("test:live", now)).toBe(1);
    expect(await t.db.selectFrom("rate_limits").select("key").where("key", "=", "test:ended").executeTakeFirst()).toBeUndefined();
    expect(await t.db.selectFrom("sso_logins").select("id_hash").execute()).toEqual([{ id_hash: "under-way" }]);
    expect(await t.db.selectFrom("password_reset_tokens").select("token_hash").execute()).toEqual([{ token_hash: "live-hash" }]);
    expect(await t.db.selectFrom("sign_in_challenges").select("id_hash").execute()).toEqual([{ id_hash: "waiting" }]);
    expect(await t.db.selectFrom("mail_outbox").select("status").orderBy("id").execute()).toEqual([
      { status: "sent" },
      { status: "pending" },
    ]);
    expect(await sweepExpiredRows(t.services, now)).toEqual({
      sessions: 0,
      rateLimits: 0,
      idempotencyKeys: 0,
      sentReminders: 0,
      ssoLogins: 0,
      announcementDeliveries: 0,
      passwordResetTokens: 0,
      mails: 0,
      signInChallenges: 0,
    });
  });

  it(`prunes the finished outbox rows of announcements older than ${OUTBOX_KEEP_DAYS} days, and the admin's figures stay the same`, async () => {
    const staff = new TestClient(t.app);
    const { user } = await staff.register();
    await t.db.updateTable("users").set({ is_admin: 1 }).where("id", "=", user.id).execute();
    expect((await staff.request("POST", "/api/admin/login", { passcode: PASSCODE })).statusCode).toBe(200);
    await staff.refreshCsrf();
    await seedDevices(t.db, pushService, (await t.services.push.vapidKeys()).publicKey, 10);

    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3600_000).toISOString();
    /** An announcement to the 10 devices, made `age` days ago, its rows finished then: 6 sent, 3 failed, 1 still pending. */
    async function announcement(title: string, age: number) {
      const { id } = (await staff.request("POST", "/api/admin/announcements", { title, body: "Body", audience: "students" })).json();
      await t.db
        .updateTable("announcements")
        .set({ created_at: daysAgo(age) })
        .where("id", "=", id)
        .execute();
      const rows = await t.db.selectFrom("announcement_deliveries").select("id").where("announcement_id", "=", id).orderBy("id").execute();
      expect(rows).toHaveLength(10);
      const ids = rows.map((r) => r.id);
      await t.db
        .updateTable("announcement_deliveries")
        .set({ status: "sent", finished_at: daysAgo(age) })
        .where("id", "in", ids.slice(0, 6))
        .execute();
      await t.db
        .updateTable("announcement_deliveries")
        .set({ status: "failed", finished_at: daysAgo(age) })
        .where("id", "in", ids.slice(6, 9))
        .execute();
      return id as number;
    }
    const old = [await announcement("Old one", OUTBOX_KEEP_DAYS + 10), await announcement("Old two", OUTBOX_KEEP_DAYS + 1)];
    const recent = await announcement("Recent", OUTBOX_KEEP_DAYS - 1);
    const figures = async () => {
      const res = await staff.request("GET", "/api/admin/announcements");
      expect(res.statusCode).toBe(200);
      return (res.json() as { id: number; total: number; sent: number; failed: number; pending: number }[])
        .filter((a) => [...old, recent].includes(a.id))
        .map(({ id, total, sent, failed, pending }) => ({ id, total, sent, failed, pending }));
    };
    const before = await figures();
    expect(before).toEqual([recent, old[1], old[0]].map((id) => ({ id, total: 10, sent: 6, failed: 3, pending: 1 })));

    // Two instances sweeping at once count each row once.
    const [first, second] = await Promise.all([sweepExpiredRows(t.services, now), sweepExpiredRows(t.services, now)]);
    expect(first.announcementDeliveries + second.announcementDeliveries).toBe(18);
    const left = async (id: number) =>
      (await t.db.selectFrom("announcement_deliveries").select("status").where("announcement_id", "=", id).execute()).map((r) => r.status);
    // The old ones keep only their pending row (still to be pushed); the recent one keeps all.
    expect(await left(old[0]!)).toEqual(["pending"]);
    expect(await left(old[1]!)).toEqual(["pending"]);
    expect(await left(recent)).toHaveLength(10);
    expect(await figures()).toEqual(before);
    const one = await staff.request("GET", `/api/admin/announcements/${old[0]}`);
    expect(one.json()).toMatchObject({ total: 10, sent: 6, failed: 3, pending: 1 });

    // The pending row ends later (sent), and is pruned by a later sweep: the figures follow.
    await t.db
      .updateTable("announcement_deliveries")
      .set({ status: "sent", finished_at: daysAgo(OUTBOX_KEEP_DAYS + 1) })
      .where("announcement_id", "=", old[0]!)
      .execute();
    expect((await sweepExpiredRows(t.services, now)).announcementDeliveries).toBe(1);
    expect(await left(old[0]!)).toEqual([]);
    expect((await staff.request("GET", `/api/admin/announcements/${old[0]}`)).json()).toMatchObject({
      total: 10,
      sent: 7,
      failed: 3,
      pending: 0,
    });
    expect((await sweepExpiredRows(t.services, now)).announcementDeliveries).toBe(0);
    // The readers' list is made of announcements, not rows: nothing there changes.
    expect(
      await t.db
        .selectFrom("announcements")
        .select("id")
        .where("id", "in", [...old, recent])
        .execute(),
    ).toHaveLength(3);
  });
});
