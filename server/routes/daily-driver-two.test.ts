import { afterAll, beforeAll, expect, it } from "vitest";
import type { CalendarEvent } from "../../core/schemas/event";
import { buildTestApp, describeEachEngine, TestClient, type TestApp } from "../test/harness";

// Moved from e2e/daily-driver-two.spec.ts (docs/decisions/120): what the server keeps of a monthly
// event on "the same date each month" (the dialog's side is in
// client/features/calendar/components/event-form-dialog.daily-driver.test.tsx).

describeEachEngine("a monthly event on the same date each month", (engine) => {
  let t: TestApp;
  let maya: TestClient;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    maya = new TestClient(t.app);
    await maya.register({ firstName: "Maya" });
  });
  afterAll(() => t.close());

  it("is stored with its date option and no dates, and read back the same way", async () => {
    const res = await maya.request("POST", "/api/events", {
      title: "Club dues",
      date: "2026-11-30",
      recurring: "monthly",
      customWhenToRepeat: "same-date",
      customDays: [],
    });
    expect(res.statusCode).toBe(201);
    const created = res.json<CalendarEvent>();
    const row = await t.db.selectFrom("events").selectAll().where("id", "=", created.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      title: "Club dues",
      recurring: "monthly",
      custom_when_to_repeat: "same-date",
      custom_days: "[]",
      date: "2026-11-30",
    });
    const listed = (await maya.request("GET", "/api/events")).json<CalendarEvent[]>().find((e) => e.id === created.id);
    expect(listed).toMatchObject({ recurring: "monthly", customWhenToRepeat: "same-date", customDays: [] });
  });
});
