import { afterAll, beforeAll, expect, it } from "vitest";
import { listening, openStream, type OpenStream } from "../test/event-stream";
import { buildTestApp, describeEachEngine, TestClient, type TestApp } from "../test/harness";
import { DEFAULT_STUDY_PREFERENCES } from "../../core/study-plan";

/** The app icon's badge preference (decision 119): GET/PUT /api/user/preferences, export and import, other devices told. */
describeEachEngine("the app badge preference", (engine) => {
  let t: TestApp;
  let origin: string;
  const open: OpenStream[] = [];
  beforeAll(async () => {
    t = await buildTestApp(engine, { liveHeartbeatMs: 200 });
    origin = await listening(t.app);
  });
  afterAll(async () => {
    open.forEach((s) => s.close());
    await t.close();
  });

  async function student() {
    const client = new TestClient(t.app);
    await client.register();
    return client;
  }
  const preferences = async (client: TestClient) => (await client.request("GET", "/api/user/preferences")).json();

  it("is on for every account until the student turns it off, and changes alone", async () => {
    const client = await student();
    expect(await preferences(client)).toEqual({
      eveningSummaryTime: null,
      locale: "en",
      scheduleSource: "mine",
      appBadge: true,
      ...DEFAULT_STUDY_PREFERENCES,
      studyBlockReminders: false,
    });
    const off = await client.request("PUT", "/api/user/preferences", { appBadge: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({
      eveningSummaryTime: null,
      locale: "en",
      scheduleSource: "mine",
      appBadge: false,
      ...DEFAULT_STUDY_PREFERENCES,
      studyBlockReminders: false,
    });
    expect((await preferences(client)).appBadge).toBe(false);
    // Another preference saved later leaves it as it is.
    await client.request("PUT", "/api/user/preferences", { eveningSummaryTime: "19:00" });
    expect(await preferences(client)).toMatchObject({ eveningSummaryTime: "19:00", appBadge: false });
    expect((await client.request("PUT", "/api/user/preferences", { appBadge: true })).json().appBadge).toBe(true);
  });

  it.each([["yes"], [1], [null]])("refuses appBadge %j with a 400 that names the field, in the one error shape", async (value) => {
    const client = await student();
    const res = await client.request("PUT", "/api/user/preferences", { appBadge: value });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: "server.app_badge_invalid",
      errors: { appBadge: ["appBadge must be true or false"] },
    });
    expect((await preferences(client)).appBadge).toBe(true);
  });

  it("goes with the account's export and comes back with its import; a file from before it leaves the account's own", async () => {
    const source = await student();
    await source.request("PUT", "/api/user/preferences", { appBadge: false });
    const file = (await source.request("GET", "/api/user/export")).json();
    expect(file.preferences).toMatchObject({ appBadge: false });

    const target = await student();
    expect((await target.request("POST", "/api/user/import", file)).statusCode).toBe(200);
    expect((await preferences(target)).appBadge).toBe(false);

    const older = await student();
    const { appBadge: _dropped, ...before } = file.preferences as Record<string, unknown>;
    expect((await older.request("POST", "/api/user/import", { ...file, preferences: before })).statusCode).toBe(200);
    expect((await preferences(older)).appBadge).toBe(true);
  });

  it("tells the student's other open devices that the preferences changed", async () => {
    const client = await student();
    const laptop = await openStream(origin, { cookie: client.cookie });
    open.push(laptop);
    expect(laptop.status).toBe(200);
    await client.request("PUT", "/api/user/preferences", { appBadge: false });
    expect(await laptop.nextEvents(1)).toEqual([{ event: "changed", data: JSON.stringify({ lists: ["preferences"] }) }]);
  });
});

/** The study plan's settings (issue 51, decision 129): GET/PUT /api/user/preferences, refusals, export and import. */
describeEachEngine("the study time preferences", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(() => t.close());

  async function student() {
    const client = new TestClient(t.app);
    await client.register();
    return client;
  }
  const preferences = async (client: TestClient) => (await client.request("GET", "/api/user/preferences")).json();
  const windows = (monday: { start: string; end: string }[]) => ({ ...DEFAULT_STUDY_PREFERENCES.studyWindows, monday });

  it("are the defaults until set: 16:00-21:00 on weekdays, 10-12 and 14-18 at the weekend, 180 minutes a day, blocks of 60", async () => {
    const client = await student();
    const got = await preferences(client);
    expect(got).toMatchObject({ dailyStudyLimitMinutes: 180, maxBlockMinutes: 60 });
    expect(Object.keys(got.studyWindows)).toEqual(["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]);
    expect(got.studyWindows.monday).toEqual([{ start: "16:00", end: "21:00" }]);
    expect(got.studyWindows.saturday).toEqual([
      { start: "10:00", end: "12:00" },
      { start: "14:00", end: "18:00" },
    ]);
  });

  it("change alone, each kept when another is saved; a day's windows come back in time order", async () => {
    const client = await student();
    const set = await client.request("PUT", "/api/user/preferences", {
      studyWindows: windows([
        { start: "19:00", end: "21:00" },
        { start: "15:30", end: "17:00" },
      ]),
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().studyWindows.monday).toEqual([
      { start: "15:30", end: "17:00" },
      { start: "19:00", end: "21:00" },
    ]);
    await client.request("PUT", "/api/user/preferences", { dailyStudyLimitMinutes: 90 });
    await client.request("PUT", "/api/user/preferences", { maxBlockMinutes: 25 });
    const got = await preferences(client);
    expect(got).toMatchObject({ dailyStudyLimitMinutes: 90, maxBlockMinutes: 25, appBadge: true, locale: "en" });
    expect(got.studyWindows.monday).toHaveLength(2);
    expect(got.studyWindows.tuesday).toEqual([{ start: "16:00", end: "21:00" }]);
    // Another student's stay their own.
    expect((await preferences(await student())).dailyStudyLimitMinutes).toBe(180);
  });

  it.each([
    ["a day missing", { studyWindows: { monday: [] } }, "plan.study_windows_invalid"],
    ["a time not HH:mm", { studyWindows: windows([{ start: "4pm", end: "21:00" }]) }, "plan.study_window_time_invalid"],
    ["an end before its start", { studyWindows: windows([{ start: "18:00", end: "17:00" }]) }, "plan.study_window_order"],
    ["an empty window", { studyWindows: windows([{ start: "18:00", end: "18:00" }]) }, "plan.study_window_order"],
    [
      "four windows in a day",
      {
        studyWindows: windows([
          { start: "08:00", end: "09:00" },
          { start: "10:00", end: "11:00" },
          { start: "12:00", end: "13:00" },
          { start: "14:00", end: "15:00" },
        ]),
      },
      "plan.study_windows_too_many",
    ],
    [
      "overlapping windows",
      {
        studyWindows: windows([
          { start: "16:00", end: "18:00" },
          { start: "17:30", end: "19:00" },
        ]),
      },
      "plan.study_windows_overlap",
    ],
    ["a limit under 30", { dailyStudyLimitMinutes: 29 }, "plan.daily_study_limit_invalid"],
    ["a limit over 720", { dailyStudyLimitMinutes: 721 }, "plan.daily_study_limit_invalid"],
    ["a limit not whole", { dailyStudyLimitMinutes: 90.5 }, "plan.daily_study_limit_invalid"],
    ["a limit as text", { dailyStudyLimitMinutes: "90" }, "plan.daily_study_limit_invalid"],
    ["a block under 15", { maxBlockMinutes: 14 }, "plan.max_block_invalid"],
    ["a block over 120", { maxBlockMinutes: 121 }, "plan.max_block_invalid"],
  ])("refuses %s with a 400 and its code, changing nothing", async (_name, body, code) => {
    const client = await student();
    const before = await preferences(client);
    const res = await client.request("PUT", "/api/user/preferences", { ...body, appBadge: false });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code });
    expect(await preferences(client)).toEqual(before);
  });

  it("go with the account's export once set and come back with its import; a file without them leaves the account's own", async () => {
    const source = await student();
    expect((await source.request("GET", "/api/user/export")).json().preferences).not.toHaveProperty("studyWindows");
    await source.request("PUT", "/api/user/preferences", {
      dailyStudyLimitMinutes: 240,
      studyWindows: windows([{ start: "17:00", end: "20:00" }]),
    });
    const file = (await source.request("GET", "/api/user/export")).json();
    expect(file.preferences).toMatchObject({ dailyStudyLimitMinutes: 240, maxBlockMinutes: 60 });

    const target = await student();
    expect((await target.request("POST", "/api/user/import", file)).statusCode).toBe(200);
    expect(await preferences(target)).toMatchObject({
      dailyStudyLimitMinutes: 240,
      studyWindows: { monday: [{ start: "17:00", end: "20:00" }] },
    });

    const older = await student();
    const { studyWindows: _w, dailyStudyLimitMinutes: _d, maxBlockMinutes: _m, ...before } = file.preferences as Record<string, unknown>;
    expect((await older.request("POST", "/api/user/import", { ...file, preferences: before })).statusCode).toBe(200);
    expect((await preferences(older)).dailyStudyLimitMinutes).toBe(180);
  });
});
