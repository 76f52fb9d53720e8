import { afterAll, beforeAll, expect, it } from "vitest";
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "../repositories/sessions";
import { buildTestApp, describeEachEngine, TestClient, type TestApp } from "../test/harness";
import { sweepExpiredRows } from "./housekeeping";

describeEachEngine("housekeeping", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(() => t.close());

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

    expect(await sweepExpiredRows(t.services, now)).toEqual({
      sessions: 2,
      rateLimits: 1,
      idempotencyKeys: 1,
      sentReminders: 0,
      ssoLogins: 1,
      passwordResetTokens: 1,
      mails: 1,
    });

    // The browser's own session is untouched.
    expect((await client.request("GET", "/api/user")).statusCode).toBe(200);
    const left = await t.db.selectFrom("sessions").select("user_id").where("user_id", "=", user.id).execute();
    expect(left).toHaveLength(1);
    expect(await rateLimits.peek("test:live", now)).toBe(1);
    expect(await t.db.selectFrom("rate_limits").select("key").where("key", "=", "test:ended").executeTakeFirst()).toBeUndefined();
    expect(await t.db.selectFrom("sso_logins").select("id_hash").execute()).toEqual([{ id_hash: "under-way" }]);
    expect(await t.db.selectFrom("password_reset_tokens").select("token_hash").execute()).toEqual([{ token_hash: "live-hash" }]);
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
      passwordResetTokens: 0,
      mails: 0,
    });
  });
});
