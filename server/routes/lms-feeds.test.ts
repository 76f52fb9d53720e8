import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, describeEachEngine, TestClient, type TestApp } from "../test/harness";
import { startTestFeedServer, type TestFeedServer } from "../test/feed-server";
import { CANVAS_CALENDAR_EVENT, canvasFeed, type CanvasAssignment, googleClassroomFeed } from "../test/lms-fixtures";

const ESSAY: CanvasAssignment = { id: 5678, title: "Essay 2: The Crucible", course: "ENGL 101 - English 9", due: "20261203T045900Z" };
const LAB: CanvasAssignment = { id: 5679, title: "Lab report", course: "BIO 9 - Biology", due: "20261205" };
const QUIZ: CanvasAssignment = { id: 5680, title: "Quiz 3", course: "Algebra I", due: "20261210T140000Z" };
const MINUTE = 60_000;
/** A Canvas calendar event that lasts all day (not an assignment). */
const CONCERT = [
  "BEGIN:VEVENT",
  "DTSTART;VALUE=DATE:20261218",
  "DTEND;VALUE=DATE:20261219",
  "DTSTAMP:20261120T120000Z",
  "SUMMARY:Winter concert",
  "UID:event-calendar-event-43",
  "END:VEVENT",
];

interface EventJson {
  id: number;
  title: string;
  subject: string | null;
  date: string;
  time: string | null;
  description: string | null;
  eventType: string;
  recurring: string;
  isCompleted: boolean;
  notificationEnabled: boolean;
  notificationTiming: string | null;
}

interface TaskJson {
  id: number;
  title: string;
  subject: string | null;
  dueDate: string | null;
  dueTime: string | null;
  description: string | null;
  priority: string;
  completed: boolean;
}

describeEachEngine("LMS feeds (decision 117)", (engine) => {
  let feeds: TestFeedServer;
  let t: TestApp;
  let now = new Date("2026-11-26T15:00:00Z");
  const advance = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };

  beforeAll(async () => {
    feeds = await startTestFeedServer();
    t = await buildTestApp(engine, { env: { IMPORT_ALLOWED_ORIGINS: feeds.origin }, clock: () => now });
  });
  afterAll(async () => {
    await t?.close();
    await feeds?.close();
  });

  async function student(classes: string[] = []) {
    const client = new TestClient(t.app);
    await client.register();
    if (classes.length > 0) expect((await client.request("PUT", "/api/user/classes", { userClasses: classes })).statusCode).toBe(200);
    return client;
  }
  /** A scan of this instance, then its change feed settled (on PostgreSQL its notifications arrive a moment after the commit). */
  async function scan() {
    const count = await t.services.lmsFeeds.scanOnce();
    await t.services.changeFeed.settle();
    return count;
  }
  const eventsOf = async (client: TestClient) =>
    ((await client.request("GET", "/api/events")).json() as EventJson[]).sort((a, b) => a.id - b.id);
  const tasksOf = async (client: TestClient) =>
    ((await client.request("GET", "/api/tasks")).json() as TaskJson[]).sort((a, b) => a.id - b.id);

  it("imports only a Canvas feed's assignments as tasks with mode assignments, matched to the student's classes, and never shows the address back", async () => {
    feeds.routes.set("/canvas/a.ics", { body: canvasFeed([ESSAY, LAB], CANVAS_CALENDAR_EVENT) });
    const alice = await student(["English 9", "Biology", "Algebra I", "History", "Spanish", "Chemistry"]);
    const url = `${feeds.origin}/canvas/a.ics?token=secret-token-abc`;
    const res = await alice.request("POST", "/api/user/feeds", { url, name: "Canvas", mode: "assignments" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      imported: 2,
      feed: { name: "Canvas", mode: "assignments", status: "active", itemCount: 2, lastError: null },
    });
    expect(res.body).not.toContain("secret-token-abc");
    expect(res.json().feed.urlHint).toBe(`${feeds.origin}/…`);
    expect((await alice.request("GET", "/api/user/feeds")).body).not.toContain("secret-token-abc");

    // The calendar event is not an assignment: with mode assignments it is not imported.
    expect(await eventsOf(alice)).toEqual([]);
    const tasks = await tasksOf(alice);
    expect(tasks.map(({ title, subject, dueDate, dueTime, description }) => ({ title, subject, dueDate, dueTime, description }))).toEqual([
      {
        title: "Essay 2: The Crucible",
        subject: "English 9",
        dueDate: "2026-12-02",
        dueTime: "23:59",
        description: "https://lincoln.instructure.com/courses/4821/assignments/5678",
      },
      {
        title: "Lab report",
        subject: "Biology",
        dueDate: "2026-12-05",
        dueTime: null,
        description: "https://lincoln.instructure.com/courses/4821/assignments/5679",
      },
    ]);
  });

  it("keeps tasks current on refresh: changed titles and times follow, gone items go unless completed, nothing is duplicated, the student's own edits stay", async () => {
    feeds.routes.set("/canvas/b.ics", { body: canvasFeed([ESSAY, LAB, QUIZ]) });
    const bob = await student(["Algebra I", "History", "Spanish", "Chemistry"]);
    const created = await bob.request("POST", "/api/user/feeds", { url: `${feeds.origin}/canvas/b.ics`, name: "Canvas" });
    expect(created.statusCode).toBe(201);
    const feedId = created.json().feed.id as number;
    const [essay, lab, quiz] = await tasksOf(bob);
    // The student completes the lab and marks the quiz high priority with a reminder.
    expect((await bob.request("PUT", `/api/tasks/${lab!.id}`, { completed: true })).statusCode).toBe(200);
    expect((await bob.request("PUT", `/api/tasks/${quiz!.id}`, { priority: "high", reminder: "1-day" })).statusCode).toBe(200);

    // In Canvas: the quiz moves and is renamed, the essay and the lab are gone, a new assignment arrives.
    feeds.routes.set("/canvas/b.ics", {
      body: canvasFeed([
        { ...QUIZ, title: "Quiz 3 (retake)", due: "20261211T150000Z" },
        { id: 6000, title: "Poster", course: "Art", due: "20261215" },
      ]),
    });
    const refreshed = await bob.request("POST", `/api/user/feeds/${feedId}/refresh`);
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).toMatchObject({ imported: 2, feed: { itemCount: 2 } });

    const after = await tasksOf(bob);
    expect(after.map((task) => task.id)).not.toContain(essay!.id);
    expect(after.find((task) => task.id === lab!.id)).toMatchObject({ completed: true, title: "Lab report" });
    expect(after.find((task) => task.id === quiz!.id)).toMatchObject({
      title: "Quiz 3 (retake)",
      dueDate: "2026-12-11",
      dueTime: "10:00",
      priority: "high",
      subject: "Algebra I",
    });
    expect(after.filter((task) => task.title === "Poster")).toHaveLength(1);
    // The reminder follows the moved due time.
    const schedule = await t.db
      .selectFrom("reminder_schedule")
      .selectAll()
      .where("kind", "=", "task")
      .where("item_id", "=", quiz!.id)
      .execute();
    expect(schedule).toHaveLength(1);

    // "Refresh now" again at once: too soon. After 10 s: nothing new, nothing duplicated.
    expect((await bob.request("POST", `/api/user/feeds/${feedId}/refresh`)).statusCode).toBe(429);
    advance(11_000);
    expect((await bob.request("POST", `/api/user/feeds/${feedId}/refresh`)).statusCode).toBe(200);
    expect((await tasksOf(bob)).map((task) => task.id)).toEqual(after.map((task) => task.id));
  });

  it("by default makes assignments tasks and the rest events, kept current by UID with the student's own edits kept", async () => {
    feeds.routes.set("/canvas/ev.ics", { body: canvasFeed([ESSAY], [...CANVAS_CALENDAR_EVENT, ...CONCERT]) });
    const ivy = await student(["Biology", "History", "Spanish", "Chemistry"]);
    const created = await ivy.request("POST", "/api/user/feeds", { url: `${feeds.origin}/canvas/ev.ics`, name: "Canvas" });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ imported: 3, feed: { mode: "tasks-and-events", itemCount: 3 } });
    const feedId = created.json().feed.id as number;
    expect((await tasksOf(ivy)).map((task) => task.title)).toEqual([ESSAY.title]);
    const [trip, concert] = await eventsOf(ivy);
    expect(trip).toMatchObject({
      title: "Field trip to the science museum",
      subject: "Biology",
      // 15:00 UTC is 10:00 in the school's zone (America/New_York).
      date: "2026-12-04",
      time: "10:00",
      description: "https://lincoln.instructure.com/calendar?event_id=42&include_contexts=course_4821",
      eventType: "custom",
      recurring: "none",
      isCompleted: false,
    });
    // An all-day item is an all-day event.
    expect(concert).toMatchObject({ title: "Winter concert", date: "2026-12-18", time: null, eventType: "custom" });

    // The student makes the trip a practice with a reminder, and completes the concert.
    const tripEdit = await ivy.request("PUT", `/api/events/${trip!.id}`, {
      ...trip,
      eventType: "practice",
      notificationEnabled: true,
      notificationTiming: "1-hour",
    });
    expect(tripEdit.statusCode).toBe(200);
    expect((await ivy.request("PUT", `/api/events/${concert!.id}`, { ...concert, isCompleted: true })).statusCode).toBe(200);

    // In Canvas: the trip is renamed and moves an hour, the concert is gone, a new event arrives.
    const assembly = [
      "BEGIN:VEVENT",
      "DTSTART:20261209T140000Z",
      "DTSTAMP:20261120T120000Z",
      "SUMMARY:Assembly",
      "UID:event-calendar-event-44",
      "END:VEVENT",
    ];
    const movedTrip = CANVAS_CALENDAR_EVENT.map((line) =>
      line.startsWith("DTSTART:")
        ? "DTSTART:20261204T160000Z"
        : line.replace("Field trip to the science museum", "Field trip (bring lunch)"),
    );
    feeds.routes.set("/canvas/ev.ics", { body: canvasFeed([ESSAY], [...movedTrip, ...assembly]) });
    advance(11_000);
    const refreshed = await ivy.request("POST", `/api/user/feeds/${feedId}/refresh`);
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).toMatchObject({ imported: 3, feed: { itemCount: 3 } });
    const after = await eventsOf(ivy);
    expect(after.map((event) => event.title)).toEqual(["Field trip (bring lunch)", "Winter concert", "Assembly"]);
    expect(after[0]).toMatchObject({
      id: trip!.id,
      time: "11:00",
      eventType: "practice",
      notificationEnabled: true,
      notificationTiming: "1-hour",
    });
    // The completed concert stays; the trip's reminder follows its new time.
    expect(after[1]).toMatchObject({ id: concert!.id, isCompleted: true });
    const schedule = await t.db
      .selectFrom("reminder_schedule")
      .selectAll()
      .where("kind", "=", "event")
      .where("item_id", "=", trip!.id)
      .execute();
    expect(schedule).toHaveLength(1);

    // The student deletes the assembly: a refresh does not bring it back, nor duplicate anything.
    expect((await ivy.request("DELETE", `/api/events/${after[2]!.id}`)).statusCode).toBe(204);
    advance(11_000);
    expect((await ivy.request("POST", `/api/user/feeds/${feedId}/refresh`)).json()).toMatchObject({ imported: 2 });
    expect((await eventsOf(ivy)).map((event) => event.id)).toEqual([trip!.id, concert!.id]);

    // Mode everything: the trip becomes a task (its event goes), the completed concert stays an event.
    expect((await ivy.request("PUT", `/api/user/feeds/${feedId}`, { mode: "everything" })).json()).toMatchObject({ mode: "everything" });
    await scan();
    expect((await eventsOf(ivy)).map((event) => event.id)).toEqual([concert!.id]);
    expect((await tasksOf(ivy)).map((task) => task.title)).toEqual([ESSAY.title, "Field trip (bring lunch)"]);
    // And back: the trip is an event again, the task it was goes.
    expect((await ivy.request("PUT", `/api/user/feeds/${feedId}`, { mode: "tasks-and-events" })).statusCode).toBe(200);
    await scan();
    expect((await tasksOf(ivy)).map((task) => task.title)).toEqual([ESSAY.title]);
    expect((await eventsOf(ivy)).map((event) => event.title)).toEqual(["Winter concert", "Field trip (bring lunch)"]);
    expect((await ivy.request("PUT", `/api/user/feeds/${feedId}`, { mode: "calendar" })).json().code).toBe("server.lms_mode_invalid");
  });

  it("says what went wrong, keeps the last good import, and pauses a feed after 5 failures in a row until its address is fixed", async () => {
    feeds.routes.set("/canvas/c.ics", { body: canvasFeed([ESSAY]) });
    const carol = await student();
    const { feed } = (await carol.request("POST", "/api/user/feeds", { url: `${feeds.origin}/canvas/c.ics`, name: "Canvas" })).json();
    feeds.routes.delete("/canvas/c.ics");
    advance(11_000);
    const failed = await carol.request("POST", `/api/user/feeds/${feed.id}/refresh`);
    expect(failed.statusCode).toBe(400);
    expect(failed.json()).toMatchObject({ code: "server.lms_feed_status", message: "The feed answered 404" });
    expect((await tasksOf(carol)).map((task) => task.title)).toEqual([ESSAY.title]);

    for (let i = 0; i < 4; i++) {
      advance(31 * MINUTE);
      await scan();
    }
    const [paused] = (await carol.request("GET", "/api/user/feeds")).json();
    expect(paused).toMatchObject({ status: "paused", failures: 5, lastError: "The feed answered 404", itemCount: 1 });
    advance(31 * MINUTE);
    await scan();
    expect(feeds.requests.filter((path) => path === "/canvas/c.ics")).toHaveLength(6);
    expect((await carol.request("POST", `/api/user/feeds/${feed.id}/refresh`)).json().code).toBe("server.lms_feed_paused");

    feeds.routes.set("/canvas/d.ics", { body: canvasFeed([ESSAY, LAB]) });
    const fixed = await carol.request("PUT", `/api/user/feeds/${feed.id}`, { url: `${feeds.origin}/canvas/d.ics` });
    expect(fixed.json()).toMatchObject({ status: "active", failures: 0, lastError: null });
    await scan();
    expect((await tasksOf(carol)).map((task) => task.title)).toEqual([ESSAY.title, LAB.title]);
  });

  it("words the fetcher's refusals and refuses what is not a calendar feed, keeping nothing", async () => {
    feeds.routes.set("/page", { headers: { "content-type": "text/html" }, body: "<html>Sign in</html>" });
    const dan = await student();
    const notCalendar = await dan.request("POST", "/api/user/feeds", { url: `${feeds.origin}/page`, name: "Canvas" });
    expect(notCalendar.json()).toMatchObject({ code: "server.lms_feed_not_calendar", message: "This is not a calendar feed" });
    const loopback = await dan.request("POST", "/api/user/feeds", { url: `https://127.0.0.1:${feeds.port}/canvas/a.ics`, name: "Canvas" });
    expect(loopback.statusCode).toBe(400);
    expect(loopback.json().code).toBe("server.lms_feed_blocked");
    const metadata = await dan.request("POST", "/api/user/feeds", { url: "https://169.254.169.254/latest/meta-data", name: "x" });
    expect(metadata.json().code).toBe("server.lms_feed_blocked");
    const bad = await dan.request("POST", "/api/user/feeds", { url: "javascript:alert(1)", name: "" });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(["name", "url"]);
    expect((await dan.request("GET", "/api/user/feeds")).json()).toEqual([]);
  });

  it("imports every item with mode everything, Google's weekly series included", async () => {
    feeds.routes.set("/google/basic.ics", { body: googleClassroomFeed() });
    feeds.routes.set("/canvas/e.ics", { body: canvasFeed([ESSAY], CANVAS_CALENDAR_EVENT) });
    const erin = await student(["Biology", "History", "Spanish", "Chemistry"]);
    const google = await erin.request("POST", "/api/user/feeds", { url: `${feeds.origin}/google/basic.ics`, name: "Classroom" });
    expect(google.json().imported).toBe(4);
    const canvas = await erin.request("POST", "/api/user/feeds", {
      url: `${feeds.origin}/canvas/e.ics`,
      name: "Canvas",
      mode: "everything",
    });
    expect(canvas.json().imported).toBe(2);
    // "Biology 9 - Period 3" (Google's calendar name) and "BIO 9 - Biology" hold the class's name; the essay's course does not.
    const subjects = new Set((await tasksOf(erin)).map((task) => task.subject));
    expect(subjects).toEqual(new Set(["Biology", "ENGL 101 - English 9"]));
  });

  it("keeps each student's feeds their own", async () => {
    feeds.routes.set("/canvas/f.ics", { body: canvasFeed([ESSAY]) });
    const owner = await student();
    const other = await student();
    const { feed } = (await owner.request("POST", "/api/user/feeds", { url: `${feeds.origin}/canvas/f.ics`, name: "Canvas" })).json();
    expect((await other.request("GET", "/api/user/feeds")).json()).toEqual([]);
    expect((await other.request("PUT", `/api/user/feeds/${feed.id}`, { name: "Mine" })).statusCode).toBe(404);
    expect((await other.request("POST", `/api/user/feeds/${feed.id}/refresh`)).statusCode).toBe(404);
    expect((await other.request("DELETE", `/api/user/feeds/${feed.id}`)).statusCode).toBe(404);
    expect((await other.request("DELETE", "/api/user/feeds/abc")).statusCode).toBe(404);
    expect((await owner.request("DELETE", `/api/user/feeds/${feed.id}`)).statusCode).toBe(204);
    // The tasks it brought stay the student's.
    expect((await tasksOf(owner)).map((task) => task.title)).toEqual([ESSAY.title]);
  });

  it("allows 20 feeds per student", async () => {
    feeds.routes.set("/canvas/g.ics", { body: canvasFeed([]) });
    const gina = await student();
    for (let i = 0; i < 20; i++) {
      expect((await gina.request("POST", "/api/user/feeds", { url: `${feeds.origin}/canvas/g.ics`, name: `Feed ${i}` })).statusCode).toBe(
        201,
      );
    }
    const refused = await gina.request("POST", "/api/user/feeds", { url: `${feeds.origin}/canvas/g.ics`, name: "One more" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("server.lms_too_many_feeds");
  });

  it("imports what it can read of a feed and says how many items it left out, never a server error (decision 122)", async () => {
    const unreadable = ["BEGIN:VEVENT", "UID:event-assignment-9001", "DTSTART:2026-13-45", "SUMMARY:Broken [Art]", "END:VEVENT"];
    const badExdate = [
      "BEGIN:VEVENT",
      "UID:event-calendar-event-9002",
      "DTSTART:20261201T150000Z",
      "RRULE:FREQ=WEEKLY;COUNT=3",
      "EXDATE:2026120",
      "SUMMARY:Club",
      "END:VEVENT",
    ];
    feeds.routes.set("/canvas/partly.ics", { body: "\uFEFF" + canvasFeed([ESSAY, LAB], [...unreadable, ...badExdate]) });
    const kim = await student();
    const created = await kim.request("POST", "/api/user/feeds", { url: `${feeds.origin}/canvas/partly.ics`, name: "Canvas" });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ imported: 2, skipped: 2, feed: { itemCount: 2, lastError: null } });
    advance(11_000);
    const refreshed = await kim.request("POST", `/api/user/feeds/${created.json().feed.id}/refresh`);
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).toMatchObject({ imported: 2, skipped: 2 });
  });

  it("decodes a feed by the charset its Content-Type declares (decision 122)", async () => {
    const latin1 = fs.readFileSync(path.join(import.meta.dirname, "../test/lms-corpus/thunderbird-import-latin1.ics"));
    feeds.routes.set("/thunderbird/latin1.ics", { headers: { "content-type": "text/calendar; charset=ISO-8859-1" }, body: latin1 });
    const lea = await student();
    const created = await lea.request("POST", "/api/user/feeds", {
      url: `${feeds.origin}/thunderbird/latin1.ics`,
      name: "Thunderbird",
      mode: "everything",
    });
    expect(created.json()).toMatchObject({ imported: 4, skipped: 0 });
    expect((await tasksOf(lea)).map((task) => task.title)).toContain("Event Två");
  });

  it("records a refresh whose write fails on the feed, releases its claim, and scans on past it (decision 122)", async () => {
    // The database refuses one task's row: the write of that feed's refresh fails and rolls back.
    if (engine === "postgres") {
      await sql`create function refuse_boom() returns trigger language plpgsql as $$ begin if new.title = 'Boom' then raise exception 'boom'; end if; return new; end $$`.execute(
        t.rawDb,
      );
      await sql`create trigger refuse_boom before insert on tasks for each row execute function refuse_boom()`.execute(t.rawDb);
    } else {
      await sql`create trigger refuse_boom before insert on tasks when new.title = 'Boom' begin select raise(abort, 'boom'); end`.execute(
        t.rawDb,
      );
    }
    try {
      feeds.routes.set("/canvas/boom.ics", { body: canvasFeed([ESSAY]) });
      feeds.routes.set("/canvas/fine.ics", { body: canvasFeed([ESSAY]) });
      const mia = await student();
      const ned = await student();
      const boom = (await mia.request("POST", "/api/user/feeds", { url: `${feeds.origin}/canvas/boom.ics`, name: "Canvas" })).json().feed;
      advance(MINUTE);
      const fine = (await ned.request("POST", "/api/user/feeds", { url: `${feeds.origin}/canvas/fine.ics`, name: "Canvas" })).json().feed;
      feeds.routes.set("/canvas/boom.ics", { body: canvasFeed([ESSAY, { id: 9100, title: "Boom", course: "Art", due: "20261211" }]) });
      feeds.routes.set("/canvas/fine.ics", { body: canvasFeed([ESSAY, LAB]) });
      advance(31 * MINUTE);
      // Both are due, the failing one first: the scan refreshes the other all the same (scans run
      // until no feed is due: the earlier tests' feeds are due too, 20 a scan).
      while ((await scan()) > 0);
      expect((await tasksOf(ned)).map((task) => task.title)).toEqual([ESSAY.title, LAB.title]);
      expect((await ned.request("GET", "/api/user/feeds")).json()[0]).toMatchObject({ id: fine.id, itemCount: 2, failures: 0 });
      expect((await mia.request("GET", "/api/user/feeds")).json()[0]).toMatchObject({
        id: boom.id,
        failures: 1,
        lastError: "The feed could not be read",
        itemCount: 1,
      });
      // Its claim was released: "Refresh now" runs at once (not 409 "being refreshed").
      if (engine === "postgres") await sql`drop trigger refuse_boom on tasks`.execute(t.rawDb);
      else await sql`drop trigger refuse_boom`.execute(t.rawDb);
      const now = await mia.request("POST", `/api/user/feeds/${boom.id}/refresh`);
      expect(now.statusCode).toBe(200);
      expect(now.json()).toMatchObject({ imported: 2, feed: { failures: 0, lastError: null } });
    } finally {
      await sql`drop trigger if exists refuse_boom${engine === "postgres" ? sql` on tasks` : sql``}`.execute(t.rawDb);
      if (engine === "postgres") await sql`drop function if exists refuse_boom()`.execute(t.rawDb);
    }
  });

  describe("two instances on one database", () => {
    let second: TestApp;
    beforeAll(async () => {
      second = await buildTestApp(engine, { env: { IMPORT_ALLOWED_ORIGINS: feeds.origin }, clock: () => now, database: t.config.database });
    });
    afterAll(async () => {
      await second?.close();
    });

    it("refreshing at once import each feed once", async () => {
      feeds.routes.set("/canvas/h.ics", { body: canvasFeed([ESSAY]) });
      const hal = await student();
      const { feed } = (await hal.request("POST", "/api/user/feeds", { url: `${feeds.origin}/canvas/h.ics`, name: "Canvas" })).json();
      feeds.routes.set("/canvas/h.ics", { body: canvasFeed([ESSAY, LAB, QUIZ]) });
      advance(31 * MINUTE);
      const before = feeds.requests.filter((path) => path === "/canvas/h.ics").length;
      // Both instances scan at once until no feed is due (a scan claims 20 at most).
      for (;;) {
        const counts = await Promise.all([t.services.lmsFeeds.scanOnce(), second.services.lmsFeeds.scanOnce()]);
        if (counts[0] + counts[1] === 0) break;
      }
      await t.services.changeFeed.settle();
      expect(feeds.requests.filter((path) => path === "/canvas/h.ics").length - before).toBe(1);
      expect((await tasksOf(hal)).map((task) => task.title)).toEqual([ESSAY.title, LAB.title, QUIZ.title]);
      const [row] = (await hal.request("GET", "/api/user/feeds")).json();
      expect(row).toMatchObject({ id: feed.id, itemCount: 3 });
    });
  });
});
