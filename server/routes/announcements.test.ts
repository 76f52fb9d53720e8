import { afterAll, beforeAll, expect, it } from "vitest";
import { ADMIN_LOCKED, ADMINS_ONLY } from "../../core/admin";
import { messageRef } from "../../core/i18n/translate";
import { PUSH_PAYLOAD_TOO_LARGE } from "../../core/schemas/push";
import { ANNOUNCEMENT_NOT_FOUND } from "../services/announcements";
import type { AnnouncementWorker } from "../services/announcements";
import { seedDevices } from "../test/announcement-seed";
import { buildTestApp, describeEachEngine, TestClient, type TestApp } from "../test/harness";
import { startTestPushService, type TestDevice, type TestPushService } from "../test/push-service";
import { refusal } from "../test/refusal";

const PASSCODE = "K7QM";
const quiet = { info: () => {}, warn: () => {} };
const DAY_MS = 24 * 60 * 60 * 1000;

describeEachEngine("announcements API", (engine) => {
  let t: TestApp;
  let pushService: TestPushService;
  let worker: AnnouncementWorker;
  let vapidKey: string;

  beforeAll(async () => {
    pushService = await startTestPushService();
    t = await buildTestApp(engine, { env: { ADMIN_PASSCODE: PASSCODE, PUSH_ALLOWED_ENDPOINT_ORIGINS: pushService.origin } });
    worker = t.services.announcementWorker(quiet);
    vapidKey = (await t.services.push.vapidKeys()).publicKey;
  });
  afterAll(async () => {
    await t.close();
    await pushService.close();
  });

  /** A signed-in student with a device subscribed through the API. */
  async function student() {
    const client = new TestClient(t.app);
    const { user } = await client.register();
    const device = pushService.subscribe(vapidKey);
    expect((await client.request("POST", "/api/push/subscriptions", device.subscription)).statusCode).toBe(201);
    return { client, id: user.id as number, device };
  }
  async function admin(unlocked = true) {
    const { client, id, device } = await student();
    await t.db.updateTable("users").set({ is_admin: 1 }).where("id", "=", id).execute();
    if (unlocked) {
      expect((await client.request("POST", "/api/admin/login", { passcode: PASSCODE })).statusCode).toBe(200);
      await client.refreshCsrf();
    }
    return { client, id, device };
  }
  const snapshot = async () => ({
    announcements: (await t.db.selectFrom("announcements").select("id").execute()).length,
    outbox: (await t.db.selectFrom("announcement_deliveries").select("id").execute()).length,
    audit: (await t.db.selectFrom("audit_log").select("id").execute()).length,
  });
  const tagsAt = (device: TestDevice) => pushService.received(device.id).map((p) => (p.payload as { tag: string }).tag);
  const body = { title: "2-hour delay tomorrow", body: "Buses run two hours late. First bell at 9:45.", audience: "all" };

  it("refuses a student, a locked admin and a call without the CSRF token, and changes nothing", async () => {
    const { client: pupil } = await student();
    const { client: locked } = await admin(false);
    const { client: unlocked } = await admin();
    const before = await snapshot();
    for (const [method, url] of [
      ["POST", "/api/admin/announcements"],
      ["GET", "/api/admin/announcements"],
      ["GET", "/api/admin/announcements/1"],
    ] as const) {
      const payload = method === "POST" ? body : undefined;
      const asStudent = await pupil.request(method, url, payload);
      expect(asStudent.statusCode, `${method} ${url}`).toBe(403);
      expect(asStudent.json()).toEqual(refusal(ADMINS_ONLY));
      const asLocked = await locked.request(method, url, payload);
      expect(asLocked.statusCode, `${method} ${url}`).toBe(403);
      expect(asLocked.json()).toEqual(refusal(ADMIN_LOCKED));
    }
    const noToken = await unlocked.request("POST", "/api/admin/announcements", body, { "x-csrf-token": "" });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().code).toBe("server.csrf_invalid");
    expect((await new TestClient(t.app).request("GET", "/api/school/announcements")).statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it("answers 400 with the field's message for bad input, in the reader's language, and writes nothing", async () => {
    const { client } = await admin();
    const { client: spanishAdmin, id: spanishId } = await admin();
    const before = await snapshot();
    const cases: Array<[unknown, string, string]> = [
      [{ ...body, title: "  " }, "title", "admin.announcement_title_required"],
      [{ ...body, title: "x".repeat(101) }, "title", "admin.announcement_title_too_long"],
      [{ ...body, body: undefined }, "body", "admin.announcement_body_required"],
      [{ ...body, body: "x".repeat(1001) }, "body", "admin.announcement_body_too_long"],
      [{ ...body, audience: "teachers" }, "audience", "admin.announcement_audience_invalid"],
      [{ ...body, audience: undefined }, "audience", "admin.announcement_audience_invalid"],
      [{ ...body, showDays: 0 }, "showDays", "admin.announcement_show_days_invalid"],
      [{ ...body, showDays: 31 }, "showDays", "admin.announcement_show_days_invalid"],
      [{ ...body, showDays: 2.5 }, "showDays", "admin.announcement_show_days_invalid"],
      [{ ...body, showDays: "3" }, "showDays", "admin.announcement_show_days_invalid"],
    ];
    for (const [input, field, code] of cases) {
      const res = await client.request("POST", "/api/admin/announcements", input);
      expect(res.statusCode, code).toBe(400);
      expect(Object.keys(res.json().errors), code).toEqual([field]);
      expect(res.json().errors[field][0], code).not.toBe(code); // worded, not the id
    }
    const limits = await client.request("POST", "/api/admin/announcements", { ...body, title: "x".repeat(101) });
    const tooLong = messageRef("admin.announcement_title_too_long", { max: 100 });
    expect(limits.json()).toEqual(refusal(tooLong, { title: [tooLong] }));
    // A signed-in reader's language is their account's.
    await t.db.updateTable("users").set({ locale: "es" }).where("id", "=", spanishId).execute();
    const spanish = await spanishAdmin.request("POST", "/api/admin/announcements", { ...body, body: "" });
    expect(spanish.json().errors.body).toEqual(["El mensaje es obligatorio"]);
    // 1,000 characters that each take 6 bytes in JSON do not fit a push: refused before anything is written.
    const tooLarge = await client.request("POST", "/api/admin/announcements", { ...body, body: "\u0001".repeat(1000) });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().code).toBe(PUSH_PAYLOAD_TOO_LARGE.split(" ")[0]);
    expect(await snapshot()).toEqual(before);
  });

  it("answers 202 at once, writes one outbox row per device of the audience, and the worker pushes each once", async () => {
    const pupils = [await student(), await student()];
    const { client, device: adminDevice } = await admin();
    // A student with two devices, and one whose device is gone at the push service.
    const second = pushService.subscribe(vapidKey);
    const twoDevices = await pupils[0]!.client.request("POST", "/api/push/subscriptions", second.subscription);
    expect(twoDevices.statusCode).toBe(201);
    const goneStudent = await student();
    pushService.answerWith(goneStudent.device.id, 410);

    const created = await client.request("POST", "/api/admin/announcements", { ...body, audience: "students" });
    expect(created.statusCode, created.body).toBe(202);
    const { id } = created.json() as { id: number };
    expect(created.json()).toEqual({ id });
    // Nothing was pushed by the request itself.
    expect(tagsAt(pupils[1]!.device)).toEqual([]);

    const studentDevices = Number(
      (
        await t.db
          .selectFrom("push_subscriptions")
          .innerJoin("users", "users.id", "push_subscriptions.user_id")
          .select((eb) => eb.fn.countAll<number | string>().as("n"))
          .where("users.is_admin", "=", 0)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const pending = await client.request("GET", `/api/admin/announcements/${id}`);
    expect(pending.statusCode).toBe(200);
    expect(pending.headers["cache-control"]).toBe("no-store");
    // Every student account reads it in the app, a device for push or not (issue 49).
    const studentAccounts = Number(
      (
        await t.db
          .selectFrom("users")
          .select((eb) => eb.fn.countAll<number | string>().as("n"))
          .where("is_admin", "=", 0)
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(studentAccounts).toBeGreaterThan(0);
    expect(pending.json()).toEqual({
      id,
      title: body.title,
      body: body.body,
      audience: "students",
      createdAt: expect.any(String),
      shownUntil: expect.any(String),
      event: null,
      readers: studentAccounts,
      total: studentDevices,
      sent: 0,
      failed: 0,
      pending: studentDevices,
    });

    const report = await worker.runOnce();
    expect(report.sent + report.failed).toBeGreaterThanOrEqual(studentDevices);
    const tag = `announcement-${id}`;
    for (const device of [pupils[0]!.device, second, pupils[1]!.device]) expect(tagsAt(device).filter((x) => x === tag)).toEqual([tag]);
    expect(tagsAt(adminDevice)).not.toContain(tag);
    const push = pushService.received(pupils[1]!.device.id).find((p) => (p.payload as { tag: string }).tag === tag)!;
    expect(push.payload).toEqual({ title: body.title, body: body.body, url: "/", tag });
    expect(push.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);

    const done = (await client.request("GET", `/api/admin/announcements/${id}`)).json();
    expect(done).toMatchObject({ total: studentDevices, pending: 0 });
    expect(done.failed).toBeGreaterThanOrEqual(1);
    expect(done.sent + done.failed).toBe(studentDevices);
    // The gone device was removed.
    const goneRows = await t.db.selectFrom("push_subscriptions").select("id").where("user_id", "=", goneStudent.id).execute();
    expect(goneRows).toEqual([]);
    // A second pass finds nothing to send.
    expect(await worker.runOnce()).toEqual({ sent: 0, failed: 0, released: 0 });
    expect(tagsAt(pupils[1]!.device).filter((x) => x === tag)).toHaveLength(1);

    const list = (await client.request("GET", "/api/admin/announcements")).json() as { id: number }[];
    expect(list[0]).toEqual(done);
    const audit = await t.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "ANNOUNCEMENT_CREATED")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details!)).toEqual({ title: body.title, audience: "students", devices: studentDevices });
  });

  it("counts who reads it in the app by its audience, an account without a device too (issue 49)", async () => {
    const { client } = await admin();
    await new TestClient(t.app).register(); // a student with no device for push
    const accounts = async (isAdmin?: 0 | 1) =>
      Number(
        (
          await t.db
            .selectFrom("users")
            .select((eb) => eb.fn.countAll<number | string>().as("n"))
            .$if(isAdmin !== undefined, (q) => q.where("is_admin", "=", isAdmin!))
            .executeTakeFirstOrThrow()
        ).n,
      );
    for (const [audience, expected] of [
      ["students", await accounts(0)],
      ["admins", await accounts(1)],
      ["all", await accounts()],
    ] as const) {
      const created = await client.request("POST", "/api/admin/announcements", { ...body, audience });
      const { id } = created.json() as { id: number };
      expect((await client.request("GET", `/api/admin/announcements/${id}`)).json().readers, audience).toBe(expected);
    }
    expect(await accounts(0)).toBeGreaterThan(0);
  });

  it("counts a device removed before its turn as failed, pushing nothing to it", async () => {
    const { client } = await admin();
    const pupil = await student();
    const { id } = (await client.request("POST", "/api/admin/announcements", { ...body, audience: "students" })).json();
    // Signed out meanwhile: the session's device goes with it.
    expect((await pupil.client.request("POST", "/api/logout")).statusCode).toBeLessThan(300);
    expect(await t.db.selectFrom("push_subscriptions").select("id").where("user_id", "=", pupil.id).execute()).toEqual([]);
    await worker.runOnce();
    expect(tagsAt(pupil.device)).not.toContain(`announcement-${id}`);
    const row = await t.db
      .selectFrom("announcement_deliveries")
      .select("status")
      .where("announcement_id", "=", id)
      .where("user_id", "=", pupil.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("failed");
    expect((await client.request("GET", `/api/admin/announcements/${id}`)).json().pending).toBe(0);
  });

  it("a started worker pushes an announcement as soon as its instance creates one, without waiting for its scan", async () => {
    const { client } = await admin();
    const pupil = await student();
    await worker.runOnce(); // nothing else left pending
    const started = t.services.announcementWorker(quiet, { scanIntervalMs: 10 * 60_000 });
    started.start();
    try {
      const { id } = (await client.request("POST", "/api/admin/announcements", { ...body, audience: "all" })).json();
      const deadline = Date.now() + 10_000;
      while (!tagsAt(pupil.device).includes(`announcement-${id}`)) {
        if (Date.now() > deadline) throw new Error("the worker was not woken");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await started.stop();
    }
  });

  it("deleting an account takes its outbox rows with it; deleting the author keeps the announcement", async () => {
    const { client, id: authorId } = await admin();
    const pupil = await student();
    const { id } = (await client.request("POST", "/api/admin/announcements", { ...body, audience: "all" })).json();
    const { client: other } = await admin();
    expect((await other.request("DELETE", `/api/admin/users/${pupil.id}`)).statusCode).toBe(204);
    expect((await other.request("DELETE", `/api/admin/users/${authorId}`)).statusCode).toBe(204);
    const rows = await t.db.selectFrom("announcement_deliveries").select("user_id").where("announcement_id", "=", id).execute();
    expect(rows.map((r) => r.user_id)).not.toContain(pupil.id);
    expect(rows.map((r) => r.user_id)).not.toContain(authorId);
    const progress = (await other.request("GET", `/api/admin/announcements/${id}`)).json();
    expect(progress).toMatchObject({ id, title: body.title, total: rows.length });
    expect(await t.db.selectFrom("announcements").select("created_by").where("id", "=", id).executeTakeFirstOrThrow()).toEqual({
      created_by: null,
    });
  });

  it("with an Idempotency-Key, a retried send is one announcement, replayed", async () => {
    const { client } = await admin();
    const before = await snapshot();
    const headers = { "idempotency-key": `announce-${Date.now()}` };
    const first = await client.request("POST", "/api/admin/announcements", body, headers);
    const retry = await client.request("POST", "/api/admin/announcements", body, headers);
    expect(first.statusCode).toBe(202);
    expect(retry.statusCode).toBe(202);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect((await snapshot()).announcements).toBe(before.announcements + 1);
    const other = await client.request("POST", "/api/admin/announcements", { ...body, title: "Something else" }, headers);
    expect(other.statusCode).toBe(422);
  });

  it("answers 404 for an announcement that does not exist or a malformed id", async () => {
    const { client } = await admin();
    for (const id of ["999999", "abc", "0", "99999999999"]) {
      const res = await client.request("GET", `/api/admin/announcements/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual(refusal(ANNOUNCEMENT_NOT_FOUND));
    }
  });

  it("shows a reader the last 30 days' announcements meant for them, newest first", async () => {
    const { client: staff } = await admin();
    const { client: pupil } = await student();
    const made: Record<string, number> = {};
    for (const audience of ["all", "students", "admins"]) {
      const res = await staff.request("POST", "/api/admin/announcements", { title: `For ${audience}`, body: "Hello", audience });
      made[audience] = res.json().id;
    }
    const old = (await staff.request("POST", "/api/admin/announcements", { title: "Old news", body: "Long ago", audience: "all" })).json()
      .id;
    await t.db
      .updateTable("announcements")
      .set({ created_at: new Date(Date.now() - 31 * DAY_MS).toISOString(), shown_until: new Date(Date.now() - 28 * DAY_MS).toISOString() })
      .where("id", "=", old)
      .execute();
    // The same second: the later id still comes first.
    const seen = async (client: TestClient) => {
      const res = await client.request("GET", "/api/school/announcements");
      expect(res.statusCode).toBe(200);
      return res.json() as { id: number; title: string; body: string; createdAt: string }[];
    };
    const forPupil = await seen(pupil);
    expect(forPupil.map((a) => a.id)).toEqual(expect.arrayContaining([made.all, made.students]));
    expect(forPupil.map((a) => a.id)).not.toContain(made.admins);
    expect(forPupil.map((a) => a.id)).not.toContain(old);
    expect(forPupil[0]).toEqual({
      id: made.students,
      title: "For students",
      body: "Hello",
      createdAt: expect.any(String),
      shownUntil: expect.any(String),
      event: null,
    });
    const ids = forPupil.map((a) => a.id);
    expect(ids.indexOf(made.students!)).toBeLessThan(ids.indexOf(made.all!));
    const forStaff = (await seen(staff)).map((a) => a.id);
    expect(forStaff[0]).toBe(made.admins);
    expect(forStaff).toContain(made.all);
    expect(forStaff).not.toContain(made.students);
  });

  it("keeps an announcement on Home for the days staff chose, 3 unless they choose; one of an event until the event has passed (issue 49)", async () => {
    const { client: staff } = await admin();
    const { client: pupil } = await student();
    const sent = async (input: object) => {
      const res = await staff.request("POST", "/api/admin/announcements", input);
      expect(res.statusCode, res.body).toBe(202);
      return (await staff.request("GET", `/api/admin/announcements/${res.json().id}`)).json();
    };
    const plain = await sent(body);
    expect(Date.parse(plain.shownUntil) - Date.parse(plain.createdAt)).toBe(3 * DAY_MS);
    expect(plain.event).toBeNull();
    const week = await sent({ ...body, showDays: 7 });
    expect(Date.parse(week.shownUntil) - Date.parse(week.createdAt)).toBe(7 * DAY_MS);

    // An event weeks ahead, announced long ago: still on Home until the end of its last day in the
    // school's zone (America/New_York: midnight of the 16th is 05:00 UTC in January).
    const trip = await staff.request("POST", "/api/admin/school/events", {
      title: "Ski trip",
      date: "2099-01-14",
      endDate: "2099-01-15",
      eventType: "custom",
      notify: true,
    });
    expect(trip.statusCode, trip.body).toBe(201);
    const announced = await t.db.selectFrom("announcements").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(announced).toMatchObject({
      body: "",
      shown_until: "2099-01-16T05:00:00.000Z",
      event_date: "2099-01-14",
      event_end_date: "2099-01-15",
      event_time: null,
    });
    await t.db
      .updateTable("announcements")
      .set({ created_at: new Date(Date.now() - 60 * DAY_MS).toISOString() })
      .where("id", "=", announced.id)
      .execute();
    const read = (await pupil.request("GET", "/api/school/announcements")).json() as Array<{ id: number }>;
    expect(read.find((a) => a.id === announced.id)).toEqual({
      id: announced.id,
      title: "Ski trip",
      body: "",
      createdAt: expect.any(String),
      shownUntil: "2099-01-16T05:00:00.000Z",
      event: { date: "2099-01-14", endDate: "2099-01-15", time: null },
    });
    // Once passed, and sent more than 30 days ago, it is no longer read at all.
    await t.db
      .updateTable("announcements")
      .set({ shown_until: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", announced.id)
      .execute();
    const after = (await pupil.request("GET", "/api/school/announcements")).json() as Array<{ id: number }>;
    expect(after.map((a) => a.id)).not.toContain(announced.id);
  });

  it("sends a school event saved with notify: true as an announcement to everyone, in the event's transaction", async () => {
    const { client } = await admin();
    const { device } = await student();
    const { id: spanishId, device: spanishDevice } = await student();
    await t.db.updateTable("users").set({ locale: "es" }).where("id", "=", spanishId).execute();
    const before = await snapshot();
    const quietEvent = await client.request("POST", "/api/admin/school/events", {
      title: "Assembly",
      date: "2027-01-05",
      eventType: "custom",
    });
    expect(quietEvent.statusCode).toBe(201);
    expect((await snapshot()).announcements).toBe(before.announcements);
    // Refused (an unknown alternate): neither the event nor its announcement is kept.
    const refused = await client.request("POST", "/api/admin/school/events", {
      title: "Delay",
      date: "2027-01-12",
      eventType: "delay",
      alternateId: "nope",
      notify: true,
    });
    expect(refused.statusCode).toBe(400);
    expect((await snapshot()).announcements).toBe(before.announcements);

    const res = await client.request("POST", "/api/admin/school/events", {
      title: "Snow day: school closed",
      date: "2027-01-12",
      time: "07:00",
      eventType: "custom",
      notify: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const announcement = await t.db.selectFrom("announcements").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(announcement).toMatchObject({
      title: "Snow day: school closed",
      body: "",
      audience: "all",
      event_date: "2027-01-12",
      event_time: "07:00",
    });
    const update = await client.request("PUT", `/api/admin/school/events/${res.json().id}`, {
      title: "Snow day: school closed",
      description: "Stay safe at home.",
      date: "2027-01-12",
      eventType: "custom",
      notify: true,
    });
    expect(update.statusCode).toBe(200);
    const latest = await t.db.selectFrom("announcements").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(latest).toMatchObject({ body: "Stay safe at home.", audience: "all" });
    await worker.runOnce();
    expect(tagsAt(device)).toEqual(expect.arrayContaining([`announcement-${announcement.id}`, `announcement-${latest.id}`]));
    // The push says when, in its reader's language, then the event's description.
    const bodies = (d: TestDevice) =>
      pushService
        .received(d.id)
        .map((p) => p.payload as { tag: string; body: string })
        .filter((p) => p.tag === `announcement-${announcement.id}` || p.tag === `announcement-${latest.id}`)
        .map((p) => p.body);
    expect(bodies(device)).toEqual(["Tue, Jan 12, 2027 · 7:00 AM", "Tue, Jan 12, 2027\nStay safe at home."]);
    expect(bodies(spanishDevice)).toEqual(["mar, 12 ene 2027 · 7:00 a. m.", "mar, 12 ene 2027\nStay safe at home."]);
  });

  it("counts in devices, the outbox written by one statement for hundreds of accounts", async () => {
    const { client } = await admin();
    const seeded = await seedDevices(t.db, pushService, vapidKey, 300);
    const { id } = (await client.request("POST", "/api/admin/announcements", { ...body, audience: "students" })).json();
    const progress = (await client.request("GET", `/api/admin/announcements/${id}`)).json();
    expect(progress.total).toBeGreaterThanOrEqual(300);
    await worker.runOnce();
    const tag = `announcement-${id}`;
    expect(seeded.devices.filter((d) => tagsAt(d).filter((x) => x === tag).length === 1)).toHaveLength(300);
  });
});
