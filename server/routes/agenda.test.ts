import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp, describeEachEngine, expectConditionalGet, TestClient, type TestApp } from "../test/harness";
import { AB_SCHEDULE } from "../test/school-fixtures";

const PASSCODE = "K7QM";
const CLASSES = ["Math", "English", "History", "Science", "Art", "Music", "Spanish", "Gym"];
const RANGE = "/api/user/agenda?from=2027-01-04&to=2027-01-19";

type Day = {
  date: string;
  schoolDay: boolean;
  offLabel: string | null;
  rotationDay: string | null;
  bellSchedule: { id: string; name: string } | null;
  classes: { period: number; name: string; start: string | null; end: string | null }[];
  schoolEvents: { id: number; title: string; time: string | null; eventType: string }[];
};

/** "Math 07:45-09:15" for each class, to read a day at a glance. */
const lines = (day: Day) => day.classes.map((c) => `${c.name} ${c.start}-${c.end}`);

describeEachEngine("the agenda and the schedule source", (engine) => {
  let t: TestApp;
  let staff: TestClient;
  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { ADMIN_PASSCODE: PASSCODE } });
    staff = new TestClient(t.app);
    const { user } = await staff.register();
    await t.db.updateTable("users").set({ is_admin: 1 }).where("id", "=", user.id).execute();
    expect((await staff.request("POST", "/api/admin/login", { passcode: PASSCODE })).statusCode).toBe(200);
    await staff.refreshCsrf();
  });
  afterAll(() => t.close());

  async function student(options: { ownSchedule?: unknown } = {}) {
    const client = new TestClient(t.app);
    await client.register();
    expect((await client.request("POST", "/api/user/classes", { userClasses: CLASSES })).statusCode).toBe(200);
    if (options.ownSchedule) expect((await client.request("PUT", "/api/user/schedule", options.ownSchedule)).statusCode).toBe(200);
    return client;
  }
  const agenda = async (client: TestClient, url = RANGE): Promise<Day[]> => {
    const res = await client.request("GET", url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const source = async (client: TestClient) => (await client.request("GET", "/api/user/preferences")).json().scheduleSource;

  const OWN = {
    bellTimes: [
      { period: 1, start: "08:00", end: "08:50" },
      { period: 2, start: "09:00", end: "09:50" },
    ],
    schoolDays: ["monday", "tuesday", "wednesday", "thursday", "friday"],
  };

  it("before the school publishes: everyone follows their own schedule", async () => {
    const client = await student();
    expect(await source(client)).toBe("mine");
    const days = await agenda(client, "/api/user/agenda?from=2027-01-04&to=2027-01-04");
    expect(days).toEqual([
      {
        date: "2027-01-04",
        schoolDay: true,
        offLabel: null,
        rotationDay: null,
        bellSchedule: null,
        classes: CLASSES.map((name, i) => ({ period: i + 1, name, start: null, end: null })),
        schoolEvents: [],
      },
    ]);
  });

  it("follows the school's A/B blocks with per-day times, its days off, and a delay date's alternate", async () => {
    const before = await student({ ownSchedule: OWN });
    expect((await staff.request("PUT", "/api/admin/school/schedule", AB_SCHEDULE)).statusCode).toBe(200);
    const delay = (
      await staff.request("POST", "/api/admin/school/events", {
        title: "Ice delay",
        date: "2027-01-13",
        eventType: "delay",
        alternateId: "delay",
      })
    ).json();
    const early = (
      await staff.request("POST", "/api/admin/school/events", {
        title: "Early dismissal",
        date: "2027-01-14",
        time: "12:30",
        eventType: "early-dismissal",
      })
    ).json();

    const client = await student();
    expect(await source(client)).toBe("school");
    // Saved their own before: they keep it until they choose.
    expect(await source(before)).toBe("mine");

    const days = await agenda(client);
    expect(days.map((d) => d.date)).toEqual([
      "2027-01-04", "2027-01-05", "2027-01-06", "2027-01-07", "2027-01-08", "2027-01-09", "2027-01-10", "2027-01-11",
      "2027-01-12", "2027-01-13", "2027-01-14", "2027-01-15", "2027-01-16", "2027-01-17", "2027-01-18", "2027-01-19",
    ]); // prettier-ignore
    const byDate = new Map(days.map((d) => [d.date, d]));
    const at = (date: string) => byDate.get(date)!;
    expect(days.map((d) => d.rotationDay ?? "-").join("")).toBe("ABABA--BABAB---A");

    expect(lines(at("2027-01-04"))).toEqual(["Math 07:45-09:15", "English 09:25-10:55", "History 11:35-13:05", "Science 13:15-14:45"]);
    // B day: periods 5-8 at the morning's times, not the afternoon's.
    expect(lines(at("2027-01-05"))).toEqual(["Art 07:45-09:15", "Music 09:25-10:55", "Spanish 11:35-13:05", "Gym 13:15-14:45"]);
    expect(at("2027-01-09")).toMatchObject({ schoolDay: false, offLabel: null, rotationDay: null, classes: [] });
    expect(at("2027-01-18")).toMatchObject({ schoolDay: false, offLabel: "MLK Day", rotationDay: null, bellSchedule: null, classes: [] });

    // The delay date (a B day) follows the delay's bells; the next day's early dismissal only shows.
    expect(at("2027-01-13").bellSchedule).toEqual({ id: "delay", name: "2-Hour Delay" });
    expect(lines(at("2027-01-13"))).toEqual(["Art 09:45-10:50", "Music 11:00-12:05", "Spanish 12:45-13:50", "Gym 14:00-14:45"]);
    expect(at("2027-01-13").schoolEvents).toEqual([{ id: delay.id, title: "Ice delay", time: null, eventType: "delay" }]);
    expect(at("2027-01-14").bellSchedule).toBeNull();
    expect(lines(at("2027-01-14"))).toEqual(lines(at("2027-01-12")));
    expect(at("2027-01-14").schoolEvents).toEqual([
      { id: early.id, title: "Early dismissal", time: "12:30", eventType: "early-dismissal" },
    ]);
  });

  it("gives a student who chose their own schedule theirs, with the school's events beside it", async () => {
    const client = await student({ ownSchedule: OWN });
    expect(await source(client)).toBe("mine");
    const delayDay = (await agenda(client)).find((d) => d.date === "2027-01-13")!;
    expect(delayDay.rotationDay).toBeNull();
    expect(delayDay.bellSchedule).toBeNull();
    expect(lines(delayDay).slice(0, 3)).toEqual(["Math 08:00-08:50", "English 09:00-09:50", "History null-null"]);
    expect(delayDay.schoolEvents.map((e) => e.title)).toEqual(["Ice delay"]);

    // Choosing the school's, then their own again, is kept.
    const chose = await client.request("PUT", "/api/user/preferences", { scheduleSource: "school" });
    expect(chose.json()).toMatchObject({ scheduleSource: "school", locale: "en" });
    expect((await agenda(client)).find((d) => d.date === "2027-01-13")!.bellSchedule).toEqual({ id: "delay", name: "2-Hour Delay" });
    await client.request("PUT", "/api/user/preferences", { scheduleSource: "mine" });
    expect(await source(client)).toBe("mine");
    const bad = await client.request("PUT", "/api/user/preferences", { scheduleSource: "theirs" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe("settings.schedule_source_invalid");
    // A student with no own schedule who chose "mine" keeps it too.
    const other = await student();
    await other.request("PUT", "/api/user/preferences", { scheduleSource: "mine" });
    expect(await source(other)).toBe("mine");
    expect((await agenda(other)).find((d) => d.date === "2027-01-05")!.rotationDay).toBeNull();
  });

  it("answers 304 until the school publishes, the student changes classes or source: then 200", async () => {
    const client = await student();
    let { etag } = await expectConditionalGet(client, RANGE);
    const again = async () => {
      const res = await client.getIfNoneMatch(RANGE, etag);
      etag = String(res.headers.etag);
      return res;
    };

    await staff.request("POST", "/api/admin/school/events", { title: "Assembly", date: "2027-01-06", time: "10:00", eventType: "custom" });
    const afterEvent = await again();
    expect(afterEvent.statusCode).toBe(200);
    expect((afterEvent.json() as Day[]).find((d) => d.date === "2027-01-06")!.schoolEvents.map((e) => e.title)).toEqual(["Assembly"]);
    expect((await again()).statusCode).toBe(304);

    await staff.request("PUT", "/api/admin/school/schedule", { ...AB_SCHEDULE, daysOff: [] });
    const afterPublish = await again();
    expect(afterPublish.statusCode).toBe(200);
    expect((afterPublish.json() as Day[]).find((d) => d.date === "2027-01-18")!.schoolDay).toBe(true);
    expect((await again()).statusCode).toBe(304);

    await client.request("PUT", "/api/user/classes", { userClasses: ["Chemistry", ...CLASSES.slice(1)] });
    const afterClasses = await again();
    expect(afterClasses.statusCode).toBe(200);
    expect(lines((afterClasses.json() as Day[])[0]!)[0]).toBe("Chemistry 07:45-09:15");

    await client.request("PUT", "/api/user/preferences", { scheduleSource: "mine" });
    expect((await again()).statusCode).toBe(200);
    // Another range is another answer.
    expect((await client.getIfNoneMatch("/api/user/agenda?from=2027-01-04&to=2027-01-05", etag)).statusCode).toBe(200);
    await staff.request("PUT", "/api/admin/school/schedule", AB_SCHEDULE);
  });

  it("covers at most 62 days, both ends included, and refuses anything else with a 400", async () => {
    const client = await student();
    expect(await agenda(client, "/api/user/agenda?from=2027-01-01&to=2027-03-03")).toHaveLength(62);
    for (const [query, code] of [
      ["?from=2027-01-01&to=2027-03-04", "server.date_range_too_long"],
      ["?from=2027-01-05&to=2027-01-04", "server.date_range_invalid"],
      ["?from=today&to=2027-01-04", "server.date_range_invalid"],
      ["", "server.date_range_invalid"],
    ]) {
      const res = await client.request("GET", `/api/user/agenda${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code, query).toBe(code);
    }
    expect((await new TestClient(t.app).request("GET", RANGE)).statusCode).toBe(401);
  });
});
