import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { buildTestApp, describeEachEngine, STRONG_PASSWORD, TestClient, type TestApp } from "../test/harness";
import { startTestSmtpServer, type TestSmtpServer } from "../test/smtp-server";

const PASSCODE = "R3TN";
const PUBLIC_URL = "https://hub.lincoln.example";
const DAY = 24 * 60 * 60 * 1000;
const quiet = { info: () => {}, warn: () => {} };

/**
 * The retention policy (issue 55): with RETENTION_INACTIVE_DAYS=400, an account unused for 370 days
 * is told by mail, one unused for 400 and told 30 days ago is deleted with its data and audited
 * without it, staff and used accounts are left alone, old audit entries go; one instance sweeps at
 * a time; staff read a dry run and delete a cohort after typing the confirmation.
 */
describeEachEngine("retention", (engine) => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let now = Date.now();

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await buildTestApp(engine, {
      env: { ADMIN_PASSCODE: PASSCODE, RETENTION_INACTIVE_DAYS: "400", AUDIT_RETENTION_DAYS: "730", SMTP_URL: smtp.url, PUBLIC_URL },
      clock: () => new Date(now),
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(() => smtp.reset());

  /** A student last seen `days` ago (no session since), with a task. */
  async function unused(days: number, options: { admin?: boolean; noticeDaysAgo?: number } = {}) {
    const client = new TestClient(t.app);
    const { user, body } = await client.register();
    await client.request("POST", "/api/tasks", { title: "Private essay draft" });
    await t.db.deleteFrom("sessions").where("user_id", "=", user.id).execute();
    await t.db
      .updateTable("users")
      .set({
        last_sign_in_at: new Date(now - days * DAY).toISOString(),
        retention_notice_at: options.noticeDaysAgo === undefined ? null : new Date(now - options.noticeDaysAgo * DAY).toISOString(),
        is_admin: options.admin ? 1 : 0,
      })
      .where("id", "=", user.id)
      .execute();
    return { id: user.id as number, email: body.email };
  }

  async function unlockedAdmin() {
    const client = new TestClient(t.app);
    const { user, body } = await client.register({ firstName: "Rosa" });
    await t.db.updateTable("users").set({ is_admin: 1 }).where("id", "=", user.id).execute();
    expect((await client.request("POST", "/api/admin/login", { passcode: PASSCODE })).statusCode).toBe(200);
    await client.refreshCsrf();
    return { client, id: user.id as number, email: body.email };
  }

  const exists = async (id: number) => Boolean(await t.db.selectFrom("users").select("id").where("id", "=", id).executeTakeFirst());

  it("tells an account 30 days before, deletes it with its data after, audited without it, and leaves staff and used accounts alone", async () => {
    const admin = await unlockedAdmin();
    const recent = await unused(10);
    const toTell = await unused(375);
    const toldLongAgo = await unused(420, { noticeDaysAgo: 31 });
    const toldRecently = await unused(420, { noticeDaysAgo: 5 });
    const staff = await unused(900, { admin: true });
    await t.db
      .insertInto("audit_log")
      .values([
        {
          actor_user_id: null,
          actor_email: null,
          action: "SETTINGS_CHANGED",
          target: null,
          details: null,
          created_at: new Date(now - 800 * DAY).toISOString(),
        },
        {
          actor_user_id: null,
          actor_email: null,
          action: "SETTINGS_CHANGED",
          target: null,
          details: null,
          created_at: new Date(now - 100 * DAY).toISOString(),
        },
      ])
      .execute();

    // The dry run names them, staff only.
    expect((await new TestClient(t.app).request("GET", "/api/admin/retention")).statusCode).toBe(401);
    const overview = (await admin.client.request("GET", "/api/admin/retention")).json();
    expect(overview.policy).toEqual({ inactiveDays: 400, noticeDays: 30, auditDays: 730, disabledDays: 30, mailNotices: true });
    expect(overview.willNotify.map((a: { email: string }) => a.email)).toContain(toTell.email);
    expect(overview.willDelete.map((a: { email: string }) => a.email)).toEqual([toldLongAgo.email]);
    const listed = [...overview.willNotify, ...overview.willDelete].map((a: { userId: number }) => a.userId);
    for (const spared of [recent.id, toldRecently.id, staff.id, admin.id]) expect(listed).not.toContain(spared);

    // Two instances at once: one sweeps.
    const reports = await Promise.all([
      t.services.retention.worker(quiet, { checkEveryMs: 60_000 }).runOnce(),
      t.services.retention.worker(quiet, { checkEveryMs: 60_000 }).runOnce(),
    ]);
    const ran = reports.filter((report) => report !== null);
    expect(ran).toHaveLength(1);
    expect(ran[0]).toMatchObject({ deleted: 1, auditPruned: 1 });
    expect(ran[0]!.notified).toBeGreaterThanOrEqual(1);

    expect(await exists(toldLongAgo.id)).toBe(false);
    expect(await t.db.selectFrom("tasks").select("id").where("user_id", "=", toldLongAgo.id).execute()).toEqual([]);
    for (const spared of [recent.id, toTell.id, toldRecently.id, staff.id]) expect(await exists(spared)).toBe(true);
    const [expired] = await t.db.selectFrom("audit_log").selectAll().where("action", "=", "ACCOUNT_EXPIRED").execute();
    expect(expired).toMatchObject({ actor_user_id: null, target: toldLongAgo.email });
    expect(expired!.details).not.toContain("essay");
    expect(JSON.parse(expired!.details!)).toMatchObject({ inactiveDays: 400 });
    const audits = await t.db.selectFrom("audit_log").select("created_at").execute();
    expect(audits.every((a) => Date.parse(a.created_at) > now - 730 * DAY)).toBe(true);

    // The notice, in the account's language, with the day it goes and the way to keep it.
    await t.services.mailWorker(quiet)!.runOnce();
    const notice = smtp.received.find((m) => m.to === toTell.email)!;
    expect(notice.parsed.subject).toMatch(/^Your Student Hub account will be deleted on [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect(notice.parsed.text).toContain(`The Student Hub account ${toTell.email} has not been used for a long time.`);
    expect(notice.parsed.text).toContain(`${PUBLIC_URL}/auth`);
    // Not told twice.
    expect(await t.services.retention.sweep()).toMatchObject({ notified: 0, deleted: 0 });

    // 31 days on: the one told is deleted, unless they signed in since.
    const cameBack = await unused(380);
    await t.services.retention.sweep();
    await new TestClient(t.app).login(cameBack.email, STRONG_PASSWORD);
    now += 31 * DAY;
    await t.services.retention.sweep();
    expect(await exists(toTell.id)).toBe(false);
    expect(await exists(cameBack.id)).toBe(true);
    expect(await exists(staff.id)).toBe(true);
  });

  it("deletes an account the roster closed RETENTION_DISABLED_DAYS after, and not before", async () => {
    const closedLongAgo = await unused(1);
    const closedRecently = await unused(1);
    await t.db
      .updateTable("users")
      .set({ disabled_at: new Date(now - 31 * DAY).toISOString() })
      .where("id", "=", closedLongAgo.id)
      .execute();
    await t.db
      .updateTable("users")
      .set({ disabled_at: new Date(now - 29 * DAY).toISOString() })
      .where("id", "=", closedRecently.id)
      .execute();
    await t.services.retention.sweep();
    expect([await exists(closedLongAgo.id), await exists(closedRecently.id)]).toEqual([false, true]);
    const [audit] = await t.db.selectFrom("audit_log").selectAll().where("target", "=", closedLongAgo.email).execute();
    expect(audit).toMatchObject({ action: "ACCOUNT_EXPIRED", actor_user_id: null });
    expect(JSON.parse(audit!.details!)).toMatchObject({ disabledDays: 30 });
  });

  it("deletes a cohort at once after the typed confirmation, in one transaction, never staff or oneself", async () => {
    const admin = await unlockedAdmin();
    const a = await unused(1);
    const b = await unused(1);
    const staff = await unused(1, { admin: true });
    const cohort = (userIds: number[], confirmation: string) =>
      admin.client.request("POST", "/api/admin/retention/cohort", { userIds, confirmation });

    const typo = await cohort([a.id, b.id], "DELETE 3 ACCOUNTS");
    expect([typo.statusCode, typo.json().code, Object.keys(typo.json().errors)]).toEqual([
      400,
      "admin.cohort_confirmation_wrong",
      ["confirmation"],
    ]);
    expect((await cohort([], "DELETE 0 ACCOUNTS")).json().code).toBe("admin.cohort_ids_invalid");
    const withStaff = await cohort([a.id, staff.id], "DELETE 2 ACCOUNTS");
    expect([withStaff.statusCode, withStaff.json().code]).toEqual([409, "admin.cohort_has_staff"]);
    expect((await cohort([a.id, 99_999_999], "DELETE 2 ACCOUNTS")).statusCode).toBe(404);
    expect((await cohort([a.id, admin.id], "DELETE 2 ACCOUNTS")).statusCode).toBe(403);
    // Nothing went half-way.
    expect(await exists(a.id)).toBe(true);

    const done = await cohort([a.id, b.id, a.id], " DELETE 2 ACCOUNTS ");
    expect(done.json()).toEqual({ deleted: 2 });
    expect([await exists(a.id), await exists(b.id), await exists(staff.id)]).toEqual([false, false, true]);
    const audit = await t.db
      .selectFrom("audit_log")
      .select(["action", "actor_email", "target"])
      .where("target", "in", [a.email, b.email])
      .execute();
    expect(audit).toEqual([
      { action: "USER_DELETED", actor_email: admin.email, target: a.email },
      { action: "USER_DELETED", actor_email: admin.email, target: b.email },
    ]);
    // A student may not.
    const student = new TestClient(t.app);
    await student.register();
    expect(
      (await student.request("POST", "/api/admin/retention/cohort", { userIds: [staff.id], confirmation: "DELETE 1 ACCOUNTS" })).statusCode,
    ).toBe(403);
  });
});
