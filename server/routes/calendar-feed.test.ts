import net from "node:net";
import { Temporal } from "temporal-polyfill";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expandEvents } from "../../core/calendar/recurrence";
import type { CalendarEvent } from "../../core/schemas/event";
import { INVALID_HOST } from "../http/request-context";
import { buildTestApp, describeEachEngine, TestClient, type TestApp } from "../test/harness";
import { refusal } from "../test/refusal";
import { AB_SCHEDULE } from "../test/school-fixtures";

// rrule-temporal reads the global Temporal (Node 20 has none yet).
(globalThis as unknown as { Temporal: unknown }).Temporal = Temporal;
const { RRuleTemporal } = await import("rrule-temporal");

const FROM = "2027-01-01";
const TO = "2028-12-31";

/** Every kind of series of the recurrence tests, with exceptions, a changed occurrence and a split. */
const SERIES: Record<string, unknown>[] = [
  { title: "Daily", date: "2027-01-04", time: "07:15", recurring: "daily" },
  {
    title: "Daily school days",
    date: "2027-01-04",
    time: "08:00",
    recurring: "daily",
    customDays: ["monday", "tuesday", "wednesday", "thursday", "friday"],
  },
  {
    title: "Weekly Tue Thu",
    date: "2027-01-05",
    time: "16:30",
    recurring: "weekly",
    customDays: ["tuesday", "thursday"],
    customEndDate: "2028-06-30",
  },
  { title: "Weekly from a Wednesday on Mondays", date: "2027-01-06", time: "12:00", recurring: "weekly", customDays: ["monday"] },
  { title: "Every other week", date: "2027-01-07", time: "18:00", recurring: "biweekly", customDays: ["monday", "thursday"] },
  { title: "Monthly 1 and 31", date: "2027-01-01", time: "09:30", recurring: "monthly", customDays: ["1", "31"] },
  { title: "Monthly same date", date: "2027-01-30", time: "23:30", recurring: "monthly", customWhenToRepeat: "same-date" },
  { title: "First Mon and Wed", date: "2027-01-01", time: "10:00", recurring: "first-monthly", customDays: ["monday", "wednesday"] },
  { title: "Second Friday", date: "2027-01-01", time: "10:00", recurring: "second-monthly", customDays: ["friday"] },
  { title: "Third Tuesday", date: "2027-01-01", time: "00:30", recurring: "third-monthly", customDays: ["tuesday"] },
  { title: "Fourth Thursday", date: "2027-01-01", time: "14:00", recurring: "fourth-monthly", customDays: ["thursday"] },
  { title: "Last Sunday", date: "2027-01-01", time: "01:30", recurring: "last-monthly", customDays: ["sunday"] },
  { title: "Leap day", date: "2028-02-29", time: "12:00", recurring: "yearly" },
  { title: "All-day weekly", date: "2027-01-08", recurring: "weekly", customDays: ["friday"] },
  { title: "All-day monthly ending", date: "2027-01-15", recurring: "monthly", customDays: ["15"], customEndDate: "2027-11-15" },
  { title: "One-off timed", date: "2027-03-14", time: "09:00" },
  { title: "One-off all day", date: "2027-05-01" },
];

/** "date time title" for each occurrence the feed describes, expanded by ical.js + rrule-temporal. */
function occurrencesOfFeed(text: string, timeZone: string): string[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const out = new Map<string, Set<string>>();
  const overrides: { uid: string; recurrenceId: string; line: string }[] = [];
  const wall = (time: ICAL.Time) =>
    time.isDate ? `${time.toString()} all-day` : `${time.toString().slice(0, 10)} ${time.toString().slice(11, 16)}`;
  for (const vevent of calendar.getAllSubcomponents("vevent")) {
    const uid = String(vevent.getFirstPropertyValue("uid"));
    if (uid.startsWith("task-")) continue;
    const title = String(vevent.getFirstPropertyValue("summary"));
    const start = vevent.getFirstPropertyValue("dtstart") as ICAL.Time;
    const tzid = vevent.getFirstProperty("dtstart")!.getParameter("tzid");
    if (tzid) expect(tzid).toBe(timeZone);
    const recurrenceId = vevent.getFirstPropertyValue("recurrence-id") as ICAL.Time | null;
    if (recurrenceId) {
      overrides.push({ uid, recurrenceId: wall(recurrenceId), line: `${wall(start)} ${title}` });
      continue;
    }
    const set = out.get(uid) ?? new Set<string>();
    out.set(uid, set);
    const rrule = vevent.getFirstProperty("rrule");
    if (!rrule) {
      set.add(`${wall(start)} ${title}`);
      continue;
    }
    const lines = [
      vevent.getFirstProperty("dtstart")!.toICALString(),
      rrule.toICALString(),
      ...vevent.getAllProperties("exdate").map((p) => p.toICALString()),
    ];
    const rule = new RRuleTemporal({ rruleString: lines.join("\n") });
    const after = Temporal.ZonedDateTime.from(`${FROM}T00:00:00[UTC]`).subtract({ days: 2 });
    const before = Temporal.ZonedDateTime.from(`${TO}T23:59:59[UTC]`).add({ days: 2 });
    for (const occurrence of rule.between(after as never, before as never, true)) {
      const local = occurrence.withTimeZone(start.isDate ? "UTC" : timeZone);
      const date = local.toPlainDate().toString();
      set.add(start.isDate ? `${date} all-day ${title}` : `${date} ${local.toPlainTime().toString().slice(0, 5)} ${title}`);
    }
  }
  for (const o of overrides) {
    const set = out.get(o.uid)!;
    const replaced = [...set].find((line) => line.startsWith(o.recurrenceId));
    expect(replaced, `${o.uid} overrides ${o.recurrenceId}, an occurrence of its series`).toBeDefined();
    set.delete(replaced!);
    set.add(o.line);
  }
  return [...out.values()]
    .flatMap((set) => [...set])
    .filter((line) => line.slice(0, 10) >= FROM && line.slice(0, 10) <= TO)
    .sort();
}

function occurrencesOfApp(events: CalendarEvent[]): string[] {
  return expandEvents(events, FROM, TO)
    .map((o) => `${o.date} ${o.time ?? "all-day"} ${o.title}`)
    .sort();
}

async function seedSeries(client: TestClient) {
  const ids: number[] = [];
  for (const body of SERIES) {
    const res = await client.request("POST", "/api/events", body);
    expect(res.statusCode, `${body.title}: ${res.body}`).toBe(201);
    ids.push(res.json().id);
  }
  const weekly = ids[2]!;
  // An exception, a changed occurrence, and a split "this and future".
  await client.request("POST", `/api/events/${weekly}/exception`, { exceptionDate: "2027-01-07" });
  const series = (await client.request("GET", `/api/events/${weekly}`)).json();
  expect(
    (
      await client.request("PUT", `/api/events/SINGLE_INSTANCE_${weekly}_2027-01-12`, {
        ...series,
        date: "2027-01-13",
        time: "17:45",
        title: "Moved",
      })
    ).statusCode,
  ).toBe(200);
  const daily = (await client.request("GET", `/api/events/${ids[1]}`)).json();
  expect(
    (await client.request("PUT", `/api/events/FUTURE_SERIES_${ids[1]}_2027-09-06`, { ...daily, date: "2027-09-06", time: "08:30" }))
      .statusCode,
  ).toBe(200);
  const allDay = ids[13]!;
  await client.request("POST", `/api/events/${allDay}/exception`, { exceptionDate: "2027-02-05" });
  await client.request("POST", `/api/events/${ids[14]}/exception`, { exceptionDate: "2027-03-15" });
  await client.request("POST", "/api/tasks", { title: "Essay", dueDate: "2027-02-01" });
  await client.request("POST", "/api/tasks", { title: "Done", dueDate: "2027-02-01", completed: true });
}

describe("the calendar feed, read by an independent reader, has the app's dates", () => {
  for (const zone of ["America/New_York", "Europe/London", "Australia/Sydney", "Asia/Kolkata"]) {
    describe(zone, () => {
      let t: TestApp;
      beforeAll(async () => {
        t = await buildTestApp("sqlite", { env: { APP_TIME_ZONE: zone } });
      });
      afterAll(async () => {
        await t.close();
      });

      it("over two years, for every kind of series, with exceptions, a changed occurrence and a split", async () => {
        const client = new TestClient(t.app);
        await client.register();
        await seedSeries(client);
        const { url } = (await client.request("POST", "/api/calendar-feed")).json();
        const feed = await t.app.inject({ method: "GET", url: new URL(url).pathname });
        expect(feed.statusCode).toBe(200);
        const events = (await client.request("GET", "/api/events")).json() as CalendarEvent[];
        // A wall time a DST change skips (01:30 on London's last Sunday of March) is in the feed as
        // RFC 5545 has it, but rrule-temporal drops such an instance instead of moving it past the
        // gap: those are the only lines compared by their absence.
        const exists = (line: string) => {
          const time = line.slice(11, 16);
          if (time === "all-d") return true;
          const local = Temporal.PlainDateTime.from(`${line.slice(0, 10)}T${time}`);
          return local.toZonedDateTime(zone).toPlainDateTime().equals(local);
        };
        const expected = occurrencesOfApp(events).filter(exists);
        expect(expected.length).toBeGreaterThan(1500);
        expect(occurrencesOfFeed(feed.body, zone)).toEqual(expected);
        expect(feed.body).toContain(`BEGIN:VTIMEZONE\r\nTZID:${zone}`);
        expect(feed.body).toMatch(/SUMMARY:Due: Essay/);
        expect(feed.body).not.toMatch(/SUMMARY:Due: Done/);
      });
    });
  }
});

describeEachEngine("calendar feed API", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { PUBLIC_URL: "https://hub.lincoln.example" } });
  });
  afterAll(async () => {
    await t.close();
  });

  const path = (url: string) => new URL(url).pathname;

  it("is off until turned on; on, it answers an absolute URL under PUBLIC_URL with a 256-bit token", async () => {
    const client = new TestClient(t.app);
    await client.register();
    expect((await client.request("GET", "/api/calendar-feed")).json()).toEqual({ enabled: false, url: null });
    const on = (await client.request("POST", "/api/calendar-feed")).json();
    expect(on.url).toMatch(/^https:\/\/hub\.lincoln\.example\/feed\/[\w-]{43}\.ics$/);
    expect((await client.request("GET", "/api/calendar-feed")).json()).toEqual(on);
    // Only the token's hash is stored.
    const token = path(on.url).slice(6, -4);
    const stored = JSON.stringify(await t.db.selectFrom("calendar_feeds").selectAll().execute());
    expect(stored).not.toContain(token);
  });

  it("Reset ends the old address at once; off ends it too; wrong tokens are a plain 404", async () => {
    const client = new TestClient(t.app);
    await client.register();
    const first = (await client.request("POST", "/api/calendar-feed")).json().url;
    expect((await t.app.inject({ method: "GET", url: path(first) })).statusCode).toBe(200);
    const second = (await client.request("POST", "/api/calendar-feed")).json().url;
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: "GET", url: path(first) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: path(second) })).statusCode).toBe(200);
    expect((await client.request("DELETE", "/api/calendar-feed")).json()).toEqual({ enabled: false, url: null });
    expect((await t.app.inject({ method: "GET", url: path(second) })).statusCode).toBe(404);
    for (const wrong of ["/feed/nope.ics", `/feed/${"a".repeat(43)}.ics`, "/feed/x"]) {
      const res = await t.app.inject({ method: "GET", url: wrong });
      expect([res.statusCode, res.json()]).toEqual([404, { message: "Not found", code: "server.not_found" }]);
    }
    expect((await t.app.inject({ method: "POST", url: path(second) })).statusCode).toBe(404);
  });

  it("answers 304 to an unchanged ETag, a new ETag after a change, and asks calendar apps to poll politely", async () => {
    const client = new TestClient(t.app);
    await client.register();
    const url = path((await client.request("POST", "/api/calendar-feed")).json().url);
    const first = await t.app.inject({ method: "GET", url });
    expect(first.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(first.headers["cache-control"]).toBe("private, max-age=900");
    const etag = String(first.headers.etag);
    expect((await t.app.inject({ method: "GET", url, headers: { "if-none-match": etag } })).statusCode).toBe(304);
    await client.request("POST", "/api/events", { title: "New", date: "2027-01-01" });
    const after = await t.app.inject({ method: "GET", url, headers: { "if-none-match": etag } });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain("SUMMARY:New");
    const event = (await client.request("GET", "/api/events")).json()[0];
    await client.request("PUT", `/api/events/${event.id}`, { ...event, title: "Renamed" });
    const renamed = (await t.app.inject({ method: "GET", url })).body;
    // The kept render of the feed follows the change.
    expect(renamed).toContain("SUMMARY:Renamed");
    expect(renamed).not.toContain("SUMMARY:New");
  });

  it("never shows another user's data, and the same calendar downloads as export.ics", async () => {
    const mine = new TestClient(t.app);
    await mine.register();
    await mine.request("POST", "/api/events", { title: "Mine", date: "2027-01-01" });
    const theirs = new TestClient(t.app);
    await theirs.register();
    await theirs.request("POST", "/api/events", { title: "Theirs", date: "2027-01-01" });
    const feed = (await t.app.inject({ method: "GET", url: path((await mine.request("POST", "/api/calendar-feed")).json().url) })).body;
    expect(feed).toContain("SUMMARY:Mine");
    expect(feed).not.toContain("Theirs");
    const download = await mine.request("GET", "/api/user/export.ics");
    expect(download.headers["content-disposition"]).toMatch(/^attachment; filename="student-hub-\d{4}-\d{2}-\d{2}\.ics"$/);
    expect(download.body).toContain("SUMMARY:Mine");
  });

  it("writes the feed and export.ics in the owner's language, and a change of language changes the ETag (decision 109)", async () => {
    const client = new TestClient(t.app);
    await client.register();
    await client.request("POST", "/api/tasks", { title: "Ensayo", dueDate: "2027-01-05" });
    await client.request("POST", "/api/events", { title: "Química", date: "2027-01-06", time: "09:00", eventType: "exam" });
    const url = path((await client.request("POST", "/api/calendar-feed")).json().url);
    const english = await t.app.inject({ method: "GET", url });
    expect(english.body).toContain("SUMMARY:Due: Ensayo");
    expect(english.body).toContain("CATEGORIES:Exam");
    expect(english.body).toContain("PRODID:-//Student Hub//Calendar feed//EN");

    await client.request("PUT", "/api/user/preferences", { locale: "es" });
    // A calendar app revalidating its English copy gets the Spanish one.
    const spanish = await t.app.inject({ method: "GET", url, headers: { "if-none-match": String(english.headers.etag) } });
    expect(spanish.statusCode).toBe(200);
    expect(spanish.headers.etag).not.toBe(english.headers.etag);
    for (const body of [spanish.body, (await client.request("GET", "/api/user/export.ics")).body]) {
      expect(body).toContain("SUMMARY:Entrega: Ensayo");
      expect(body).toContain("CATEGORIES:Examen");
      expect(body).toContain("X-WR-CALNAME:Student Hub");
      expect(body).toContain("PRODID:-//Student Hub//Calendar feed//ES");
      expect(body).not.toMatch(/Due:|CATEGORIES:Exam\r/);
    }
    // A wrong token is refused in the visitor's language, with the same code as in English.
    const missing = await t.app.inject({ method: "GET", url: "/feed/nope.ics", headers: { "accept-language": "es" } });
    expect([missing.statusCode, missing.json()]).toEqual([404, { message: "No se encontró", code: "server.not_found" }]);
  });
});

describeEachEngine("calendar feed without PUBLIC_URL", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(() => t.close());

  it("names the request's own origin, and answers 400 to a missing or unreadable Host, never 500", async () => {
    const student = new TestClient(t.app);
    await student.register();
    await student.request("POST", "/api/events", { title: "Mine", date: "2027-01-01" });
    const turnedOn = await student.request("POST", "/api/calendar-feed", undefined, { host: "hub.school.example" });
    const url = new URL(turnedOn.json().url);
    expect(url.origin).toBe("http://hub.school.example");
    const feedPath = url.pathname;
    expect((await t.app.inject({ method: "GET", url: feedPath, headers: { host: "hub.school.example" } })).body).toContain("UID:event-");
    for (const host of ["bad host", "[::1", "a@b:c"]) {
      const feed = await t.app.inject({ method: "GET", url: feedPath, headers: { host } });
      expect([feed.statusCode, feed.json()], `feed, Host ${JSON.stringify(host)}`).toEqual([400, refusal(INVALID_HOST)]);
      const download = await student.request("GET", "/api/user/export.ics", undefined, { host });
      expect([download.statusCode, download.json()], `export.ics, Host ${JSON.stringify(host)}`).toEqual([400, refusal(INVALID_HOST)]);
    }
    // No Host at all: HTTP/1.0 allows it, and only a real connection can leave it out (inject adds one).
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = new URL(address);
    const withoutHost = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), "127.0.0.1", () => socket.write(`GET ${feedPath} HTTP/1.0\r\n\r\n`));
      let answer = "";
      socket.on("data", (chunk) => (answer += chunk));
      socket.on("end", () => resolve(answer));
      socket.on("error", reject);
    });
    expect(withoutHost.split("\r\n")[0]).toMatch(/^HTTP\/1\.[01] 400 /);
    expect(withoutHost).toContain(JSON.stringify(refusal(INVALID_HOST)));
  });
});

/** Each VEVENT of a feed by UID: its summary, categories, start, end and rule as ical.js reads them. */
function veventsByUid(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const byUid = new Map<
    string,
    {
      summary: string;
      categories: string[];
      start: string;
      end: string | null;
      rrule: string | null;
      tzid: string | null;
      sequence: number;
    }
  >();
  for (const vevent of calendar.getAllSubcomponents("vevent")) {
    const end = vevent.getFirstPropertyValue("dtend") as ICAL.Time | null;
    byUid.set(String(vevent.getFirstPropertyValue("uid")), {
      summary: String(vevent.getFirstPropertyValue("summary")),
      categories: vevent.getAllProperties("categories").flatMap((p) => p.getValues().map(String)),
      start: (vevent.getFirstPropertyValue("dtstart") as ICAL.Time).toString(),
      end: end ? end.toString() : null,
      rrule: vevent.getFirstProperty("rrule")?.toICALString() ?? null,
      tzid: (vevent.getFirstProperty("dtstart")!.getParameter("tzid") as string | undefined) ?? null,
      sequence: Number(vevent.getFirstPropertyValue("sequence") ?? 0),
    });
  }
  return byUid;
}

describeEachEngine("the school's events and days off in the calendar feed", (engine) => {
  const PASSCODE = "K7QM";
  const HOST = "hub.lincoln.example";
  // Today is 2027-01-10 in the school's zone: the school's window is 2026-01-01 … 2028-12-31.
  let now = new Date("2027-01-10T15:00:00Z");
  let t: TestApp;
  let staff: TestClient;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { ADMIN_PASSCODE: PASSCODE, PUBLIC_URL: `https://${HOST}` }, clock: () => now });
    staff = new TestClient(t.app);
    const { user } = await staff.register();
    await t.db.updateTable("users").set({ is_admin: 1 }).where("id", "=", user.id).execute();
    expect((await staff.request("POST", "/api/admin/login", { passcode: PASSCODE })).statusCode).toBe(200);
    await staff.refreshCsrf();
    expect((await staff.request("PUT", "/api/admin/school/schedule", AB_SCHEDULE)).statusCode).toBe(200);
    for (const [key, body] of Object.entries({
      delay: { title: "Ice delay", date: "2027-01-13", eventType: "delay", alternateId: "delay" },
      assembly: { title: "Assembly", description: "Gym, all grades", date: "2027-01-14", time: "12:30", eventType: "custom" },
      break: { title: "Winter break", date: "2027-12-20", endDate: "2027-12-31", eventType: "custom" },
      exams: { title: "Exam week", date: "2027-06-07", endDate: "2027-06-10", time: "08:00", eventType: "exam" },
      longAgo: { title: "Long ago", date: "2025-12-31", eventType: "custom" },
      farAhead: { title: "Far ahead", date: "2029-01-01", eventType: "custom" },
    })) {
      const res = await staff.request("POST", "/api/admin/school/events", body);
      expect(res.statusCode, res.body).toBe(201);
      ids[key] = res.json().id;
    }
  });
  afterAll(() => t.close());

  async function studentFeed(ownSchedule?: unknown) {
    const client = new TestClient(t.app);
    await client.register();
    if (ownSchedule) expect((await client.request("PUT", "/api/user/schedule", ownSchedule)).statusCode).toBe(200);
    const url = new URL((await client.request("POST", "/api/calendar-feed")).json().url).pathname;
    return { client, url };
  }

  it("has the school's events, and the school's days off for a student who follows its schedule", async () => {
    const { client, url } = await studentFeed();
    // The student's own event with the same number as a school event keeps its own UID.
    await t.db.deleteFrom("events").execute();
    await client.request("POST", "/api/events", { title: "Mine", date: "2027-01-14" });
    const feed = await t.app.inject({ method: "GET", url });
    expect(feed.statusCode).toBe(200);
    const vevents = veventsByUid(feed.body);
    const school = (key: string) => vevents.get(`school-event-${ids[key]}@${HOST}`);

    // All day on one date: DTEND the next day, as every all-day member is written.
    expect(school("delay")).toMatchObject({
      summary: "Ice delay",
      categories: ["School", "2-Hour Delay"],
      start: "2027-01-13",
      end: "2027-01-14",
    });
    expect(school("assembly")).toMatchObject({
      summary: "Assembly",
      categories: ["School", "Custom Event"],
      start: "2027-01-14T12:30:00",
      end: "2027-01-14T13:30:00",
      tzid: "America/New_York",
      rrule: null,
    });
    // All day across its dates (DTEND the day after the last), or at its time on each of its dates.
    expect(school("break")).toMatchObject({
      summary: "Winter break",
      categories: ["School", "Custom Event"],
      start: "2027-12-20",
      end: "2028-01-01",
    });
    expect(school("exams")).toMatchObject({ start: "2027-06-07T08:00:00", rrule: "RRULE:FREQ=DAILY;UNTIL=20270611T035900Z" });
    expect(feed.body).toContain("DESCRIPTION:Gym\\, all grades");
    // Outside the window a calendar app shows: not written.
    expect(school("longAgo")).toBeUndefined();
    expect(school("farAhead")).toBeUndefined();

    expect(vevents.get(`day-off-2027-01-18-2027-01-18@${HOST}`)).toMatchObject({
      summary: "No school: MLK Day",
      start: "2027-01-18",
      end: "2027-01-19",
      categories: [],
    });
    const mine = [...vevents].filter(([, v]) => v.summary === "Mine").map(([uid]) => uid);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatch(new RegExp(`^event-\\d+@${HOST.replaceAll(".", "\\.")}$`));
    expect([...vevents.keys()].filter((uid) => uid.startsWith("school-event-") || uid.startsWith("day-off-"))).toHaveLength(5);
  });

  it("has the days off of the student's own schedule while they follow it, and the school's events still", async () => {
    const own = {
      schoolDays: ["monday", "tuesday", "wednesday", "thursday", "friday"],
      daysOff: [{ from: "2027-02-15", to: "2027-02-19", label: "Ski week" }],
    };
    const { client, url } = await studentFeed(own);
    expect((await client.request("GET", "/api/user/preferences")).json().scheduleSource).toBe("mine");
    const first = await t.app.inject({ method: "GET", url });
    let uids = [...veventsByUid(first.body).keys()];
    expect(uids).toContain(`day-off-2027-02-15-2027-02-19@${HOST}`);
    expect(uids).not.toContain(`day-off-2027-01-18-2027-01-18@${HOST}`);
    expect(uids).toContain(`school-event-${ids.delay}@${HOST}`);
    expect(veventsByUid(first.body).get(`day-off-2027-02-15-2027-02-19@${HOST}`)).toMatchObject({
      summary: "No school: Ski week",
      start: "2027-02-15",
      end: "2027-02-20",
    });

    // Choosing the school's schedule: a new ETag, and the school's days off instead.
    await client.request("PUT", "/api/user/preferences", { scheduleSource: "school" });
    const chose = await t.app.inject({ method: "GET", url, headers: { "if-none-match": String(first.headers.etag) } });
    expect(chose.statusCode).toBe(200);
    uids = [...veventsByUid(chose.body).keys()];
    expect(uids).toContain(`day-off-2027-01-18-2027-01-18@${HOST}`);
    expect(uids).not.toContain(`day-off-2027-02-15-2027-02-19@${HOST}`);
  });

  it("moves its ETag when staff publish, and the kept render follows: 304 turns into 200", async () => {
    const { url } = await studentFeed();
    const first = await t.app.inject({ method: "GET", url });
    let etag = String(first.headers.etag);
    const again = async () => {
      const res = await t.app.inject({ method: "GET", url, headers: { "if-none-match": etag } });
      etag = String(res.headers.etag);
      return res;
    };
    expect((await again()).statusCode).toBe(304);

    const added = await staff.request("POST", "/api/admin/school/events", {
      title: "Science fair",
      date: "2027-03-04",
      eventType: "custom",
    });
    const afterEvent = await again();
    expect(afterEvent.statusCode).toBe(200);
    expect(afterEvent.body).toContain("SUMMARY:Science fair");
    expect((await again()).statusCode).toBe(304);

    await staff.request("PUT", `/api/admin/school/events/${added.json().id}`, {
      title: "Science night",
      date: "2027-03-04",
      eventType: "custom",
    });
    const renamed = await again();
    expect(renamed.statusCode).toBe(200);
    expect(renamed.body).toContain("SUMMARY:Science night");
    expect(renamed.body).not.toContain("Science fair");

    const daysOff = [...AB_SCHEDULE.daysOff, { from: "2027-02-15", to: "2027-02-16", label: "Presidents' Day" }];
    await staff.request("PUT", "/api/admin/school/schedule", { ...AB_SCHEDULE, daysOff });
    const afterPublish = await again();
    expect(afterPublish.statusCode).toBe(200);
    const offs = veventsByUid(afterPublish.body);
    expect(offs.get(`day-off-2027-02-15-2027-02-16@${HOST}`)).toMatchObject({ summary: "No school: Presidents' Day" });
    // Each publish raises the days off' SEQUENCE.
    expect(offs.get(`day-off-2027-01-18-2027-01-18@${HOST}`)!.sequence).toBeGreaterThan(
      veventsByUid(first.body).get(`day-off-2027-01-18-2027-01-18@${HOST}`)!.sequence,
    );

    await staff.request("DELETE", `/api/admin/school/events/${added.json().id}`);
    const afterDelete = await again();
    expect(afterDelete.statusCode).toBe(200);
    expect(afterDelete.body).not.toContain("Science night");
    await staff.request("PUT", "/api/admin/school/schedule", AB_SCHEDULE);
  });

  it("moves its window, and its ETag, at the start of each month", async () => {
    const { url } = await studentFeed();
    const january = await t.app.inject({ method: "GET", url });
    expect(january.body).not.toContain("SUMMARY:Far ahead");
    now = new Date("2027-02-01T05:30:00Z"); // 00:30 on 1 February in New York
    try {
      const february = await t.app.inject({ method: "GET", url, headers: { "if-none-match": String(january.headers.etag) } });
      expect(february.statusCode).toBe(200);
      expect(february.body).toContain("SUMMARY:Far ahead");
    } finally {
      now = new Date("2027-01-10T15:00:00Z");
    }
  });

  it("words the school's parts in the owner's language, in the feed and in export.ics", async () => {
    const { client, url } = await studentFeed();
    await client.request("PUT", "/api/user/preferences", { locale: "es" });
    for (const body of [(await t.app.inject({ method: "GET", url })).body, (await client.request("GET", "/api/user/export.ics")).body]) {
      const vevents = veventsByUid(body);
      expect(vevents.get(`day-off-2027-01-18-2027-01-18@${HOST}`)!.summary).toBe("Sin clases: MLK Day");
      expect(vevents.get(`school-event-${ids.delay}@${HOST}`)!.categories).toEqual(["Escuela", "Retraso de 2 horas"]);
    }
  });
});
