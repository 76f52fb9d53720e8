import { afterAll, beforeAll, expect, it } from "vitest";
import { listening, openStream, type OpenStream } from "../test/event-stream";
import { buildTestApp, describeEachEngine, TestClient, type TestApp } from "../test/harness";

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
    expect(await preferences(client)).toEqual({ eveningSummaryTime: null, locale: "en", scheduleSource: "mine", appBadge: true });
    const off = await client.request("PUT", "/api/user/preferences", { appBadge: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ eveningSummaryTime: null, locale: "en", scheduleSource: "mine", appBadge: false });
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
