import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { expandEvents } from "../../core/calendar/recurrence";
import type { CalendarEvent } from "../../core/schemas/event";
import { buildTestApp, describeEachEngine, TestClient, type TestApp } from "../test/harness";

/**
 * Series that span every date the schemas accept (0000-01-01 … 9999-12-31, about 3.65 million
 * days). Every operation on them used to list each date of the series first; the answers here must
 * come from the dates near the question (docs/decisions/107). How long they take is printed by
 * `npm run bench:series`; what is asserted here is the work: how many dates the recurrence engine
 * wrote out as text for each request (every date it visits, it formats), counted through its
 * import of core/day-numbers. Listing the whole series wrote 3.65 million.
 */
const engineWork = vi.hoisted(() => ({ datesFormatted: 0 }));
vi.mock(import("../../core/day-numbers"), async (importOriginal) => {
  const real = await importOriginal();
  return {
    ...real,
    formatDayNumber: (day: number) => {
      engineWork.datesFormatted++;
      return real.formatDayNumber(day);
    },
  };
});
/** Far more than any operation here needs (a few dates around the one asked about), far less than the span. */
const DATES_PER_OPERATION = 1000;
const FOREVER = {
  title: "Every day forever",
  date: "0000-01-01",
  time: "07:30",
  eventType: "custom",
  recurring: "daily",
  customDays: [],
  customEndDate: "9999-12-31",
};

describeEachEngine("series that span every date", (engine) => {
  let t: TestApp;
  let alice: TestClient;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    alice = new TestClient(t.app);
    await alice.register({ firstName: "Alice" });
  });
  afterAll(() => t.close());

  const createOk = async (body: object): Promise<CalendarEvent> => {
    const res = await request("POST", "/api/events", body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  /** The request's answer, once it is checked to have visited few dates. */
  const request = async (method: string, url: string, body?: object) => {
    const before = engineWork.datesFormatted;
    const res = await alice.request(method, url, body);
    expect(engineWork.datesFormatted - before, `dates formatted by ${method} ${url}`).toBeLessThan(DATES_PER_OPERATION);
    return res;
  };
  const list = async (): Promise<CalendarEvent[]> => (await alice.request("GET", "/api/events")).json();
  const shown = async (from: string, to: string) => expandEvents(await list(), from, to).map((o) => `${o.date} ${o.title}`);

  it("an exception, a new end date, a changed occurrence, a deleted one and a whole edit all work", async () => {
    const series = await createOk({ ...FOREVER, title: "Forever A" });

    const exception = await request("POST", `/api/events/${series.id}/exception`, { exceptionDate: "2026-11-26" });
    expect(exception.statusCode, exception.body).toBe(201);

    const ended = await request("PATCH", `/api/events/${series.id}`, { customEndDate: "9999-12-30" });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().customEndDate).toBe("9999-12-30");

    const changed = await request("PUT", `/api/events/SINGLE_INSTANCE_${series.id}_5000-03-01`, {
      ...FOREVER,
      title: "Moved",
      date: "5000-03-02",
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const deleted = await request("DELETE", `/api/events/SINGLE_INSTANCE_${series.id}_0000-01-02`);
    expect(deleted.statusCode, deleted.body).toBe(204);

    const whole = await request("PUT", `/api/events/${series.id}`, {
      ...FOREVER,
      customEndDate: "9999-12-30",
      title: "Forever A, renamed",
    });
    expect(whole.statusCode, whole.body).toBe(200);

    expect(await shown("0000-01-01", "0000-01-03")).toEqual(["0000-01-01 Forever A, renamed", "0000-01-03 Forever A, renamed"]);
    expect(await shown("2026-11-25", "2026-11-27")).toEqual(["2026-11-25 Forever A, renamed", "2026-11-27 Forever A, renamed"]);
    expect(await shown("5000-03-01", "5000-03-02")).toEqual(["5000-03-02 Forever A, renamed", "5000-03-02 Moved"]);
    expect(await shown("9999-12-30", "9999-12-31")).toEqual(["9999-12-30 Forever A, renamed"]);
  });

  it("this and future: an edit splits the series, a delete ends it, a delete from the first date removes it", async () => {
    const series = await createOk({ ...FOREVER, title: "Forever B" });

    const split = await request("PUT", `/api/events/FUTURE_SERIES_${series.id}_2027-01-01`, {
      ...FOREVER,
      title: "Forever B, from 2027",
      date: "2027-01-01",
    });
    expect(split.statusCode, split.body).toBe(200);
    const after = (await list()).find((e) => e.id === series.id)!;
    expect(after.customEndDate).toBe("2026-12-31");

    const ended = await request("DELETE", `/api/events/FUTURE_SERIES_${split.json().id}_8000-01-01`);
    expect(ended.statusCode, ended.body).toBe(204);
    expect(await shown("7999-12-31", "8000-01-01")).not.toContain("8000-01-01 Forever B, from 2027");
    expect(await shown("7999-12-31", "8000-01-01")).toContain("7999-12-31 Forever B, from 2027");

    const gone = await request("DELETE", `/api/events/FUTURE_SERIES_${series.id}_0000-01-01`);
    expect(gone.statusCode, gone.body).toBe(204);
    expect((await list()).some((e) => e.id === series.id)).toBe(false);
  });

  it("a series whose every date is removed goes, however early it starts", async () => {
    const series = await createOk({ ...FOREVER, title: "Three days", customEndDate: "0000-01-03" });
    for (const date of ["0000-01-01", "0000-01-02"]) {
      const res = await request("POST", `/api/events/${series.id}/exception`, { exceptionDate: date });
      expect(res.statusCode, res.body).toBe(201);
    }
    expect((await list()).some((e) => e.id === series.id)).toBe(true);
    const last = await request("POST", `/api/events/${series.id}/exception`, { exceptionDate: "0000-01-03" });
    expect(last.statusCode, last.body).toBe(204);
    expect((await list()).some((e) => e.id === series.id)).toBe(false);
  });

  it("an end date that would leave no date is refused, one that leaves the last free date is kept", async () => {
    const series = await createOk({ ...FOREVER, title: "Long gap", customEndDate: "9999-12-31" });
    for (const date of ["0000-01-01", "0000-01-02"]) await request("POST", `/api/events/${series.id}/exception`, { exceptionDate: date });
    const none = await request("PATCH", `/api/events/${series.id}`, { customEndDate: "0000-01-02" });
    expect(none.statusCode).toBe(400);
    const one = await request("PATCH", `/api/events/${series.id}`, { customEndDate: "0000-01-03" });
    expect(one.statusCode, one.body).toBe(200);
  });
});
