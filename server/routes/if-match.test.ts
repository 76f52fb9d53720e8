import { beforeAll, afterAll, describe, expect, it } from "vitest";
import { buildTestApp, describeEachEngine, TestClient, type TestApp } from "../test/harness";

const CHANGED = { message: "Changed on another device", code: "server.changed_elsewhere" };
const MONDAYS = {
  title: "Swim practice",
  date: "2025-01-06",
  time: "15:30",
  eventType: "practice",
  recurring: "weekly",
  customDays: ["monday"],
};

// Issue 37: a write queued offline carries the ETag of the row it was made on; a row changed
// meanwhile (on another device) answers 412 with the current row, never overwritten silently.
describeEachEngine("If-Match on task and event writes", (engine) => {
  let t: TestApp;
  let laptop: TestClient;
  let phone: TestClient;
  let bob: TestClient;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    laptop = new TestClient(t.app);
    await laptop.register();
    phone = new TestClient(t.app);
    phone.cookie = laptop.cookie;
    phone.csrfToken = laptop.csrfToken;
    bob = new TestClient(t.app);
    await bob.register();
  });
  afterAll(() => t.close());

  describe("tasks", () => {
    it("answers every task with its ETag, in the list as on a single answer", async () => {
      const created = await laptop.request("POST", "/api/tasks", { title: "Read chapter 4" });
      expect(created.headers.etag).toMatch(/^"[\w-]{22}"$/);
      expect(created.json().etag).toBe(created.headers.etag);
      const one = await laptop.request("GET", `/api/tasks/${created.json().id}`);
      expect(one.headers.etag).toBe(created.headers.etag);
      const listed = (await laptop.request("GET", "/api/tasks")).json().find((task: { id: number }) => task.id === created.json().id);
      expect(listed.etag).toBe(created.headers.etag);
    });

    it("writes while the task is as the client read it, and answers 412 with the current task once it changed", async () => {
      const { id, etag } = (await laptop.request("POST", "/api/tasks", { title: "Lab report" })).json();
      const onPhone = await phone.request("PUT", `/api/tasks/${id}`, { completed: true }, { "if-match": etag });
      expect(onPhone.statusCode).toBe(200);
      expect(onPhone.headers.etag).not.toBe(etag);
      expect(onPhone.json().etag).toBe(onPhone.headers.etag);

      // The laptop, still holding the first version, edits the title offline and sends it later.
      const stale = await laptop.request("PUT", `/api/tasks/${id}`, { title: "Lab report v2" }, { "if-match": etag });
      expect(stale.statusCode).toBe(412);
      expect(stale.json()).toEqual({ ...CHANGED, current: onPhone.json() });
      expect(stale.headers.etag).toBe(onPhone.headers.etag);
      const row = await t.db.selectFrom("tasks").select(["title", "completed"]).where("id", "=", id).executeTakeFirstOrThrow();
      expect(row.title).toBe("Lab report");
      expect(Number(row.completed)).toBe(1);

      // "Keep mine": sent again with the current ETag, it goes through; "*" matches any version.
      const kept = await laptop.request("PUT", `/api/tasks/${id}`, { title: "Lab report v2" }, { "if-match": stale.json().current.etag });
      expect(kept.json()).toMatchObject({ title: "Lab report v2", completed: true });
      expect((await laptop.request("PUT", `/api/tasks/${id}`, { priority: "high" }, { "if-match": "*" })).statusCode).toBe(200);
      // If-Match compares strongly: a weak tag never matches.
      const weak = await laptop.request("PUT", `/api/tasks/${id}`, { priority: "low" }, { "if-match": `W/${kept.headers.etag}` });
      expect(weak.statusCode).toBe(412);
    });

    it("refuses a stale delete with 412, and answers 204 for a task already deleted", async () => {
      const { id, etag } = (await laptop.request("POST", "/api/tasks", { title: "Permission slip" })).json();
      const changed = await phone.request("PUT", `/api/tasks/${id}`, { dueDate: "2027-03-01" }, { "if-match": etag });
      const stale = await laptop.request("DELETE", `/api/tasks/${id}`, undefined, { "if-match": etag });
      expect(stale.statusCode).toBe(412);
      expect(stale.json()).toEqual({ ...CHANGED, current: changed.json() });
      expect(await t.db.selectFrom("tasks").select("id").where("id", "=", id).executeTakeFirst()).toBeDefined();

      expect((await phone.request("DELETE", `/api/tasks/${id}`, undefined, { "if-match": changed.json().etag })).statusCode).toBe(204);
      // The laptop's queued delete arrives after the phone's: it has happened, so it succeeds.
      expect((await laptop.request("DELETE", `/api/tasks/${id}`, undefined, { "if-match": changed.json().etag })).statusCode).toBe(204);
      // Without If-Match a missing task stays a 404, as before.
      expect((await laptop.request("DELETE", `/api/tasks/${id}`)).statusCode).toBe(404);
    });

    it("never reaches another user's task: PUT 404, DELETE changes nothing", async () => {
      const { id, etag } = (await laptop.request("POST", "/api/tasks", { title: "Mine" })).json();
      expect((await bob.request("PUT", `/api/tasks/${id}`, { title: "Hacked" }, { "if-match": etag })).statusCode).toBe(404);
      expect((await bob.request("DELETE", `/api/tasks/${id}`, undefined, { "if-match": etag })).statusCode).toBe(204);
      expect((await t.db.selectFrom("tasks").select("title").where("id", "=", id).executeTakeFirstOrThrow()).title).toBe("Mine");
    });
  });

  describe("events", () => {
    it("checks PUT, PATCH and DELETE of an event, and of a series' occurrence, against the series' ETag", async () => {
      const created = await laptop.request("POST", "/api/events", MONDAYS);
      const { id, etag } = created.json();
      expect(created.headers.etag).toBe(etag);

      const ended = await phone.request("PATCH", `/api/events/${id}`, { customEndDate: "2025-03-31" }, { "if-match": etag });
      expect(ended.statusCode).toBe(200);
      expect(ended.headers.etag).not.toBe(etag);

      const stalePut = await laptop.request("PUT", `/api/events/${id}`, { ...MONDAYS, title: "Swim meet" }, { "if-match": etag });
      expect(stalePut.statusCode).toBe(412);
      expect(stalePut.json()).toEqual({ ...CHANGED, current: ended.json() });
      const stalePatch = await laptop.request("PATCH", `/api/events/${id}`, { customEndDate: null }, { "if-match": etag });
      expect(stalePatch.statusCode).toBe(412);
      const staleOccurrence = await laptop.request("DELETE", `/api/events/SINGLE_INSTANCE_${id}_2025-01-13`, undefined, {
        "if-match": etag,
      });
      expect(staleOccurrence.statusCode).toBe(412);
      expect(staleOccurrence.json().current).toEqual(ended.json());
      expect(await t.db.selectFrom("events").select("id").where("parent_event_id", "=", id).execute()).toEqual([]);

      const occurrence = await laptop.request("DELETE", `/api/events/SINGLE_INSTANCE_${id}_2025-01-13`, undefined, {
        "if-match": ended.json().etag,
      });
      expect(occurrence.statusCode).toBe(204);
      const series = await laptop.request("GET", `/api/events/${id}`);
      expect(
        (await laptop.request("DELETE", `/api/events/${id}`, undefined, { "if-match": series.headers.etag as string })).statusCode,
      ).toBe(204);
      expect(
        (await laptop.request("DELETE", `/api/events/${id}`, undefined, { "if-match": series.headers.etag as string })).statusCode,
      ).toBe(204);
      expect(
        (await laptop.request("DELETE", `/api/events/FUTURE_SERIES_${id}_2025-01-20`, undefined, { "if-match": "*" })).statusCode,
      ).toBe(204);
      expect((await laptop.request("PUT", `/api/events/${id}`, MONDAYS, { "if-match": "*" })).statusCode).toBe(404);
    });

    it("answers a change to one date of a series with the series' new ETag, which the next change to it sends", async () => {
      const { id, etag } = (await laptop.request("POST", "/api/events", MONDAYS)).json();
      const seriesEtag = async () => (await laptop.request("GET", `/api/events/${id}`)).headers.etag;

      // "This event only" leaves the series row as it was: the same ETag comes back.
      const moved = await laptop.request(
        "PUT",
        `/api/events/SINGLE_INSTANCE_${id}_2025-01-13`,
        { ...MONDAYS, time: "16:00" },
        {
          "if-match": etag,
        },
      );
      expect(moved.statusCode).toBe(200);
      expect(moved.headers["series-etag"]).toBe(etag);
      expect(moved.json().etag).toBe(moved.headers.etag);
      expect(moved.headers.etag).not.toBe(etag);

      // "This and future" ends the series the day before: a new ETag, the one a read now answers.
      const split = await laptop.request(
        "PUT",
        `/api/events/FUTURE_SERIES_${id}_2025-02-03`,
        { ...MONDAYS, date: "2025-02-03" },
        {
          "if-match": etag,
        },
      );
      expect(split.statusCode).toBe(200);
      const afterSplit = split.headers["series-etag"];
      expect(afterSplit).not.toBe(etag);
      expect(afterSplit).toBe(await seriesEtag());

      // The next change, made on that version, goes through with it; with the first one it is a conflict.
      const stale = await laptop.request("DELETE", `/api/events/SINGLE_INSTANCE_${id}_2025-01-20`, undefined, { "if-match": etag });
      expect(stale.statusCode).toBe(412);
      const skipped = await laptop.request("DELETE", `/api/events/SINGLE_INSTANCE_${id}_2025-01-20`, undefined, {
        "if-match": afterSplit as string,
      });
      expect(skipped.statusCode).toBe(204);
      expect(skipped.headers["series-etag"]).toBe(await seriesEtag());

      // A delete that takes the series away answers no series ETag.
      const gone = await laptop.request("DELETE", `/api/events/FUTURE_SERIES_${id}_2025-01-06`, undefined, {
        "if-match": skipped.headers["series-etag"] as string,
      });
      expect(gone.statusCode).toBe(204);
      expect(gone.headers["series-etag"]).toBeUndefined();
      expect((await laptop.request("GET", `/api/events/${id}`)).statusCode).toBe(404);
    });
  });
});
