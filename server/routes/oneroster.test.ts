import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp, describeEachEngine, STRONG_PASSWORD, TestClient, type TestApp } from "../test/harness";
import { changed, classRow, enrollment, type FakeOneRoster, startFakeOneRoster, user } from "../test/oneroster-provider";

const PASSCODE = "R0ST";
const quiet = { info: () => {}, warn: () => {} };

/**
 * Rosters from the student information system (issue 55): a OneRoster 1.2 provider the test runs
 * (paging, a token, a user in two schools, a class with two teachers, a deleted user, a slow and a
 * hostile provider), on both engines: students become accounts with their classes, an edit of the
 * student's own stays, a student deleted or gone is disabled at once, a full read and then deltas
 * by dateLastModified, a bad answer changes nothing, two instances sync once, and staff read each
 * run's report.
 */
describeEachEngine("OneRoster sync", (engine) => {
  let provider: FakeOneRoster;
  let t: TestApp;
  // The sync's clock: a week on, a full read is due again.
  let now = new Date("2026-11-30T08:00:00.000Z");

  beforeAll(async () => {
    provider = await startFakeOneRoster();
    t = await buildTestApp(engine, {
      env: {
        ADMIN_PASSCODE: PASSCODE,
        ONEROSTER_URL: provider.url,
        ONEROSTER_TOKEN_URL: provider.tokenUrl,
        ONEROSTER_CLIENT_ID: provider.clientId,
        ONEROSTER_CLIENT_SECRET: provider.clientSecret,
        ONEROSTER_SCHOOL: "school-a",
      },
      oneRosterTimeoutMs: 500,
      clock: () => now,
    });
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  const account = (email: string) => t.db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
  const classesOf = async (email: string) => JSON.parse((await account(email))!.user_classes) as string[];
  const userCount = async () => (await t.db.selectFrom("users").select("id").execute()).length;

  it("makes the school's students accounts with their classes, follows their changes, keeps a student's own edit, and disables who leaves", async () => {
    // Ana had an account with a password already: the roster links it by email.
    const ana = new TestClient(t.app);
    await ana.register({ email: "ana@lincoln.example", firstName: "Ana" });
    provider.users = [
      user("ana", { email: "Ana@Lincoln.example", givenName: "Ana", familyName: "Ruiz" }),
      user("ben", { orgs: ["school-a", "school-b"], givenName: "Ben", familyName: "Okafor" }),
      user("cy", { status: "tobedeleted" }),
      user("dee", { orgs: ["school-b"] }),
      user("mr-tan", { role: "teacher" }),
      user("ms-lee", { role: "teacher" }),
      // Enough students that the provider's answers come in several pages.
      ...Array.from({ length: 520 }, (_, i) => user(`extra-${i}`)),
    ];
    provider.classes = [classRow("bio", "Biology", ["3"]), classRow("alg", "Algebra II")];
    provider.enrollments = [
      enrollment("ana", "bio"),
      enrollment("ana", "alg"),
      enrollment("ben", "bio"),
      enrollment("mr-tan", "bio", "teacher"),
      enrollment("ms-lee", "bio", "teacher"),
    ];
    const first = await t.services.oneRoster.sync();
    expect(first).toMatchObject({
      source: "oneroster",
      mode: "full",
      status: "ok",
      reason: null,
      created: 521,
      updated: 1,
      disabled: 0,
      refused: [],
    });
    expect(provider.requests.filter((r) => r.startsWith("/ims/oneroster/rostering/v1p2/users")).length).toBeGreaterThan(1);
    expect(provider.requests.filter((r) => r === "/token")).toHaveLength(1);

    const anaRow = (await account("ana@lincoln.example"))!;
    expect(anaRow).toMatchObject({ roster_source_id: "ana", first_name: "Ana", last_name: "Ruiz" });
    expect(anaRow.password_hash).not.toBeNull();
    expect(await classesOf("ana@lincoln.example")).toEqual(["Algebra II", "Biology (3)"]);
    const ben = (await account("ben@lincoln.example"))!;
    expect(ben).toMatchObject({ password_hash: null, is_admin: 0, first_name: "Ben", last_name: "Okafor" });
    expect(JSON.parse(ben.user_classes)).toEqual(["Biology (3)"]);
    // Teachers get no account; a student of another school and a deleted one neither.
    for (const absent of ["mr-tan", "ms-lee", "dee", "cy"]) expect(await account(`${absent}@lincoln.example`)).toBeUndefined();

    // Then the changes only, from the latest dateLastModified read: nothing changed, nothing written.
    provider.requests = [];
    expect(await t.services.oneRoster.sync()).toMatchObject({ mode: "delta", status: "ok", created: 0, updated: 0, disabled: 0 });
    const filters = provider.requests.filter((r) => r.startsWith("/ims/")).map((r) => new URL(r, "http://x").searchParams.get("filter"));
    expect(new Set(filters)).toEqual(new Set(["dateLastModified>='2026-11-01T00:00:00.000Z'"]));

    // Ben edits his own list; Ana's enrollment in Algebra II ends; Ana's list follows, Ben's stays his.
    await t.db
      .updateTable("users")
      .set({ user_classes: JSON.stringify(["Biology (3)", "Chess club"]) })
      .where("id", "=", ben.id)
      .execute();
    provider.enrollments = provider.enrollments.map((e) => (e.sourcedId === "ana-alg" ? changed(e, { status: "tobedeleted" }) : e));
    provider.classes = [...provider.classes, changed(classRow("art", "Art"))];
    provider.enrollments.push(changed(enrollment("ben", "art")));
    const third = await t.services.oneRoster.sync();
    expect(third).toMatchObject({ mode: "delta", status: "ok", updated: 2, refused: [{ sourcedId: "ben", reason: "classes_kept" }] });
    expect(await classesOf("ana@lincoln.example")).toEqual(["Biology (3)"]);
    expect(await classesOf("ben@lincoln.example")).toEqual(["Biology (3)", "Chess club"]);

    // Ana is deleted in the SIS: a delta closes her account at once, her session with it.
    await ana.login("ana@lincoln.example", STRONG_PASSWORD);
    provider.users = provider.users.map((u) => (u.sourcedId === "ana" ? changed(u, { status: "tobedeleted" }) : u));
    provider.requests = [];
    expect(await t.services.oneRoster.sync()).toMatchObject({ mode: "delta", status: "ok", disabled: 1 });
    // Read from the last change the run before saw: one short page of users, not the 500-odd.
    const userReads = provider.requests.filter((r) => r.startsWith("/ims/oneroster/rostering/v1p2/users"));
    expect(userReads).toHaveLength(1);
    expect(new URL(userReads[0]!, "http://x").searchParams.get("filter")).toMatch(/^dateLastModified>='2026-11-02T/);
    // The sync is a job, not a request: its sign-out reaches the session cache with the change feed.
    await t.services.changeFeed.settle();
    expect((await ana.request("GET", "/api/user")).statusCode).toBe(401);
    const refused = await new TestClient(t.app).request("POST", "/api/login", { email: "ana@lincoln.example", password: STRONG_PASSWORD });
    expect([refused.statusCode, refused.json().code]).toEqual([403, "server.account_disabled"]);
    // Ben vanishes without a word: no delta can say so; the week's full read does.
    provider.users = provider.users.filter((u) => u.sourcedId !== "ben");
    expect(await t.services.oneRoster.sync()).toMatchObject({ mode: "delta", disabled: 0 });
    now = new Date(now.getTime() + 7 * 24 * 60 * 60 * 1000);
    expect(await t.services.oneRoster.sync()).toMatchObject({ mode: "full", status: "ok", disabled: 1 });
    expect((await account("ben@lincoln.example"))!.disabled_at).not.toBeNull();
    // Listed again: open again.
    provider.users = provider.users.map((u) => (u.sourcedId === "ana" ? changed(u, { status: "active" }) : u));
    expect(await t.services.oneRoster.sync()).toMatchObject({ mode: "delta", status: "ok", updated: 1 });
    expect((await new TestClient(t.app).login("ana@lincoln.example", STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it("fails a run on a hostile, huge, redirected or silent provider, with a reason and nothing changed", async () => {
    provider.users = [...provider.users, user("zed")];
    const before = await userCount();
    for (const [mode, reason] of [
      ["hostile", "bad_record"],
      ["huge", "too_large"],
      ["redirect", "redirected"],
      ["slow", "timed_out"],
    ] as const) {
      provider.mode = mode;
      const run = await t.services.oneRoster.sync();
      expect(run).toMatchObject({ status: "failed", reason, created: 0, updated: 0, disabled: 0 });
    }
    // The detail is the audit log's, for the operator; never the secret.
    const details = await t.db.selectFrom("audit_log").select("details").where("action", "=", "ROSTER_SYNCED").execute();
    expect(details.map((d) => d.details ?? "").join("\n")).toMatch(/record \d+ of users is not a OneRoster user/);
    expect(details.map((d) => d.details ?? "").join("\n")).not.toContain(provider.clientSecret);
    provider.mode = "ok";
    expect(await userCount()).toBe(before);
    expect(await account("zed@lincoln.example")).toBeUndefined();
  });

  it("syncs once when two instances look at the same moment, and shows staff each run", async () => {
    const second =
      engine === "postgres"
        ? await buildTestApp(engine, {
            database: t.config.database,
            env: {
              ONEROSTER_URL: provider.url,
              ONEROSTER_TOKEN_URL: provider.tokenUrl,
              ONEROSTER_CLIENT_ID: provider.clientId,
              ONEROSTER_CLIENT_SECRET: provider.clientSecret,
              ONEROSTER_SCHOOL: "school-a",
            },
            // The two instances share one time (the first one's clock was moved a week on).
            clock: () => now,
          })
        : t;
    try {
      const runs = await Promise.all([
        t.services.oneRoster.worker(quiet, { checkEveryMs: 60_000 }).runOnce(),
        second.services.oneRoster.worker(quiet, { checkEveryMs: 60_000 }).runOnce(),
      ]);
      expect(runs.filter((run) => run !== null)).toHaveLength(1);
    } finally {
      if (second !== t) await second.close();
    }

    const staff = new TestClient(t.app);
    const { user: made } = await staff.register({ firstName: "Rosa" });
    await t.db.updateTable("users").set({ is_admin: 1 }).where("id", "=", made.id).execute();
    await staff.request("POST", "/api/admin/login", { passcode: PASSCODE });
    await staff.refreshCsrf();
    const list = (await staff.request("GET", "/api/admin/roster/runs")).json();
    expect(list[0]).toMatchObject({ source: "oneroster", status: "ok" });
    expect(list.some((run: { status: string }) => run.status === "failed")).toBe(true);
    expect(list.map((run: { id: number }) => run.id)).toEqual([...list.map((run: { id: number }) => run.id)].sort((a, b) => b - a));
    expect((await staff.request("POST", "/api/admin/roster/runs")).statusCode).toBe(202);
    const audit = await t.db.selectFrom("audit_log").select("action").where("action", "=", "ROSTER_SYNCED").execute();
    expect(audit.length).toBeGreaterThan(0);
  });
});

it("answers 409 with its code when no provider is configured", async () => {
  const t = await buildTestApp("sqlite", { env: { ADMIN_PASSCODE: PASSCODE } });
  try {
    const staff = new TestClient(t.app);
    const { user: made } = await staff.register();
    await t.db.updateTable("users").set({ is_admin: 1 }).where("id", "=", made.id).execute();
    await staff.request("POST", "/api/admin/login", { passcode: PASSCODE });
    await staff.refreshCsrf();
    const res = await staff.request("POST", "/api/admin/roster/runs");
    expect([res.statusCode, res.json().code]).toEqual([409, "admin.oneroster_off"]);
    expect((await staff.request("GET", "/api/admin/roster/runs")).json()).toEqual([]);
  } finally {
    await t.close();
  }
});
