import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_STUDY_PREFERENCES } from "../../core/study-plan";
import { buildTestApp, describeEachEngine, TestClient, type TestApp } from "../test/harness";

const PASSCODE = "K7QM";
// Monday 2026-11-30, 12:00 in the school's time zone (America/New_York).
const NOW = new Date("2026-11-30T17:00:00Z");
const MONDAY = "2026-11-30";
const TUESDAY = "2026-12-01";
const WEDNESDAY = "2026-12-02";
const THURSDAY = "2026-12-03";
const FRIDAY = "2026-12-04";

/** A school day of 08:00-15:00, a delay alternate ringing 10:00-17:00, Wednesday off. */
const SCHOOL = {
  bellTimes: [
    { period: 1, start: "08:00", end: "11:00" },
    { period: 2, start: "12:00", end: "15:00" },
  ],
  schoolDays: ["monday", "tuesday", "wednesday", "thursday", "friday"],
  rotation: null,
  daysOff: [{ from: WEDNESDAY, to: WEDNESDAY, label: "Teacher workday" }],
  alternates: [{ id: "delay", name: "2-Hour Delay", bellTimes: [{ period: 1, start: "10:00", end: "17:00" }] }],
};

type PlanAnswer = {
  days: {
    date: string;
    availableMinutes: number;
    plannedMinutes: number;
    blocks: { kind: string; title: string; start: string; end: string; taskId: number | null; eventId: number | null }[];
  }[];
  unplaced: { taskId: number | null; title: string; minutesShort: number }[];
};

/** GET /api/user/plan (issue 51, decision 129): the plan from the student's own data and the school's day. */
describeEachEngine("the study plan", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, { clock: () => NOW, env: { ADMIN_PASSCODE: PASSCODE } });
  });
  afterAll(() => t.close());

  async function student() {
    const client = new TestClient(t.app);
    await client.register();
    // Every window of the day, no limit: the school day and the events are what the figures show.
    await client.request("PUT", "/api/user/preferences", {
      studyWindows: Object.fromEntries(
        Object.keys(DEFAULT_STUDY_PREFERENCES.studyWindows).map((day) => [day, [{ start: "07:00", end: "21:00" }]]),
      ),
      dailyStudyLimitMinutes: 720,
    });
    return client;
  }
  const plan = async (client: TestClient, query = "") => (await client.request("GET", `/api/user/plan${query}`)).json() as PlanAnswer;
  const spans = (day: PlanAnswer["days"][number]) => day.blocks.map((b) => `${b.start}-${b.end} ${b.title}`);

  it("answers seven days from today by default, with today's past left out", async () => {
    const client = new TestClient(t.app);
    await client.register();
    const answer = await plan(client);
    expect(answer.days.map((d) => d.date)).toEqual([MONDAY, TUESDAY, WEDNESDAY, THURSDAY, FRIDAY, "2026-12-05", "2026-12-06"]);
    // The default windows (16:00-21:00 on weekdays) and limit (180): nothing of today is past yet at noon.
    expect(answer.days[0]).toMatchObject({ availableMinutes: 180, plannedMinutes: 0, blocks: [] });
    expect(answer.unplaced).toEqual([]);
  });

  it("places the student's tasks earliest deadline first around their timed events, and never another student's", async () => {
    const client = await student();
    await client.request("POST", "/api/tasks", { title: "Essay", dueDate: TUESDAY, estimateMinutes: 90, priority: "high" });
    await client.request("POST", "/api/tasks", { title: "Worksheet", dueDate: MONDAY, estimateMinutes: 30 });
    await client.request("POST", "/api/events", {
      title: "Practice",
      date: MONDAY,
      time: "13:00",
      endTime: "15:00",
      eventType: "practice",
    });
    const other = await student();
    await other.request("POST", "/api/tasks", { title: "Not mine", dueDate: MONDAY, estimateMinutes: 60 });

    const answer = await plan(client, "?days=2");
    // From noon: 12:00-13:00, the practice until 15:00, then on.
    expect(spans(answer.days[0]!)).toEqual(["12:00-12:30 Worksheet", "12:30-13:00 Essay", "15:00-16:00 Essay"]);
    expect(answer.days[0]).toMatchObject({ availableMinutes: 60 + 360, plannedMinutes: 120 });
    expect(spans(answer.days[1]!)).toEqual([]);
    expect(JSON.stringify(await plan(other))).not.toContain("Essay");
  });

  it("revises for an exam in daily shares over the days before it", async () => {
    const client = await student();
    const exam = (
      await client.request("POST", "/api/events", {
        title: "Chemistry exam",
        date: FRIDAY,
        time: "09:00",
        eventType: "exam",
        prepMinutes: 120,
      })
    ).json();
    const answer = await plan(client, "?days=5");
    // Monday to Thursday, 30 minutes each, at the first free time.
    expect(answer.days.map((d) => d.blocks.map((b) => [b.kind, b.eventId, b.title, b.end]))).toEqual([
      [["exam-prep", exam.id, "Chemistry exam", "12:30"]],
      [["exam-prep", exam.id, "Chemistry exam", "07:30"]],
      [["exam-prep", exam.id, "Chemistry exam", "07:30"]],
      [["exam-prep", exam.id, "Chemistry exam", "07:30"]],
      [],
    ]);
  });

  it("lists what does not fit before its deadline, and shows past days without blocks", async () => {
    const client = await student();
    const task = (await client.request("POST", "/api/tasks", { title: "Big project", dueDate: MONDAY, estimateMinutes: 600 })).json();
    const answer = await plan(client, "?from=2026-11-29&days=2");
    expect(answer.days[0]).toMatchObject({ date: "2026-11-29", availableMinutes: 0, blocks: [] });
    // Monday from noon: 12:00-21:00 is 540 minutes.
    expect(answer.days[1]!.plannedMinutes).toBe(540);
    expect(answer.unplaced).toEqual([
      { taskId: task.id, eventId: null, title: "Big project", dueDate: MONDAY, dueTime: null, minutesShort: 60 },
    ]);
  });

  it("has an ETag: 304 while nothing changed, a new plan once a task is added or the preferences change", async () => {
    const client = await student();
    const first = await client.request("GET", "/api/user/plan");
    const etag = String(first.headers.etag);
    expect((await client.request("GET", "/api/user/plan", undefined, { "if-none-match": etag })).statusCode).toBe(304);
    await client.request("POST", "/api/tasks", { title: "New", dueDate: TUESDAY });
    const added = await client.request("GET", "/api/user/plan", undefined, { "if-none-match": etag });
    expect(added.statusCode).toBe(200);
    const next = String(added.headers.etag);
    await client.request("PUT", "/api/user/preferences", { maxBlockMinutes: 15 });
    expect((await client.request("GET", "/api/user/plan", undefined, { "if-none-match": next })).statusCode).toBe(200);
  });

  describe("refuses", () => {
    it.each([
      ["?from=tomorrow", "server.plan_from_invalid"],
      ["?from=2026-02-30", "server.plan_from_invalid"],
      ["?days=0", "server.plan_days_invalid"],
      ["?days=15", "server.plan_days_invalid"],
      ["?days=2.5", "server.plan_days_invalid"],
      ["?days=week", "server.plan_days_invalid"],
    ])("%s with a 400 and its code", async (query, code) => {
      const client = await student();
      const res = await client.request("GET", `/api/user/plan${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code });
    });

    it("a visitor who is not signed in", async () => {
      expect((await new TestClient(t.app).request("GET", "/api/user/plan")).statusCode).toBe(401);
    });
  });

  // Last: once the school publishes, every student follows its day.
  it("keeps the school day the student follows out of their free time: the usual bells, a delay day's, none on a day off", async () => {
    const staff = await student();
    const { id } = (await staff.request("GET", "/api/user")).json();
    await t.db.updateTable("users").set({ is_admin: 1 }).where("id", "=", id).execute();
    expect((await staff.request("POST", "/api/admin/login", { passcode: PASSCODE })).statusCode).toBe(200);
    await staff.refreshCsrf();
    expect((await staff.request("PUT", "/api/admin/school/schedule", SCHOOL)).statusCode).toBe(200);
    const delay = await staff.request("POST", "/api/admin/school/events", {
      title: "Snow",
      date: THURSDAY,
      eventType: "delay",
      alternateId: "delay",
    });
    expect(delay.statusCode).toBe(201);

    const client = await student();
    const answer = await plan(client, `?from=${TUESDAY}&days=3`);
    // Tuesday: 07-08 and 15-21; Wednesday off: 07-21; Thursday's delay: 07-10 and 17-21.
    expect(answer.days.map((d) => d.availableMinutes)).toEqual([60 + 360, 720, 180 + 240]);
  });
});
