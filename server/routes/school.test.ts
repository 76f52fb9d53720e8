import { afterAll, beforeAll, expect, it } from "vitest";
import { ADMIN_LOCKED, ADMINS_ONLY } from "../../core/admin";
import { messageRef } from "../../core/i18n/translate";
import { MAX_SCHOOL_EVENTS, SCHOOL_EVENT_TOO_LONG } from "../../core/schemas/school";
import { SCHOOL_ALTERNATE_UNKNOWN, SCHOOL_EVENT_NOT_FOUND, TOO_MANY_SCHOOL_EVENTS } from "../services/school";
import { buildTestApp, describeEachEngine, expectConditionalGet, TestClient, type TestApp } from "../test/harness";
import { refusal } from "../test/refusal";
import { AB_SCHEDULE } from "../test/school-fixtures";

const PASSCODE = "K7QM";

describeEachEngine("school schedule and events API", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { ADMIN_PASSCODE: PASSCODE } });
  });
  afterAll(() => t.close());

  async function student() {
    const client = new TestClient(t.app);
    const { user } = await client.register();
    return { client, id: user.id as number };
  }
  async function admin(unlocked = true) {
    const { client, id } = await student();
    await t.db.updateTable("users").set({ is_admin: 1 }).where("id", "=", id).execute();
    if (unlocked) {
      expect((await client.request("POST", "/api/admin/login", { passcode: PASSCODE })).statusCode).toBe(200);
      await client.refreshCsrf();
    }
    return client;
  }
  /** What a refused write must leave as it was. */
  const snapshot = async () => ({
    settings: await t.db
      .selectFrom("app_settings")
      .select(["key", "value"])
      .where("key", "in", ["schoolSchedule", "schoolVersion"])
      .orderBy("key")
      .execute(),
    events: await t.db.selectFrom("school_events").selectAll().orderBy("id").execute(),
    audit: (await t.db.selectFrom("audit_log").select("id").execute()).length,
  });
  const event = { title: "Snow day delay", date: "2027-01-12", eventType: "delay", alternateId: "delay" };

  it("answers null until staff publish (a normal answer, not an error: issue 49), to signed-in users only", async () => {
    const { client } = await student();
    const res = await client.request("GET", "/api/school/schedule");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("application/json");
    expect(res.json()).toBeNull();
    // Its version is in the ETag: a publish turns the kept null into the schedule.
    const again = await client.request("GET", "/api/school/schedule", undefined, { "if-none-match": String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect((await new TestClient(t.app).request("GET", "/api/school/schedule")).statusCode).toBe(401);
    expect((await new TestClient(t.app).request("GET", "/api/school/events?from=2027-01-01&to=2027-01-31")).statusCode).toBe(401);
  });

  it("refuses every write to a student, a locked admin and a call without the CSRF token, and changes nothing", async () => {
    const writes: Array<[string, string, unknown?]> = [
      ["PUT", "/api/admin/school/schedule", AB_SCHEDULE],
      ["POST", "/api/admin/school/events", { title: "Assembly", date: "2027-01-05", eventType: "custom" }],
      ["PUT", "/api/admin/school/events/1", { title: "Assembly", date: "2027-01-05", eventType: "custom" }],
      ["DELETE", "/api/admin/school/events/1"],
    ];
    const before = await snapshot();
    const { client: pupil } = await student();
    const locked = await admin(false);
    const unlocked = await admin();
    for (const [method, url, body] of writes) {
      const asStudent = await pupil.request(method, url, body);
      expect(asStudent.statusCode, `${method} ${url}`).toBe(403);
      expect(asStudent.json()).toEqual(refusal(ADMINS_ONLY));
      const asLocked = await locked.request(method, url, body);
      expect(asLocked.statusCode, `${method} ${url}`).toBe(403);
      expect(asLocked.json()).toEqual(refusal(ADMIN_LOCKED));
      const noToken = await unlocked.request(method, url, body, { "x-csrf-token": "" });
      expect(noToken.statusCode, `${method} ${url}`).toBe(403);
      expect(noToken.json().code).toBe("server.csrf_invalid");
    }
    // Audit rows from the unlocks only.
    const after = await snapshot();
    expect({ ...after, audit: 0 }).toEqual({ ...before, audit: 0 });
  });

  it("publishes the schedule: audited, read back by every student, a 304 turning into a 200 after the next publish", async () => {
    const staff = await admin();
    const { client } = await student();
    const bad = await staff.request("PUT", "/api/admin/school/schedule", { ...AB_SCHEDULE, schoolDays: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe("classes.school_days_required");

    const published = await staff.request("PUT", "/api/admin/school/schedule", AB_SCHEDULE);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toEqual(AB_SCHEDULE);
    const audit = await t.db.selectFrom("audit_log").selectAll().where("action", "=", "SCHOOL_SCHEDULE_UPDATED").execute();
    expect(audit).toHaveLength(1);

    const { etag, body } = await expectConditionalGet(client, "/api/school/schedule");
    expect(JSON.parse(body)).toEqual(AB_SCHEDULE);
    await staff.request("PUT", "/api/admin/school/schedule", { ...AB_SCHEDULE, daysOff: [] });
    const fresh = await client.getIfNoneMatch("/api/school/schedule", etag);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers.etag).not.toBe(etag);
    expect(fresh.json().daysOff).toEqual([]);
    await staff.request("PUT", "/api/admin/school/schedule", AB_SCHEDULE);
  });

  it("creates, lists by range, changes and deletes school events, each audited", async () => {
    const staff = await admin();
    const { client } = await student();
    const created = await staff.request("POST", "/api/admin/school/events", { ...event, notify: true, extra: "ignored" });
    expect(created.statusCode, created.body).toBe(201);
    const saved = created.json();
    expect(saved).toEqual({ id: expect.any(Number), description: null, endDate: null, time: null, notify: true, ...event });

    const week = await staff.request("POST", "/api/admin/school/events", {
      title: "Spirit week",
      date: "2027-01-08",
      endDate: "2027-01-13",
      eventType: "custom",
      time: "12:00",
      description: "Wear school colors",
    });
    expect(week.statusCode).toBe(201);
    const spirit = week.json();
    expect(spirit.notify).toBe(false);

    // A range starting inside the multi-day event still has it; one ending before it does not.
    const list = await client.request("GET", "/api/school/events?from=2027-01-12&to=2027-01-31");
    expect(list.statusCode).toBe(200);
    expect(list.json().map((e: { id: number }) => e.id)).toEqual([spirit.id, saved.id]);
    expect(list.json()[1]).not.toHaveProperty("notify");
    expect((await client.request("GET", "/api/school/events?from=2027-01-01&to=2027-01-07")).json()).toEqual([]);

    const { etag } = await expectConditionalGet(client, "/api/school/events?from=2027-01-01&to=2027-01-31");
    const changed = await staff.request("PUT", `/api/admin/school/events/${saved.id}`, { ...event, title: "Ice delay", time: "09:45" });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ id: saved.id, title: "Ice delay", time: "09:45", notify: false });
    const after = await client.getIfNoneMatch("/api/school/events?from=2027-01-01&to=2027-01-31", etag);
    expect(after.statusCode).toBe(200);
    expect(after.json().find((e: { id: number }) => e.id === saved.id).title).toBe("Ice delay");

    expect((await staff.request("DELETE", `/api/admin/school/events/${spirit.id}`)).statusCode).toBe(204);
    const gone = await staff.request("DELETE", `/api/admin/school/events/${spirit.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual(refusal(SCHOOL_EVENT_NOT_FOUND));
    expect((await staff.request("PUT", "/api/admin/school/events/abc", event)).statusCode).toBe(404);
    expect((await staff.request("PUT", `/api/admin/school/events/${spirit.id}`, event)).statusCode).toBe(404);

    const actions = await t.db
      .selectFrom("audit_log")
      .select(["action", "details", "actor_email"])
      .where("action", "like", "SCHOOL_EVENT_%")
      .orderBy("id")
      .execute();
    expect(actions.map((a) => [a.action, JSON.parse(a.details!).title])).toEqual([
      ["SCHOOL_EVENT_CREATED", "Snow day delay"],
      ["SCHOOL_EVENT_CREATED", "Spirit week"],
      ["SCHOOL_EVENT_UPDATED", "Ice delay"],
      ["SCHOOL_EVENT_DELETED", "Spirit week"],
    ]);
    await staff.request("DELETE", `/api/admin/school/events/${saved.id}`);
  });

  it("refuses bad events with a 400 naming the field, and bad ranges with their own codes", async () => {
    const staff = await admin();
    const before = await snapshot();
    const cases: Array<[unknown, string, string]> = [
      [{ ...event, alternateId: "snow" }, "alternateId", SCHOOL_ALTERNATE_UNKNOWN],
      [{ ...event, alternateId: "Not An Id" }, "alternateId", messageRef("classes.alternate_id_invalid")],
      [{ ...event, endDate: "2027-01-11" }, "endDate", messageRef("calendar.end_before_start")],
      [{ ...event, endDate: "2027-02-12" }, "endDate", SCHOOL_EVENT_TOO_LONG],
      [
        { ...event, eventType: "party" },
        "eventType",
        messageRef("calendar.event_type_invalid", { types: "custom, study, exam, meeting, practice, early-dismissal, delay" }),
      ],
      [{ ...event, title: " " }, "title", messageRef("calendar.title_required")],
      [{ ...event, date: "2027-02-30" }, "date", messageRef("calendar.date_invalid")],
      [{ ...event, notify: "yes" }, "notify", messageRef("admin.school_event_notify_invalid")],
    ];
    for (const [body, field, message] of cases) {
      const res = await staff.request("POST", "/api/admin/school/events", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[field], JSON.stringify(body)).toEqual([refusal(message).message]);
    }
    expect(await snapshot()).toEqual(before);

    const { client } = await student();
    const ranges: Array<[string, string]> = [
      ["", "server.date_range_invalid"],
      ["?from=2027-01-01", "server.date_range_invalid"],
      ["?from=2027-01-10&to=2027-01-09", "server.date_range_invalid"],
      ["?from=2027-13-01&to=2027-12-31", "server.date_range_invalid"],
      ["?from=2027-01-01&to=2028-02-05", "server.date_range_too_long"],
    ];
    for (const [query, code] of ranges) {
      const res = await client.request("GET", `/api/school/events${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code, query).toBe(code);
    }
    // 400 days, both ends included, is the most.
    expect((await client.request("GET", "/api/school/events?from=2027-01-01&to=2028-02-04")).statusCode).toBe(200);
  });

  it(`keeps at most ${MAX_SCHOOL_EVENTS} events`, async () => {
    const staff = await admin();
    const now = new Date().toISOString();
    const rows = Array.from({ length: MAX_SCHOOL_EVENTS }, (_, i) => ({
      title: `Event ${i}`,
      date: "2026-06-01",
      event_type: "custom",
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await t.db
        .insertInto("school_events")
        .values(rows.slice(i, i + 500))
        .execute();
    const full = await staff.request("POST", "/api/admin/school/events", { title: "One more", date: "2027-01-05", eventType: "custom" });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual(refusal(TOO_MANY_SCHOOL_EVENTS));
    await t.db.deleteFrom("school_events").execute();
  });
});
