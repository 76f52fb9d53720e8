import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp, describeEachEngine, TestClient, type TestApp } from "../test/harness";

describeEachEngine("school schedule API", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  const example = {
    bellTimes: [
      { period: 2, start: "08:55", end: "09:45" },
      { period: 1, start: "08:00", end: "08:50" },
    ],
    schoolDays: ["monday", "tuesday", "wednesday", "thursday", "friday"],
    rotation: { days: ["A", "B"], anchorDate: "2026-12-07", anchorDay: "A", periodsByDay: { A: [1, 2, 3], B: [4, 5, 6] } },
    daysOff: [{ from: "2026-12-24", to: "2027-01-01", label: "Winter break" }],
  };

  it("answers the default before the first save, then what was saved, to its owner only", async () => {
    const client = new TestClient(t.app);
    await client.register();
    expect((await client.request("GET", "/api/user/schedule")).json()).toEqual({
      bellTimes: [],
      schoolDays: ["monday", "tuesday", "wednesday", "thursday", "friday"],
      rotation: null,
      daysOff: [],
    });
    const saved = await client.request("PUT", "/api/user/schedule", example);
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = { ...example, bellTimes: [example.bellTimes[1], example.bellTimes[0]] };
    expect(saved.json()).toEqual(expected);
    expect((await client.request("GET", "/api/user/schedule")).json()).toEqual(expected);

    const other = new TestClient(t.app);
    await other.register();
    expect((await other.request("GET", "/api/user/schedule")).json().rotation).toBeNull();
    expect((await new TestClient(t.app).request("GET", "/api/user/schedule")).statusCode).toBe(401);
  });

  it("changes the list ETags (the data version) when saved", async () => {
    const client = new TestClient(t.app);
    await client.register();
    const before = (await client.request("GET", "/api/events")).headers.etag;
    await client.request("PUT", "/api/user/schedule", example);
    expect((await client.request("GET", "/api/events")).headers.etag).not.toBe(before);
  });

  it("refuses a bad schedule with a 400 per bad field, and keeps the one saved", async () => {
    const client = new TestClient(t.app);
    await client.register();
    await client.request("PUT", "/api/user/schedule", example);
    const bad = await client.request("PUT", "/api/user/schedule", {
      ...example,
      bellTimes: [{ period: 1, start: "09:00", end: "08:00" }],
      rotation: { ...example.rotation, anchorDate: "2026-12-06" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      "bellTimes.0.end": ["Start must be before end"],
      "rotation.anchorDate": ["The anchor date must be a school day"],
    });
    for (const body of [null, [], "x", { schoolDays: "monday" }]) {
      expect((await client.request("PUT", "/api/user/schedule", body)).statusCode).toBe(400);
    }
    expect((await client.request("GET", "/api/user/schedule")).json().rotation.anchorDate).toBe("2026-12-07");
  });
});
