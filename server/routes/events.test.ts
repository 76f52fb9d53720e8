import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expandEvents } from "../../core/calendar/recurrence";
import type { CalendarEvent } from "../../core/schemas/event";
import { REMINDER_NEEDS_TIMING, REMINDER_OFF_HAS_TIMING, REMINDER_TIMING_MESSAGE } from "../../core/schemas/event";
import { inEnglish } from "../../core/test/in-english";
import { isPostgres } from "../db/connection";
import { buildTestApp, describeEachEngine, TestClient, type TestApp } from "../test/harness";

/** Monday 2025-01-06, weekly on Mondays: 01-06, 01-13, 01-20, 01-27, 02-03, … */
const MONDAYS = {
  title: "Swim practice",
  date: "2025-01-06",
  time: "15:30",
  eventType: "practice",
  recurring: "weekly",
  customDays: ["monday"],
};

describeEachEngine("events API", (engine) => {
  let t: TestApp;
  let alice: TestClient;
  let bob: TestClient;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    alice = new TestClient(t.app);
    bob = new TestClient(t.app);
    await alice.register({ firstName: "Alice" });
    await bob.register({ firstName: "Bob" });
  });
  afterAll(() => t.close());

  const create = (client: TestClient, body: object, headers?: Record<string, string>) =>
    client.request("POST", "/api/events", body, headers);
  const createOk = async (client: TestClient, body: object): Promise<CalendarEvent> => {
    const res = await create(client, body);
    if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const list = async (client: TestClient): Promise<CalendarEvent[]> => (await client.request("GET", "/api/events")).json();

  describe("an event's end and an exam's revision time (issue 51)", () => {
    it("keeps an end after the time and an exam's revision minutes; a whole edit without them keeps them; null clears them", async () => {
      const exam = await createOk(alice, {
        title: "Chemistry exam",
        date: "2026-12-10",
        time: "09:00",
        endTime: "10:30",
        eventType: "exam",
        prepMinutes: 180,
      });
      expect(exam).toMatchObject({ endTime: "10:30", prepMinutes: 180 });
      const kept = await alice.request("PUT", `/api/events/${exam.id}`, {
        title: "Chem exam",
        date: "2026-12-10",
        time: "09:00",
        eventType: "exam",
      });
      expect(kept.statusCode).toBe(200);
      expect(kept.json()).toMatchObject({ title: "Chem exam", endTime: "10:30", prepMinutes: 180 });
      const cleared = await alice.request("PUT", `/api/events/${exam.id}`, {
        title: "Chem exam",
        date: "2026-12-10",
        time: "09:00",
        eventType: "exam",
        endTime: null,
        prepMinutes: null,
      });
      expect(cleared.json()).toMatchObject({ endTime: null, prepMinutes: null });
      const plain = await createOk(alice, { title: "Club", date: "2026-12-10" });
      expect(plain).toMatchObject({ endTime: null, prepMinutes: null });
    });

    it("drops the end when the time goes (an all-day event has no end)", async () => {
      const practice = await createOk(alice, {
        title: "Practice",
        date: "2026-12-11",
        time: "15:30",
        endTime: "17:00",
        eventType: "practice",
      });
      const allDay = await alice.request("PUT", `/api/events/${practice.id}`, {
        title: "Practice",
        date: "2026-12-11",
        time: null,
        eventType: "practice",
      });
      expect(allDay.json()).toMatchObject({ time: null, endTime: null });
    });

    it.each([
      [{ time: null, endTime: "10:00" }, "endTime", "calendar.end_time_needs_time"],
      [{ time: "10:00", endTime: "10:00" }, "endTime", "calendar.end_time_before_time"],
      [{ time: "10:00", endTime: "09:00" }, "endTime", "calendar.end_time_before_time"],
      [{ time: "10:00", endTime: "25:00" }, "endTime", "calendar.time_invalid"],
      [{ eventType: "practice", prepMinutes: 60 }, "prepMinutes", "calendar.prep_only_for_exams"],
      [{ eventType: "exam", prepMinutes: 1201 }, "prepMinutes", "calendar.prep_minutes_invalid"],
      [{ eventType: "exam", prepMinutes: -1 }, "prepMinutes", "calendar.prep_minutes_invalid"],
      [{ eventType: "exam", prepMinutes: 30.5 }, "prepMinutes", "calendar.prep_minutes_invalid"],
    ])("refuses %j with a 400 on its field, creating nothing", async (fields, field, code) => {
      const before = (await list(bob)).length;
      const res = await create(bob, { title: "Refused", date: "2026-12-12", ...fields });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code });
      expect(res.json().errors).toHaveProperty(field);
      expect((await list(bob)).length).toBe(before);
    });
  });
  /** What the calendar shows from `from` to `to`: "date title" per occurrence. */
  const shown = async (client: TestClient, from: string, to: string) =>
    expandEvents(await list(client), from, to).map((o) => `${o.date} ${o.title}`);
  const rowsOf = async (client: TestClient, seriesId: number) => (await list(client)).filter((e) => e.parentEventId === seriesId);

  describe("creating and reading", () => {
    it("answers 201 with every field in the spec's names and formats, and GET answers the same", async () => {
      const res = await create(alice, {
        title: "  Biology exam ",
        description: "",
        subject: "Biology",
        date: "2025-03-10",
        time: "09:15",
        eventType: "exam",
        recurring: "none",
        customWhenToRepeat: null,
        customDays: [],
        customEndDate: null,
        notificationEnabled: false,
        notificationTiming: null,
        userId: 999,
        id: 5,
        isException: true,
        createdAt: "1999-01-01T00:00:00.000Z",
      });
      expect(res.statusCode).toBe(201);
      const event = res.json();
      expect(event).toEqual({
        id: expect.any(Number),
        userId: (await alice.request("GET", "/api/user")).json().id,
        title: "Biology exam",
        description: null,
        subject: "Biology",
        date: "2025-03-10",
        time: "09:15",
        eventType: "exam",
        recurring: "none",
        customWhenToRepeat: null,
        customDays: [],
        customEndDate: null,
        isCompleted: false,
        createdAt: expect.any(String),
        notificationEnabled: false,
        notificationTiming: null,
        parentEventId: null,
        isException: false,
        exceptionDate: null,
        originalDate: null,
        endTime: null,
        prepMinutes: null,
        etag: res.headers.etag,
      });
      expect(event.etag).toMatch(/^"[\w-]{22}"$/);
      expect(new Date(event.createdAt).toISOString()).toBe(event.createdAt);
      expect(event.createdAt).not.toBe("1999-01-01T00:00:00.000Z");
      expect((await alice.request("GET", `/api/events/${event.id}`)).json()).toEqual(event);
      expect((await list(alice)).find((e) => e.id === event.id)).toEqual(event);
    });

    it("applies the defaults: custom type, recurring none, not completed", async () => {
      const event = await createOk(alice, { title: "Club fair", date: "2025-09-01" });
      expect(event).toMatchObject({ eventType: "custom", recurring: "none", time: null, isCompleted: false, customDays: [] });
      const empty = await createOk(alice, { title: "Club fair 2", date: "2025-09-02", recurring: "", time: "", subject: "  " });
      expect(empty).toMatchObject({ recurring: "none", time: null, subject: null });
    });

    it.each([
      ["weekly", ["Friday", "monday", "monday", "WEDNESDAY"], ["monday", "wednesday", "friday"]],
      ["daily", ["sunday", "saturday"], ["sunday", "saturday"]],
      ["biweekly", [], []],
      ["monthly", ["15", "1", "1", "31"], ["1", "15", "31"]],
      ["last-monthly", ["friday"], ["friday"]],
      ["yearly", ["monday"], []],
      ["none", ["monday"], []],
    ])("%s keeps customDays %j as %j", async (recurring, customDays, stored) => {
      const event = await createOk(alice, { title: "Rule", date: "2025-01-01", recurring, customDays, customWhenToRepeat: "day" });
      expect(event.customDays).toEqual(stored);
      expect(event.recurring).toBe(recurring);
    });

    it("a one-off event keeps no end date", async () => {
      const event = await createOk(alice, { title: "Once", date: "2025-01-01", customEndDate: "2025-02-01" });
      expect(event.customEndDate).toBeNull();
    });

    it.each([
      [{}, "title", "Title is required"],
      [{ title: "  ", date: "2025-01-01" }, "title", "Title is required"],
      [{ title: "Exam" }, "date", "Date is required"],
      [{ title: "Exam", date: "" }, "date", "Date is required"],
      [{ title: "Exam", date: "2025-02-30" }, "date", "Date must be a real date in yyyy-MM-dd format"],
      [{ title: "Exam", date: "03/10/2025" }, "date", "Date must be a real date in yyyy-MM-dd format"],
      [
        { title: "Exam", date: "2025-01-01", recurring: "weekly" },
        "customDays",
        "Please select at least one weekday for weekly recurring events",
      ],
      [
        { title: "Exam", date: "2025-01-01", recurring: "weekly", customDays: [] },
        "customDays",
        "Please select at least one weekday for weekly recurring events",
      ],
      [
        { title: "Exam", date: "2025-01-01", recurring: "monthly" },
        "customWhenToRepeat",
        "Please select a date option or specific dates for monthly recurring events",
      ],
      [
        { title: "Exam", date: "2025-01-01", recurring: "monthly" },
        "customDays",
        "Please select specific dates or choose a date option above",
      ],
      [
        { title: "Exam", date: "2025-01-01", recurring: "weekly", customDays: ["funday"] },
        "customDays",
        "customDays must be weekday names, like monday",
      ],
      [
        { title: "Exam", date: "2025-01-01", recurring: "monthly", customDays: ["32"] },
        "customDays",
        "customDays must be day numbers from 1 to 31",
      ],
      [
        { title: "Exam", date: "2025-01-01", recurring: "monthly", customDays: ["monday"] },
        "customDays",
        "customDays must be day numbers from 1 to 31",
      ],
      [{ title: "Exam", date: "2025-01-01", recurring: "daily", customDays: "monday" }, "customDays", "customDays must be a list"],
      [{ title: "Exam", date: "2025-01-01", recurring: "daily", customDays: [1] }, "customDays.0", "Each day must be text"],
      [
        { title: "Exam", date: "2025-03-01", recurring: "daily", customEndDate: "2025-02-28" },
        "customEndDate",
        "End date must be on or after the event date",
      ],
      [
        { title: "Exam", date: "2025-03-01", recurring: "daily", customEndDate: "2025-02-29" },
        "customEndDate",
        "End date must be a real date in yyyy-MM-dd format",
      ],
      [{ title: "Exam", date: "2025-01-01", time: "25:00" }, "time", "Time must be a time in HH:mm format"],
      [{ title: "Exam", date: "2025-01-01", time: "9:00" }, "time", "Time must be a time in HH:mm format"],
      [
        { title: "Exam", date: "2025-01-01", eventType: "party" },
        "eventType",
        "Event type must be one of custom, study, exam, meeting, practice, early-dismissal, delay",
      ],
      [
        { title: "Exam", date: "2025-01-01", eventType: "exception" },
        "eventType",
        "Event type must be one of custom, study, exam, meeting, practice, early-dismissal, delay",
      ],
      [
        { title: "Exam", date: "2025-01-01", recurring: "hourly" },
        "recurring",
        "Recurring must be one of none, daily, weekly, biweekly, monthly, first-monthly, second-monthly, third-monthly, fourth-monthly, last-monthly, yearly",
      ],
      [{ title: "x".repeat(201), date: "2025-01-01" }, "title", "Title must be at most 200 characters"],
      [{ title: "Exam", date: "2025-01-01", description: "x".repeat(5001) }, "description", "Description must be at most 5000 characters"],
      [{ title: "Exam", date: "2025-01-01", subject: "x".repeat(101) }, "subject", "Subject must be at most 100 characters"],
      [{ title: "Exam", date: "2025-01-01", description: 4 }, "description", "Description must be text"],
      [{ title: "Exam", date: "2025-01-01", notificationEnabled: true }, "notificationTiming", inEnglish(REMINDER_NEEDS_TIMING)],
      [{ title: "Exam", date: "2025-01-01", notificationTiming: "10m" }, "notificationTiming", inEnglish(REMINDER_TIMING_MESSAGE)],
      [
        { title: "Exam", date: "2025-01-01", notificationEnabled: false, notificationTiming: "1-hour" },
        "notificationTiming",
        inEnglish(REMINDER_OFF_HAS_TIMING),
      ],
      [{ title: "Exam", date: "2025-01-01", isCompleted: "yes" }, "isCompleted", "isCompleted must be true or false"],
      [{ title: "Exam", date: "2025-01-01", parentEventId: "abc" }, "parentEventId", "parentEventId must be an event id"],
      [{ title: "Exam", date: "2025-01-01", parentEventId: -3 }, "parentEventId", "parentEventId must be an event id"],
      // Tuesday start, Mondays only, ending the next day: no date at all.
      [
        { title: "Exam", date: "2025-01-07", recurring: "weekly", customDays: ["monday"], customEndDate: "2025-01-08" },
        "customDays",
        "This repeating event has no dates: check its days and end date",
      ],
    ])("%j → 400 on %s: %s", async (body, field, message) => {
      const before = (await list(alice)).length;
      const res = await create(alice, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toContain(message);
      expect(Object.values(res.json().errors).flat()).toContain(res.json().message);
      expect((await list(alice)).length).toBe(before);
    });

    it("words a refusal in the request's language, with its code and values (decision 108)", async () => {
      const body = { title: "x".repeat(201), date: "2025-01-01" };
      const english = await create(alice, body);
      expect(english.json()).toEqual({
        message: "Title must be at most 200 characters",
        code: "calendar.title_too_long",
        params: { max: 200 },
        errors: { title: ["Title must be at most 200 characters"] },
      });
      // A Spanish account's refusal is in Spanish, with the same code.
      const lucia = new TestClient(t.app);
      await lucia.register({ firstName: "Lucía" });
      await lucia.request("PUT", "/api/user/preferences", { locale: "es" });
      const spanish = await create(lucia, { title: "Examen", date: "2025-03-10", recurring: "weekly" });
      expect(spanish.statusCode).toBe(400);
      expect(spanish.json()).toEqual({
        message: "Elige al menos un día de la semana para un evento que se repite cada semana",
        code: "calendar.weekly_needs_days",
        errors: { customDays: ["Elige al menos un día de la semana para un evento que se repite cada semana"] },
      });
    });

    it("refuses U+0000 and lone surrogates, and malformed JSON, with 400", async () => {
      for (const title of ["Ex\u0000am", "Ex\uD800am"]) expect((await create(alice, { title, date: "2025-01-01" })).statusCode).toBe(400);
      const res = await alice.request("POST", "/api/events", '{"title": "Exam",');
      expect(res.statusCode).toBe(400);
      expect((await alice.request("POST", "/api/events", "[]")).statusCode).toBe(400);
    });

    it("a child names one of the user's own events as its parent; another user's or a missing one is 404", async () => {
      const series = await createOk(alice, MONDAYS);
      const child = await createOk(alice, { title: "Moved practice", date: "2025-01-14", parentEventId: series.id });
      expect(child.parentEventId).toBe(series.id);
      const bobs = await createOk(bob, { title: "Bob's", date: "2025-01-01" });
      for (const parentEventId of [bobs.id, 2 ** 31 - 1]) {
        const res = await create(alice, { title: "Sneaky", date: "2025-01-01", parentEventId });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: "Event not found", code: "server.event_not_found" });
      }
      expect((await list(bob)).map((e) => e.id)).toEqual([bobs.id]);
    });

    it("an Idempotency-Key creates once and replays the answer", async () => {
      const key = `event-${Math.random()}`;
      const body = { title: "Parent night", date: "2025-04-01" };
      const first = await create(alice, body, { "idempotency-key": key });
      const second = await create(alice, body, { "idempotency-key": key });
      expect(first.statusCode).toBe(201);
      expect(second.statusCode).toBe(201);
      expect(second.headers["idempotent-replayed"]).toBe("true");
      expect(second.json()).toEqual(first.json());
      expect((await list(alice)).filter((e) => e.title === "Parent night")).toHaveLength(1);
      expect((await create(alice, { ...body, title: "Other" }, { "idempotency-key": key })).statusCode).toBe(422);
    });

    it("caps a user's events at 1000 with 409 and the reason", async () => {
      const carol = new TestClient(t.app);
      const { user } = await carol.register({ firstName: "Carol" });
      const now = new Date().toISOString();
      const rows = Array.from({ length: 1000 }, (_, i) => ({
        user_id: user.id,
        title: `E${i}`,
        date: "2025-01-01",
        event_type: "custom",
        recurring: "none",
        custom_days: "[]",
        is_completed: 0,
        notification_enabled: 0,
        is_exception: 0,
        created_at: now,
        updated_at: now,
      }));
      for (let i = 0; i < rows.length; i += 250)
        await t.db
          .insertInto("events")
          .values(rows.slice(i, i + 250))
          .execute();
      const res = await create(carol, { title: "One more", date: "2025-01-02" });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe("You can keep at most 1000 events. Delete some old events to add more.");
    });
  });

  describe("exceptions", () => {
    it("POST …/exception adds a row in the spec's shape; the date leaves the calendar; twice is harmless", async () => {
      const series = await createOk(alice, { ...MONDAYS, title: "Exc practice" });
      const res = await alice.request("POST", `/api/events/${series.id}/exception`, { exceptionDate: "2025-01-13" });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        isException: true,
        eventType: "exception",
        parentEventId: series.id,
        exceptionDate: "2025-01-13",
      });
      const again = await alice.request("POST", `/api/events/${series.id}/exception`, { exceptionDate: "2025-01-13" });
      expect(again.statusCode).toBe(201);
      expect(again.json().id).toBe(res.json().id);
      expect((await rowsOf(alice, series.id)).filter((e) => e.isException)).toHaveLength(1);
      expect((await shown(alice, "2025-01-01", "2025-01-31")).filter((s) => s.endsWith("Exc practice"))).toEqual([
        "2025-01-06 Exc practice",
        "2025-01-20 Exc practice",
        "2025-01-27 Exc practice",
      ]);
    });

    it.each([
      ["2025-01-14", "That date is not an occurrence of this event"],
      ["2024-12-30", "That date is not an occurrence of this event"],
      ["2025-02-30", "Exception date must be a real date in yyyy-MM-dd format"],
    ])("an exception on %s is refused: %s", async (exceptionDate, message) => {
      const series = await createOk(alice, MONDAYS);
      const res = await alice.request("POST", `/api/events/${series.id}/exception`, { exceptionDate });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.exceptionDate).toEqual([message]);
      expect(await rowsOf(alice, series.id)).toEqual([]);
    });

    it("a one-off event has no occurrences to except", async () => {
      const once = await createOk(alice, { title: "Once", date: "2025-01-06" });
      const res = await alice.request("POST", `/api/events/${once.id}/exception`, { exceptionDate: "2025-01-06" });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("This event does not repeat: change or delete it as a whole");
    });

    it("excepting the last date a finite series has deletes the series (204)", async () => {
      const series = await createOk(alice, { ...MONDAYS, customEndDate: "2025-01-13" });
      expect((await alice.request("POST", `/api/events/${series.id}/exception`, { exceptionDate: "2025-01-06" })).statusCode).toBe(201);
      const last = await alice.request("POST", `/api/events/${series.id}/exception`, { exceptionDate: "2025-01-13" });
      expect(last.statusCode).toBe(204);
      expect((await alice.request("GET", `/api/events/${series.id}`)).statusCode).toBe(404);
      expect(await rowsOf(alice, series.id)).toEqual([]);
    });
  });

  describe("series operations", () => {
    it("PUT SINGLE_INSTANCE: an exception for the date plus a one-off event in its place", async () => {
      const series = await createOk(alice, { ...MONDAYS, title: "Single A" });
      const res = await alice.request("PUT", `/api/events/SINGLE_INSTANCE_${series.id}_2025-01-13`, {
        ...MONDAYS,
        title: "Single A (moved)",
        date: "2025-01-14",
        time: "17:00",
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        title: "Single A (moved)",
        date: "2025-01-14",
        time: "17:00",
        recurring: "none",
        customDays: [],
        parentEventId: series.id,
        originalDate: "2025-01-13",
        isException: false,
      });
      const rows = await rowsOf(alice, series.id);
      expect(rows.filter((r) => r.isException).map((r) => r.exceptionDate)).toEqual(["2025-01-13"]);
      expect((await shown(alice, "2025-01-01", "2025-01-31")).filter((s) => s.includes("Single A"))).toEqual([
        "2025-01-06 Single A",
        "2025-01-14 Single A (moved)",
        "2025-01-20 Single A",
        "2025-01-27 Single A",
      ]);
      // That occurrence is gone now: editing it again is refused, nothing changes.
      const again = await alice.request("PUT", `/api/events/SINGLE_INSTANCE_${series.id}_2025-01-13`, { ...MONDAYS, title: "Twice" });
      expect(again.statusCode).toBe(400);
      expect((await rowsOf(alice, series.id)).length).toBe(2);
    });

    it("PUT FUTURE_SERIES mid-series: the series ends the day before, a new series starts; later exceptions and changes go", async () => {
      const series = await createOk(alice, { ...MONDAYS, title: "Future B" });
      await alice.request("POST", `/api/events/${series.id}/exception`, { exceptionDate: "2025-01-13" });
      await alice.request("POST", `/api/events/${series.id}/exception`, { exceptionDate: "2025-02-03" });
      await alice.request("PUT", `/api/events/SINGLE_INSTANCE_${series.id}_2025-01-27`, {
        ...MONDAYS,
        title: "Future B (one)",
        date: "2025-01-28",
      });

      const res = await alice.request("PUT", `/api/events/FUTURE_SERIES_${series.id}_2025-01-20`, {
        ...MONDAYS,
        title: "Future B (new)",
        date: "2025-01-20",
        time: "16:00",
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ title: "Future B (new)", date: "2025-01-20", recurring: "weekly", parentEventId: series.id });
      expect(res.json().id).not.toBe(series.id);
      expect((await alice.request("GET", `/api/events/${series.id}`)).json().customEndDate).toBe("2025-01-19");
      const rows = await rowsOf(alice, series.id);
      expect(rows.filter((r) => r.isException).map((r) => r.exceptionDate)).toEqual(["2025-01-13"]);
      expect(rows.filter((r) => !r.isException).map((r) => r.title)).toEqual(["Future B (new)"]);
      expect((await shown(alice, "2025-01-01", "2025-02-10")).filter((s) => s.includes("Future B"))).toEqual([
        "2025-01-06 Future B",
        "2025-01-20 Future B (new)",
        "2025-01-27 Future B (new)",
        "2025-02-03 Future B (new)",
        "2025-02-10 Future B (new)",
      ]);
    });

    it("PUT FUTURE_SERIES from the first date replaces the whole series (same id, its exceptions gone)", async () => {
      const series = await createOk(alice, { ...MONDAYS, title: "Whole C" });
      await alice.request("POST", `/api/events/${series.id}/exception`, { exceptionDate: "2025-01-13" });
      const res = await alice.request("PUT", `/api/events/FUTURE_SERIES_${series.id}_2025-01-06`, {
        ...MONDAYS,
        title: "Whole C (renamed)",
        customDays: ["monday", "wednesday"],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: series.id,
        title: "Whole C (renamed)",
        customDays: ["monday", "wednesday"],
        customEndDate: null,
      });
      expect(await rowsOf(alice, series.id)).toEqual([]);
      expect((await shown(alice, "2025-01-06", "2025-01-15")).filter((s) => s.includes("Whole C"))).toEqual([
        "2025-01-06 Whole C (renamed)",
        "2025-01-08 Whole C (renamed)",
        "2025-01-13 Whole C (renamed)",
        "2025-01-15 Whole C (renamed)",
      ]);
    });

    it("a second split earlier than the first removes the series split off later", async () => {
      const series = await createOk(alice, { ...MONDAYS, title: "Split D" });
      const late = (
        await alice.request("PUT", `/api/events/FUTURE_SERIES_${series.id}_2025-02-03`, {
          ...MONDAYS,
          title: "Split D late",
          date: "2025-02-03",
        })
      ).json();
      const early = await alice.request("PUT", `/api/events/FUTURE_SERIES_${series.id}_2025-01-20`, {
        ...MONDAYS,
        title: "Split D early",
        date: "2025-01-20",
      });
      expect(early.statusCode).toBe(200);
      expect((await alice.request("GET", `/api/events/${late.id}`)).statusCode).toBe(404);
      expect((await shown(alice, "2025-01-01", "2025-02-10")).filter((s) => s.includes("Split D"))).toEqual([
        "2025-01-06 Split D",
        "2025-01-13 Split D",
        "2025-01-20 Split D early",
        "2025-01-27 Split D early",
        "2025-02-03 Split D early",
        "2025-02-10 Split D early",
      ]);
    });

    it("DELETE SINGLE_INSTANCE adds the exception; twice is harmless", async () => {
      const series = await createOk(alice, { ...MONDAYS, title: "Del E" });
      for (let i = 0; i < 2; i++)
        expect((await alice.request("DELETE", `/api/events/SINGLE_INSTANCE_${series.id}_2025-01-20`)).statusCode).toBe(204);
      expect((await rowsOf(alice, series.id)).map((r) => [r.isException, r.exceptionDate])).toEqual([[true, "2025-01-20"]]);
      expect((await shown(alice, "2025-01-13", "2025-01-27")).filter((s) => s.includes("Del E"))).toEqual([
        "2025-01-13 Del E",
        "2025-01-27 Del E",
      ]);
    });

    it("DELETE FUTURE_SERIES mid-series ends it the day before and drops later exceptions", async () => {
      const series = await createOk(alice, { ...MONDAYS, title: "Del F" });
      await alice.request("POST", `/api/events/${series.id}/exception`, { exceptionDate: "2025-01-13" });
      await alice.request("POST", `/api/events/${series.id}/exception`, { exceptionDate: "2025-01-27" });
      expect((await alice.request("DELETE", `/api/events/FUTURE_SERIES_${series.id}_2025-01-20`)).statusCode).toBe(204);
      expect((await alice.request("GET", `/api/events/${series.id}`)).json().customEndDate).toBe("2025-01-19");
      expect((await rowsOf(alice, series.id)).map((r) => r.exceptionDate)).toEqual(["2025-01-13"]);
      expect((await shown(alice, "2025-01-01", "2025-03-01")).filter((s) => s.includes("Del F"))).toEqual(["2025-01-06 Del F"]);
    });

    it("DELETE FUTURE_SERIES from the first date, or with nothing left before it, deletes the whole series", async () => {
      const first = await createOk(alice, { ...MONDAYS, title: "Del G" });
      await alice.request("POST", `/api/events/${first.id}/exception`, { exceptionDate: "2025-01-13" });
      expect((await alice.request("DELETE", `/api/events/FUTURE_SERIES_${first.id}_2025-01-06`)).statusCode).toBe(204);
      expect((await alice.request("GET", `/api/events/${first.id}`)).statusCode).toBe(404);
      expect(await rowsOf(alice, first.id)).toEqual([]);

      const second = await createOk(alice, { ...MONDAYS, title: "Del H" });
      await alice.request("POST", `/api/events/${second.id}/exception`, { exceptionDate: "2025-01-06" });
      expect((await alice.request("DELETE", `/api/events/FUTURE_SERIES_${second.id}_2025-01-13`)).statusCode).toBe(204);
      expect((await alice.request("GET", `/api/events/${second.id}`)).statusCode).toBe(404);
    });

    it("a whole-series PUT that moves the start keeps the rule, the id and the changed occurrences; exceptions off the new dates go", async () => {
      const series = await createOk(alice, { ...MONDAYS, title: "Move I", customDays: ["monday", "wednesday"] });
      await alice.request("POST", `/api/events/${series.id}/exception`, { exceptionDate: "2025-01-08" });
      await alice.request("POST", `/api/events/${series.id}/exception`, { exceptionDate: "2025-01-20" });
      const child = (
        await alice.request("PUT", `/api/events/SINGLE_INSTANCE_${series.id}_2025-01-15`, {
          ...MONDAYS,
          title: "Move I (one)",
          date: "2025-01-16",
        })
      ).json();
      const res = await alice.request("PUT", `/api/events/${series.id}`, {
        ...MONDAYS,
        title: "Move I",
        customDays: ["monday", "wednesday"],
        date: "2025-01-13",
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: series.id, date: "2025-01-13", recurring: "weekly", customDays: ["monday", "wednesday"] });
      const rows = await rowsOf(alice, series.id);
      // 01-08 is before the new start: that exception removes nothing any more.
      expect(rows.filter((r) => r.isException).map((r) => r.exceptionDate)).toEqual(["2025-01-15", "2025-01-20"]);
      expect(rows.filter((r) => !r.isException).map((r) => r.id)).toEqual([child.id]);
      expect((await shown(alice, "2025-01-01", "2025-01-27")).filter((s) => s.includes("Move I"))).toEqual([
        "2025-01-13 Move I",
        "2025-01-16 Move I (one)",
        "2025-01-22 Move I",
        "2025-01-27 Move I",
      ]);
    });

    it("a whole-series PUT whose dates would all be taken by exceptions is 400 and changes nothing", async () => {
      const series = await createOk(alice, { ...MONDAYS, title: "Taken O", customEndDate: "2025-01-20" });
      await alice.request("POST", `/api/events/${series.id}/exception`, { exceptionDate: "2025-01-06" });
      await alice.request("POST", `/api/events/${series.id}/exception`, { exceptionDate: "2025-01-13" });
      const res = await alice.request("PUT", `/api/events/${series.id}`, { ...MONDAYS, title: "Taken O", customEndDate: "2025-01-13" });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("This repeating event has no dates: check its days and end date");
      expect((await alice.request("GET", `/api/events/${series.id}`)).json()).toEqual(series);
      expect((await rowsOf(alice, series.id)).map((r) => r.exceptionDate)).toEqual(["2025-01-06", "2025-01-13"]);
    });

    it.each([
      ["SINGLE_INSTANCE", "PUT"],
      ["FUTURE_SERIES", "PUT"],
      ["SINGLE_INSTANCE", "DELETE"],
      ["FUTURE_SERIES", "DELETE"],
    ])("%s %s on a date that is not an occurrence is 400 and changes nothing", async (scope, method) => {
      const series = await createOk(alice, { ...MONDAYS, title: `Bad ${scope} ${method}` });
      const res = await alice.request(method, `/api/events/${scope}_${series.id}_2025-01-07`, method === "PUT" ? MONDAYS : undefined);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("That date is not an occurrence of this event");
      expect((await alice.request("GET", `/api/events/${series.id}`)).json()).toEqual(series);
      expect(await rowsOf(alice, series.id)).toEqual([]);
    });

    it("a scoped operation on a one-off event is 400", async () => {
      const once = await createOk(alice, { title: "Once", date: "2025-01-06" });
      const res = await alice.request("DELETE", `/api/events/SINGLE_INSTANCE_${once.id}_2025-01-06`);
      expect(res.statusCode).toBe(400);
      expect((await alice.request("GET", `/api/events/${once.id}`)).statusCode).toBe(200);
    });

    it.each(["SINGLE_INSTANCE_1_2025-02-30", "FUTURE_SERIES_abc_2025-01-06", "EVERY_1_2025-01-06", "0", "1.5", "-1", "abc", "99999999999"])(
      "a malformed id %j is 404 like an unknown one",
      async (id) => {
        for (const method of ["GET", "PUT", "PATCH", "DELETE"]) {
          const res = await alice.request(method, `/api/events/${id}`, method === "PUT" || method === "PATCH" ? MONDAYS : undefined);
          expect(res.statusCode, `${method} ${id}`).toBe(404);
        }
        expect((await alice.request("POST", `/api/events/${id}/exception`, { exceptionDate: "2025-01-06" })).statusCode).toBe(404);
      },
    );

    it("PATCH sets the end date; before the start, leaving no date, or on a one-off event is 400", async () => {
      const series = await createOk(alice, MONDAYS);
      const ok = await alice.request("PATCH", `/api/events/${series.id}`, { customEndDate: "2025-01-20" });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().customEndDate).toBe("2025-01-20");
      const before = await alice.request("PATCH", `/api/events/${series.id}`, { customEndDate: "2025-01-05" });
      expect(before.statusCode).toBe(400);
      expect(before.json().errors.customEndDate).toEqual(["End date must be on or after the event date"]);
      const tuesday = await createOk(alice, { ...MONDAYS, date: "2025-01-07" });
      const none = await alice.request("PATCH", `/api/events/${tuesday.id}`, { customEndDate: "2025-01-12" });
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toBe("This repeating event has no dates: check its days and end date");
      const once = await createOk(alice, { title: "Once", date: "2025-01-06" });
      expect((await alice.request("PATCH", `/api/events/${once.id}`, { customEndDate: "2025-01-10" })).statusCode).toBe(400);
      expect((await alice.request("GET", `/api/events/${series.id}`)).json().customEndDate).toBe("2025-01-20");
    });

    it("DELETE removes an event with its exceptions and changed occurrences", async () => {
      const series = await createOk(alice, { ...MONDAYS, title: "Gone J" });
      await alice.request("POST", `/api/events/${series.id}/exception`, { exceptionDate: "2025-01-13" });
      await alice.request("PUT", `/api/events/SINGLE_INSTANCE_${series.id}_2025-01-20`, { ...MONDAYS, title: "Gone J (one)" });
      expect((await alice.request("DELETE", `/api/events/${series.id}`)).statusCode).toBe(204);
      expect((await list(alice)).filter((e) => e.title.startsWith("Gone J"))).toEqual([]);
      expect((await alice.request("DELETE", `/api/events/${series.id}`)).statusCode).toBe(404);
    });
  });

  describe("atomicity", () => {
    /** Makes inserting an event titled "Injected failure" fail inside the transaction. */
    async function withFailingChildInsert<T>(work: () => Promise<T>): Promise<T> {
      if (isPostgres(t.db)) {
        await sql`create or replace function fail_event_insert() returns trigger language plpgsql as $$ begin if new.title = 'Injected failure' then raise exception 'injected failure'; end if; return new; end $$`.execute(
          t.db,
        );
        await sql`create trigger fail_event_insert before insert on events for each row execute function fail_event_insert()`.execute(t.db);
      } else {
        await sql`create trigger fail_event_insert before insert on events when new.title = 'Injected failure' begin select raise(abort, 'injected failure'); end`.execute(
          t.db,
        );
      }
      try {
        return await work();
      } finally {
        await (isPostgres(t.db) ? sql`drop trigger fail_event_insert on events` : sql`drop trigger fail_event_insert`).execute(t.db);
      }
    }

    it("a single-occurrence edit whose new event cannot be written leaves no exception behind", async () => {
      const series = await createOk(alice, { ...MONDAYS, title: "Atomic K" });
      const res = await withFailingChildInsert(() =>
        alice.request("PUT", `/api/events/SINGLE_INSTANCE_${series.id}_2025-01-13`, { ...MONDAYS, title: "Injected failure" }),
      );
      expect(res.statusCode).toBe(500);
      expect(await rowsOf(alice, series.id)).toEqual([]);
      expect((await shown(alice, "2025-01-13", "2025-01-13")).filter((s) => s.includes("Atomic K"))).toEqual(["2025-01-13 Atomic K"]);
    });

    it("a this-and-future edit whose new series cannot be written keeps the old series' end and its later exceptions", async () => {
      const series = await createOk(alice, { ...MONDAYS, title: "Atomic L" });
      await alice.request("POST", `/api/events/${series.id}/exception`, { exceptionDate: "2025-02-03" });
      const res = await withFailingChildInsert(() =>
        alice.request("PUT", `/api/events/FUTURE_SERIES_${series.id}_2025-01-20`, {
          ...MONDAYS,
          title: "Injected failure",
          date: "2025-01-20",
        }),
      );
      expect(res.statusCode).toBe(500);
      expect((await alice.request("GET", `/api/events/${series.id}`)).json()).toEqual(series);
      expect((await rowsOf(alice, series.id)).map((r) => r.exceptionDate)).toEqual(["2025-02-03"]);
    });
  });

  describe("ownership and guards", () => {
    it("another user's event is 404 on every route, scoped ids included, and stays as it was", async () => {
      const series = await createOk(alice, { ...MONDAYS, title: "Private M" });
      const attempts: Array<[string, string, unknown]> = [
        ["GET", `/api/events/${series.id}`, undefined],
        ["PUT", `/api/events/${series.id}`, MONDAYS],
        ["PATCH", `/api/events/${series.id}`, { customEndDate: "2025-02-01" }],
        ["DELETE", `/api/events/${series.id}`, undefined],
        ["POST", `/api/events/${series.id}/exception`, { exceptionDate: "2025-01-13" }],
        ["PUT", `/api/events/SINGLE_INSTANCE_${series.id}_2025-01-13`, MONDAYS],
        ["PUT", `/api/events/FUTURE_SERIES_${series.id}_2025-01-13`, MONDAYS],
        ["DELETE", `/api/events/SINGLE_INSTANCE_${series.id}_2025-01-13`, undefined],
        ["DELETE", `/api/events/FUTURE_SERIES_${series.id}_2025-01-13`, undefined],
      ];
      for (const [method, url, body] of attempts) {
        const res = await bob.request(method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toEqual({ message: "Event not found", code: "server.event_not_found" });
      }
      expect((await alice.request("GET", `/api/events/${series.id}`)).json()).toEqual(series);
      expect(await rowsOf(alice, series.id)).toEqual([]);
      expect((await list(bob)).some((e) => e.title === "Private M")).toBe(false);
    });

    it("signed out: 401 on every route; without the CSRF token: 403 and nothing changes", async () => {
      const series = await createOk(alice, { ...MONDAYS, title: "Guarded N" });
      const visitor = new TestClient(t.app);
      for (const [method, url] of [
        ["GET", "/api/events"],
        ["GET", `/api/events/${series.id}`],
        ["POST", "/api/events"],
        ["PUT", `/api/events/${series.id}`],
        ["PATCH", `/api/events/${series.id}`],
        ["DELETE", `/api/events/${series.id}`],
        ["POST", `/api/events/${series.id}/exception`],
      ]) {
        expect((await visitor.request(method!, url!, method === "GET" ? undefined : {})).statusCode, `${method} ${url}`).toBe(401);
      }
      const token = alice.csrfToken;
      alice.csrfToken = undefined;
      try {
        expect((await create(alice, { title: "No token", date: "2025-01-01" })).statusCode).toBe(403);
        expect((await alice.request("DELETE", `/api/events/${series.id}`)).statusCode).toBe(403);
        expect((await alice.request("DELETE", `/api/events/SINGLE_INSTANCE_${series.id}_2025-01-13`)).statusCode).toBe(403);
      } finally {
        alice.csrfToken = token;
      }
      expect((await alice.request("GET", `/api/events/${series.id}`)).statusCode).toBe(200);
      expect(await rowsOf(alice, series.id)).toEqual([]);
    });

    it("deleting a user deletes their events", async () => {
      const dave = new TestClient(t.app);
      const { user } = await dave.register({ firstName: "Dave" });
      const series = await createOk(dave, MONDAYS);
      await dave.request("POST", `/api/events/${series.id}/exception`, { exceptionDate: "2025-01-13" });
      await t.db.deleteFrom("users").where("id", "=", user.id).execute();
      expect(await t.db.selectFrom("events").select("id").where("user_id", "=", user.id).execute()).toEqual([]);
    });
  });
});
