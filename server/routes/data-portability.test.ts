import { afterAll, beforeAll, expect, it } from "vitest";
import { expandEvents } from "../../core/calendar/recurrence";
import { EVENT_PARENTS_BROKEN, IMPORT_NEEDS_EMPTY_ACCOUNT, NOT_AN_EXPORT } from "../../core/schemas/export";
import { inEnglish } from "../../core/test/in-english";
import { buildTestApp, describeEachEngine, TestClient, type TestApp } from "../test/harness";
import { DEFAULT_STUDY_PREFERENCES } from "../../core/study-plan";

describeEachEngine("export and import", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A student with classes, a school day, a summary time, tasks and a series with an exception, a changed occurrence and a split. */
  async function fullAccount() {
    const client = new TestClient(t.app);
    await client.register();
    const classes = await client.request("POST", "/api/user/classes", {
      userClasses: ["Chemistry", "Mathematics", "History", "English", "Art", "Lunch", "Physics"],
    });
    expect(classes.statusCode, classes.body).toBe(200);
    await client.request("PUT", "/api/user/schedule", {
      schoolDays: ["monday", "tuesday", "wednesday", "thursday", "friday"],
      rotation: { days: ["A", "B"], anchorDate: "2099-01-05", anchorDay: "A" },
      daysOff: [{ from: "2099-12-24", to: "2099-12-31", label: "Winter break" }],
    });
    await client.request("PUT", "/api/user/preferences", { eveningSummaryTime: "19:30", studyBlockReminders: true });
    for (const title of ["First", "Second", "Third"]) {
      await client.request("POST", "/api/tasks", {
        title,
        subject: "Chemistry",
        dueDate: "2099-02-01",
        dueTime: "10:00",
        reminder: "1-hour",
      });
    }
    const series = (
      await client.request("POST", "/api/events", {
        title: "Practice",
        date: "2099-01-05",
        time: "16:00",
        recurring: "weekly",
        customDays: ["monday", "wednesday"],
        notificationTiming: "30-minutes",
      })
    ).json();
    await client.request("POST", `/api/events/${series.id}/exception`, { exceptionDate: "2099-01-07" });
    await client.request("PUT", `/api/events/SINGLE_INSTANCE_${series.id}_2099-01-12`, { ...series, date: "2099-01-13", time: "17:00" });
    await client.request("PUT", `/api/events/FUTURE_SERIES_${series.id}_2099-02-02`, { ...series, date: "2099-02-02", time: "15:00" });
    return client;
  }

  it("answers a JSON attachment without secrets, which restores everything into a new account", async () => {
    const source = await fullAccount();
    const res = await source.request("GET", "/api/user/export");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="student-hub-export-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.body).not.toMatch(/password|hash|csrf/i);
    const file = res.json();
    expect(file).toMatchObject({ format: "student-hub-export", version: 1, preferences: { eveningSummaryTime: "19:30", locale: "en" } });
    expect(file.tasks).toHaveLength(3);
    expect(file.events).toHaveLength(5); // series, exception, exception + changed occurrence, split series

    const target = new TestClient(t.app);
    await target.register();
    const imported = await target.request("POST", "/api/user/import", file);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ tasks: 3, events: 5, classes: 7, grades: 0 });

    const before = await source.request("GET", "/api/events");
    const after = await target.request("GET", "/api/events");
    const dates = (events: Parameters<typeof expandEvents>[0]) =>
      expandEvents(events, "2099-01-01", "2099-03-31").map((o) => `${o.date} ${o.time} ${o.title}`);
    expect(dates(after.json())).toEqual(dates(before.json()));
    expect((await target.request("GET", "/api/tasks")).json().map((x: { title: string }) => x.title)).toEqual(["Third", "Second", "First"]);
    expect((await target.request("GET", "/api/user")).json().userClasses).toEqual([
      "Chemistry",
      "Mathematics",
      "History",
      "English",
      "Art",
      "Lunch",
      "Physics",
    ]);
    expect((await target.request("GET", "/api/user/schedule")).json().rotation).toMatchObject({ anchorDate: "2099-01-05" });
    expect((await target.request("GET", "/api/user/preferences")).json()).toEqual({
      eveningSummaryTime: "19:30",
      locale: "en",
      scheduleSource: "mine",
      appBadge: true,
      ...DEFAULT_STUDY_PREFERENCES,
      studyBlockReminders: true,
    });
    const targetId = (await target.request("GET", "/api/user")).json().id;
    const scheduled = await t.db.selectFrom("reminder_schedule").select("kind").where("user_id", "=", targetId).execute();
    expect(scheduled.map((r) => r.kind).sort()).toEqual(["event", "event", "event", "study", "summary", "task", "task", "task"]);
  });

  it("refuses an account that has tasks or events with 409, and changes nothing", async () => {
    const source = await fullAccount();
    const file = (await source.request("GET", "/api/user/export")).json();
    const res = await source.request("POST", "/api/user/import", file);
    expect([res.statusCode, res.json().message, res.json().code]).toEqual([
      409,
      inEnglish(IMPORT_NEEDS_EMPTY_ACCOUNT),
      IMPORT_NEEDS_EMPTY_ACCOUNT,
    ]);
    expect((await source.request("GET", "/api/tasks")).json()).toHaveLength(3);
  });

  it("refuses a 10 MB file nested 5,000,000 arrays deep with 400 before parsing it, and imports nothing", async () => {
    const target = new TestClient(t.app);
    await target.register();
    const depth = 5_000_000;
    // Deep, and not JSON past the nesting: only a refusal made before parsing names the depth.
    const body = `{"version":1,"tasks":${"[".repeat(depth)}${"]".repeat(depth - 1)}`;
    const res = await target.request("POST", "/api/user/import", body);
    expect([res.statusCode, res.json().code]).toEqual([400, "server.body_too_deep"]);
    expect((await target.request("GET", "/api/tasks")).json()).toEqual([]);
  });

  it("imports sent at once into one empty account: one is kept, the others are 409, the caps hold", async () => {
    const file = (await (await fullAccount()).request("GET", "/api/user/export")).json();
    file.tasks = Array.from({ length: 300 }, (_, i) => ({ ...file.tasks[0], title: `Task ${i}` }));
    const target = new TestClient(t.app);
    await target.register();
    const answers = await Promise.all([1, 2, 3, 4].map(() => target.request("POST", "/api/user/import", file)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(answers.filter((a) => a.statusCode === 409).map((a) => a.json().message)).toEqual(
      Array(3).fill(inEnglish(IMPORT_NEEDS_EMPTY_ACCOUNT)),
    );
    expect((await target.request("GET", "/api/tasks")).json()).toHaveLength(300);
    expect((await target.request("GET", "/api/events")).json()).toHaveLength(5);
  });

  it("refuses what is not ours, or not valid, with 400 naming the item, and imports nothing", async () => {
    const target = new TestClient(t.app);
    await target.register();
    for (const body of [{}, { format: "ics" }, { format: "student-hub-export", version: 2, tasks: [], events: [] }, [], "x"]) {
      const res = await target.request("POST", "/api/user/import", body);
      expect(res.statusCode).toBe(400);
    }
    expect((await target.request("POST", "/api/user/import", { tasks: [], events: [] })).json().message).toBe(inEnglish(NOT_AN_EXPORT));
    const envelope = { format: "student-hub-export", version: 1 };
    const badTask = await target.request("POST", "/api/user/import", { ...envelope, tasks: [{ title: "ok" }, { title: "" }], events: [] });
    expect([badTask.statusCode, badTask.json().errors]).toEqual([400, { "tasks.1.title": ["Title is required"] }]);
    const orphan = await target.request("POST", "/api/user/import", {
      ...envelope,
      tasks: [],
      events: [{ id: 5, parentEventId: 9, isException: true, exceptionDate: "2099-01-01" }],
    });
    expect([orphan.statusCode, orphan.json().message, orphan.json().code]).toEqual([
      400,
      inEnglish(EVENT_PARENTS_BROKEN),
      EVENT_PARENTS_BROKEN,
    ]);
    const tooMany = await target.request("POST", "/api/user/import", { ...envelope, tasks: Array(501).fill({ title: "x" }), events: [] });
    expect(tooMany.statusCode).toBe(400);
    expect((await target.request("GET", "/api/tasks")).json()).toEqual([]);
  });

  it("exports the schedule source once chosen, and restores it; a file without one leaves the account's own", async () => {
    const chose = new TestClient(t.app);
    await chose.register();
    await chose.request("PUT", "/api/user/preferences", { scheduleSource: "school" });
    const file = (await chose.request("GET", "/api/user/export")).json();
    expect(file.preferences).toEqual({
      eveningSummaryTime: null,
      locale: "en",
      scheduleSource: "school",
      appBadge: true,
      studyBlockReminders: false,
    });
    // Nothing is published here: left to the default, a new account follows its own schedule.
    const target = new TestClient(t.app);
    await target.register();
    expect((await target.request("GET", "/api/user/preferences")).json().scheduleSource).toBe("mine");
    expect((await target.request("POST", "/api/user/import", file)).statusCode).toBe(200);
    expect((await target.request("GET", "/api/user/preferences")).json().scheduleSource).toBe("school");

    // Never chosen: not in the file, so the default keeps following the school's publishing.
    const never = new TestClient(t.app);
    await never.register();
    const neverFile = (await never.request("GET", "/api/user/export")).json();
    expect(neverFile.preferences).toEqual({ eveningSummaryTime: null, locale: "en", appBadge: true, studyBlockReminders: false });
    const fresh = new TestClient(t.app);
    const { user } = await fresh.register();
    expect((await fresh.request("POST", "/api/user/import", neverFile)).statusCode).toBe(200);
    const row = await t.db.selectFrom("users").select("schedule_source").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(row.schedule_source).toBeNull();

    // An export from before the school's day (no scheduleSource) into an account that chose "mine": kept.
    const older = new TestClient(t.app);
    await older.register();
    await older.request("PUT", "/api/user/preferences", { scheduleSource: "mine" });
    const oldFile = { ...file, preferences: { eveningSummaryTime: "19:30", locale: "en" } };
    expect((await older.request("POST", "/api/user/import", oldFile)).statusCode).toBe(200);
    expect((await older.request("GET", "/api/user/preferences")).json()).toEqual({
      eveningSummaryTime: "19:30",
      locale: "en",
      scheduleSource: "mine",
      appBadge: true,
      ...DEFAULT_STUDY_PREFERENCES,
      studyBlockReminders: false,
    });
  });

  it("refuses a schedule source that is neither school nor mine with 400, and imports nothing", async () => {
    const target = new TestClient(t.app);
    await target.register();
    for (const scheduleSource of ["theirs", "", 1, null]) {
      const res = await target.request("POST", "/api/user/import", {
        format: "student-hub-export",
        version: 1,
        preferences: { eveningSummaryTime: "19:30", scheduleSource },
        tasks: [{ title: "Kept out" }],
        events: [],
      });
      expect([res.statusCode, res.json().code, Object.keys(res.json().errors)], JSON.stringify(scheduleSource)).toEqual([
        400,
        "settings.schedule_source_invalid",
        ["preferences.scheduleSource"],
      ]);
    }
    expect((await target.request("GET", "/api/tasks")).json()).toEqual([]);
    expect((await target.request("GET", "/api/user/preferences")).json()).toEqual({
      eveningSummaryTime: null,
      locale: "en",
      scheduleSource: "mine",
      appBadge: true,
      ...DEFAULT_STUDY_PREFERENCES,
      studyBlockReminders: false,
    });
  });

  it("never exports another user's data, and needs a session", async () => {
    await fullAccount();
    const empty = new TestClient(t.app);
    await empty.register();
    const file = (await empty.request("GET", "/api/user/export")).json();
    expect([file.tasks, file.events]).toEqual([[], []]);
    expect((await new TestClient(t.app).request("GET", "/api/user/export")).statusCode).toBe(401);
  });
});
