import { afterAll, beforeAll, expect, it } from "vitest";
import ICAL from "ical.js";
import { createDAVClient } from "tsdav";
import { buildTestApp, describeEachEngine, TestClient, type TestApp } from "./test/harness";

/**
 * The CalDAV server's doors (issue 52): discovery from the bare server address with a device
 * password, the student's three calendars, their change tags, and every refusal, driven by tsdav,
 * a CalDAV client written elsewhere, over a real socket.
 */
describeEachEngine("CalDAV: discovery and sign-in", (engine) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp(engine, { authRateLimits: undefined });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });
  afterAll(() => t.close());

  /** A student with a device password made in Settings (the API), as a calendar app is given them. */
  async function connected(name = "Maya's iPhone") {
    const client = new TestClient(t.app);
    const { user } = await client.register();
    const made = (await client.request("POST", "/api/user/device-passwords", { name })).json();
    return {
      client,
      id: user.id as number,
      username: made.username as string,
      password: made.password as string,
      passwordId: made.id as number,
    };
  }
  /** A CalDAV client written elsewhere (tsdav), given the server's bare address as a student types it. */
  const davClientOf = (username: string, password: string) =>
    createDAVClient({ serverUrl: `${base}/`, credentials: { username, password }, authMethod: "Basic", defaultAccountType: "caldav" });
  const basic = (username: string, password: string) => `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`;
  const dav = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    fetch(`${base}${path}`, { redirect: "manual", ...init });

  it("is found from the server's bare address and lists the events, tasks and school calendars", async () => {
    const { username, password, id } = await connected();
    const client = await davClientOf(username, password);
    const calendars = await client.fetchCalendars();
    expect(calendars.map((c) => [c.url, c.displayName, c.components])).toEqual([
      [`${base}/dav/calendars/${id}/events/`, "Student Hub", ["VEVENT"]],
      [`${base}/dav/calendars/${id}/tasks/`, "Student Hub tasks", ["VTODO"]],
      [`${base}/dav/calendars/${id}/school/`, "School (Student Hub)", ["VEVENT"]],
    ]);
    expect(calendars.every((c) => typeof c.ctag === "string" && c.syncToken)).toBe(true);
  });

  it("moves the events' and tasks' change tag with a change made in the app, on whichever calendar it is read", async () => {
    const { client, username, password } = await connected();
    const dav = await davClientOf(username, password);
    const before = await dav.fetchCalendars();
    await client.request("POST", "/api/tasks", { title: "Essay" });
    const after = await dav.fetchCalendars();
    expect(after[0]!.ctag).not.toBe(before[0]!.ctag);
    expect(after[1]!.ctag).not.toBe(before[1]!.ctag);
    expect(after[1]!.syncToken).not.toBe(before[1]!.syncToken);
    // The school's calendar moves with the school, not with the student's tasks.
    expect(after[2]!.ctag).toBe(before[2]!.ctag);
  });

  it("answers the well-known address, OPTIONS and a Depth 0 PROPFIND as the RFCs say", async () => {
    const { username, password, id } = await connected();
    const wellKnown = await dav("/.well-known/caldav", { method: "PROPFIND" });
    expect([wellKnown.status, wellKnown.headers.get("location")]).toEqual([301, "/dav/"]);
    const options = await dav("/dav/", { method: "OPTIONS" });
    expect(options.headers.get("dav")).toBe("1, 3, calendar-access");
    const propfind = await dav(`/dav/calendars/${id}/tasks/`, {
      method: "PROPFIND",
      headers: {
        authorization: basic(username, password),
        depth: "0",
        "content-type": "application/xml",
      },
      body: `<?xml version="1.0"?><D:propfind xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><D:displayname/><C:supported-calendar-component-set/><D:quota-used-bytes/></D:prop></D:propfind>`,
    });
    expect(propfind.status).toBe(207);
    expect(propfind.headers.get("cache-control")).toBe("private, no-cache");
    expect(propfind.headers.get("set-cookie")).toBeNull();
    const body = await propfind.text();
    expect(body).toContain("<d:displayname>Student Hub tasks</d:displayname>");
    expect(body).toContain('<c:comp name="VTODO"/>');
    // A property it does not have is listed as such.
    expect(body).toMatch(/<d:propstat><d:prop><d:quota-used-bytes\/><\/d:prop><d:status>HTTP\/1.1 404 Not Found<\/d:status><\/d:propstat>/);
  });

  it("refuses no credentials, the account password, a wrong or revoked device password, another student's calendars, a web page's request and bad XML", async () => {
    const maya = await connected();
    const sam = await connected();
    const propfind = (path: string, authorization?: string, extra: Record<string, string> = {}, body = "") =>
      dav(path, { method: "PROPFIND", headers: { depth: "0", ...(authorization ? { authorization } : {}), ...extra }, body });
    const none = await propfind("/dav/");
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toBe('Basic realm="Student Hub", charset="UTF-8"');
    expect((await none.json()).code).toBe("caldav.sign_in_needed");
    // The account's own password is never a calendar app's.
    expect((await propfind("/dav/", basic(maya.username, "Str0ng-Pa55word!"))).status).toBe(401);
    expect((await propfind("/dav/", basic(maya.username, "abcd-efgh-jkmn-pqrs"))).status).toBe(401);
    // Sam's password with Maya's address: no.
    expect((await propfind("/dav/", basic(maya.username, sam.password))).status).toBe(401);
    // Typed without its dashes, in capitals: the same password.
    expect((await propfind("/dav/", basic(maya.username, maya.password.replaceAll("-", "").toUpperCase()))).status).toBe(207);
    expect((await propfind(`/dav/calendars/${sam.id}/events/`, basic(maya.username, maya.password))).status).toBe(404);
    expect((await propfind(`/dav/principals/${sam.id}/`, basic(maya.username, maya.password))).status).toBe(404);
    const page = await propfind("/dav/", basic(maya.username, maya.password), { origin: "https://evil.example" });
    expect([page.status, (await page.json()).code]).toEqual([403, "caldav.origin_refused"]);
    const bad = await propfind("/dav/", basic(maya.username, maya.password), { "content-type": "application/xml" }, "<propfind><prop>");
    expect([bad.status, (await bad.json()).code]).toEqual([400, "caldav.bad_xml"]);

    // Revoked in Settings: refused from the next request on.
    expect((await maya.client.request("DELETE", `/api/user/device-passwords/${maya.passwordId}`)).statusCode).toBe(204);
    expect((await propfind("/dav/", basic(maya.username, maya.password))).status).toBe(401);
  });

  it("records a device password's last use, and counts wrong passwords toward the sign-in limits", async () => {
    const { client, username, password } = await connected();
    expect((await dav("/dav/", { method: "PROPFIND", headers: { depth: "0", authorization: basic(username, password) } })).status).toBe(
      207,
    );
    const [listed] = (await client.request("GET", "/api/user/device-passwords")).json();
    expect(listed.lastUsedAt).not.toBeNull();
    let status = 0;
    for (let i = 0; i < 30 && status !== 429; i++) {
      status = (await dav("/dav/", { method: "PROPFIND", headers: { depth: "0", authorization: basic(username, `wrong-${i}`) } })).status;
    }
    expect(status).toBe(429);
  });

  /** A student's week: tasks done and not, dated and not; a weekly practice with a removed and a moved date; a one-off exam. */
  async function withWork() {
    const who = await connected();
    const api = who.client;
    const essay = (
      await api.request("POST", "/api/tasks", {
        title: "Essay, draft 2",
        subject: "English",
        dueDate: "2026-12-01",
        dueTime: "08:15",
        priority: "high",
      })
    ).json();
    const lab = (await api.request("POST", "/api/tasks", { title: "Lab report", dueDate: "2026-12-20" })).json();
    await api.request("PUT", `/api/tasks/${lab.id}`, { completed: true });
    const someday = (await api.request("POST", "/api/tasks", { title: "Read a novel" })).json();
    const practice = (
      await api.request("POST", "/api/events", {
        title: "Practice",
        date: "2026-11-30",
        time: "16:00",
        endTime: "17:30",
        recurring: "weekly",
        customDays: ["monday", "wednesday"],
        customEndDate: "2026-12-31",
      })
    ).json();
    expect((await api.request("POST", `/api/events/${practice.id}/exception`, { exceptionDate: "2026-12-02" })).statusCode).toBe(201);
    const moved = await api.request("PUT", `/api/events/SINGLE_INSTANCE_${practice.id}_2026-12-07`, {
      ...practice,
      date: "2026-12-08",
      time: "17:00",
    });
    expect(moved.statusCode, moved.body).toBeLessThan(300);
    const exam = (
      await api.request("POST", "/api/events", { title: "Chemistry exam", date: "2027-01-15", time: "09:00", eventType: "exam" })
    ).json();
    const dav = await davClientOf(who.username, who.password);
    const [events, tasks] = await dav.fetchCalendars();
    return { ...who, dav, events: events!, tasks: tasks!, essay, lab, someday, practice, exam };
  }
  const parsed = (data: string) => new ICAL.Component(ICAL.parse(data));

  it("serves tasks as VTODOs and a series as one object with its removed and moved dates, with the app's own ETags", async () => {
    const { dav, client, events, tasks, essay, practice, exam } = await withWork();
    const todos = await dav.fetchCalendarObjects({
      calendar: tasks,
      filters: { "comp-filter": { _attributes: { name: "VCALENDAR" }, "comp-filter": { _attributes: { name: "VTODO" } } } },
    });
    expect(todos).toHaveLength(3);
    const essayObject = todos.find((o) => o.url.endsWith(`/${essay.id}.ics`))!;
    const todo = parsed(essayObject.data).getFirstSubcomponent("vtodo")!;
    expect(todo.getFirstPropertyValue("summary")).toBe("Essay, draft 2");
    expect(todo.getFirstPropertyValue("categories")).toBe("English");
    expect(String(todo.getFirstPropertyValue("due"))).toBe("2026-12-01T08:15:00");
    expect(todo.getFirstProperty("due")!.getParameter("tzid")).toBe("America/New_York");
    // The app's own ETag for the task: what its If-Match takes.
    const appTasks = (await client.request("GET", "/api/tasks")).json() as { id: number; etag: string }[];
    expect(essayObject.etag).toBe(appTasks.find((t) => t.id === essay.id)!.etag);
    expect(todos.map((o) => parsed(o.data).getFirstSubcomponent("vtodo")!.getFirstPropertyValue("status")).sort()).toEqual([
      "COMPLETED",
      "NEEDS-ACTION",
      "NEEDS-ACTION",
    ]);

    const objects = await dav.fetchCalendarObjects({ calendar: events });
    expect(objects.map((o) => o.url.split("/").pop()).sort()).toEqual([`${exam.id}.ics`, `${practice.id}.ics`].sort());
    const series = parsed(objects.find((o) => o.url.endsWith(`/${practice.id}.ics`))!.data);
    expect(series.getFirstSubcomponent("vtimezone")).not.toBeNull();
    const [master, override] = series.getAllSubcomponents("vevent");
    expect(master!.getFirstPropertyValue("rrule")!.toString()).toBe("FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20270101T045900Z");
    expect(String(master!.getFirstPropertyValue("exdate"))).toBe("2026-12-02T16:00:00");
    expect(String(override!.getFirstPropertyValue("recurrence-id"))).toBe("2026-12-07T16:00:00");
    expect(String(override!.getFirstPropertyValue("dtstart"))).toBe("2026-12-08T17:00:00");
    // Expanded by ical.js, a reader written elsewhere: the app's dates, the removed one gone, the moved one moved.
    const event = new ICAL.Event(master!, { exceptions: [override!] });
    const dates: string[] = [];
    const iterator = event.iterator();
    for (let next = iterator.next(); next && dates.length < 6; next = iterator.next()) {
      dates.push(event.getOccurrenceDetails(next).startDate.toString().slice(0, 16));
    }
    expect(dates).toEqual([
      "2026-11-30T16:00",
      "2026-12-08T17:00",
      "2026-12-09T16:00",
      "2026-12-14T16:00",
      "2026-12-16T16:00",
      "2026-12-21T16:00",
    ]);
  });

  it("answers a time-range query, a multiget and GET with the object's ETag (304 when unchanged); another student's object is not there", async () => {
    const { dav: davClient, events, tasks, exam, practice, essay, someday, username, password } = await withWork();
    const january = await davClient.fetchCalendarObjects({
      calendar: events,
      timeRange: { start: "2027-01-01T00:00:00Z", end: "2027-02-01T00:00:00Z" },
    });
    expect(january.map((o) => o.url.split("/").pop())).toEqual([`${exam.id}.ics`]);
    const february = await davClient.fetchCalendarObjects({
      calendar: events,
      timeRange: { start: "2027-02-01T00:00:00Z", end: "2027-03-01T00:00:00Z" },
    });
    expect(february).toEqual([]);
    const december = await davClient.fetchCalendarObjects({
      calendar: events,
      timeRange: { start: "2026-12-01T05:00:00Z", end: "2026-12-31T05:00:00Z" },
    });
    expect(december.map((o) => o.url.split("/").pop())).toEqual([`${practice.id}.ics`]);
    const got = await davClient.fetchCalendarObjects({
      calendar: tasks,
      objectUrls: [`${tasks.url}${essay.id}.ics`, `${tasks.url}${someday.id}.ics`],
      useMultiGet: true,
    });
    expect(got.map((o) => o.url.split("/").pop())).toEqual([`${essay.id}.ics`, `${someday.id}.ics`]);
    expect(got[1]!.data).toContain("SUMMARY:Read a novel");

    const authorization = basic(username, password);
    // A multiget naming a member that is not there answers it 404, beside the others (RFC 4791 §7.9).
    const tasksPath = new URL(tasks.url).pathname;
    const multiget = await dav(tasksPath, {
      method: "REPORT",
      headers: { authorization, depth: "1", "content-type": "application/xml" },
      body: `<?xml version="1.0"?><c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data/></d:prop><d:href>${tasksPath}${essay.id}.ics</d:href><d:href>${tasksPath}999999.ics</d:href></c:calendar-multiget>`,
    });
    const multigetBody = await multiget.text();
    expect(multigetBody).toContain("SUMMARY:Essay\\, draft 2");
    expect(multigetBody).toContain(
      `<d:response><d:href>${tasksPath}999999.ics</d:href><d:status>HTTP/1.1 404 Not Found</d:status></d:response>`,
    );
    const path = `${new URL(events.url).pathname}${exam.id}.ics`;
    const res = await dav(path, { headers: { authorization } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const etag = res.headers.get("etag")!;
    expect(await res.text()).toContain("SUMMARY:Chemistry exam");
    expect((await dav(path, { headers: { authorization, "if-none-match": etag } })).status).toBe(304);
    const sam = await connected();
    expect((await dav(path, { headers: { authorization: basic(sam.username, sam.password) } })).status).toBe(404);
    expect((await dav(`${new URL(events.url).pathname}999999.ics`, { headers: { authorization } })).status).toBe(404);
  });

  it("syncs a collection from nothing, has nothing new for the same token, and asks for a full sync after a change", async () => {
    const { client, events, username, password } = await withWork();
    const authorization = basic(username, password);
    const sync = (token: string) =>
      dav(new URL(events.url).pathname, {
        method: "REPORT",
        headers: { authorization, depth: "1", "content-type": "application/xml" },
        body: `<?xml version="1.0"?><d:sync-collection xmlns:d="DAV:"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`,
      });
    const first = await sync("");
    expect(first.status).toBe(207);
    const body = await first.text();
    expect(body.match(/<d:response>/g)).toHaveLength(2);
    const token = /<d:sync-token>([^<]+)<\/d:sync-token>/.exec(body)![1]!;
    const again = await (await sync(token)).text();
    expect(again).not.toContain("<d:response>");
    await client.request("POST", "/api/events", { title: "Club", date: "2026-12-03", time: "15:00" });
    const stale = await sync(token);
    expect(stale.status).toBe(403);
    expect(await stale.text()).toContain("<d:valid-sync-token/>");
  });

  it("takes a task made, changed and deleted in a calendar app, keeping its UID, address and alarm; a stale ETag is 412", async () => {
    const { client, username, password } = await connected();
    const davClient = await davClientOf(username, password);
    const [, tasks, school] = await davClient.fetchCalendars();
    const vtodo = (summary: string, extra: string[] = []) =>
      [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//Apple Inc.//iOS 18.1//EN",
        "BEGIN:VTODO",
        "UID:6A1F-REMINDERS",
        "DTSTAMP:20261129T120000Z",
        `SUMMARY:${summary}`,
        "DUE;TZID=America/New_York:20261203T150000",
        "PRIORITY:1",
        "X-APPLE-SORT-ORDER:7",
        ...extra,
        "BEGIN:VALARM",
        "TRIGGER:-PT30M",
        "ACTION:DISPLAY",
        "DESCRIPTION:Reminder",
        "END:VALARM",
        "END:VTODO",
        "END:VCALENDAR",
        "",
      ].join("\r\n");
    const made = await davClient.createCalendarObject({
      calendar: tasks!,
      filename: "6A1F-REMINDERS.ics",
      iCalString: vtodo("Buy poster board"),
    });
    expect(made.status).toBe(201);
    const etag = made.headers.get("etag")!;
    // In the app at once, as any task.
    const inApp = (
      (await client.request("GET", "/api/tasks")).json() as {
        id: number;
        title: string;
        dueDate: string;
        dueTime: string;
        priority: string;
        etag: string;
      }[]
    ).find((t) => t.title === "Buy poster board")!;
    expect(inApp).toMatchObject({ dueDate: "2026-12-03", dueTime: "15:00", priority: "high" });
    // Read back at its own address, with its own UID and alarm.
    const [object] = await davClient.fetchCalendarObjects({
      calendar: tasks!,
      objectUrls: [`${tasks!.url}6A1F-REMINDERS.ics`],
      useMultiGet: true,
    });
    expect(object!.etag).toBe(etag);
    expect(object!.data).toContain("UID:6A1F-REMINDERS");
    expect(object!.data).toContain("X-APPLE-SORT-ORDER:7");
    expect(object!.data).toContain("TRIGGER:-PT30M");
    // The same address again, made anew: refused (If-None-Match: *).
    expect(
      (await davClient.createCalendarObject({ calendar: tasks!, filename: "6A1F-REMINDERS.ics", iCalString: vtodo("Again") })).status,
    ).toBe(412);

    const ticked = await davClient.updateCalendarObject({
      calendarObject: { url: object!.url, etag, data: vtodo("Buy poster board", ["STATUS:COMPLETED", "COMPLETED:20261201T200000Z"]) },
    });
    expect(ticked.status).toBe(204);
    expect(
      ((await client.request("GET", `/api/tasks`)).json() as { id: number; completed: boolean }[]).find((t) => t.id === inApp.id)!
        .completed,
    ).toBe(true);
    // A change made on the version before: 412, and nothing changes.
    const stale = await davClient.updateCalendarObject({ calendarObject: { url: object!.url, etag, data: vtodo("Old title") } });
    expect(stale.status).toBe(412);
    expect(
      ((await client.request("GET", "/api/tasks")).json() as { id: number; title: string }[]).find((t) => t.id === inApp.id)!.title,
    ).toBe("Buy poster board");

    // The school's calendar is read only, and a task without a title is refused with why.
    const refusedEvent = await davClient.createCalendarObject({
      calendar: school!,
      filename: "e.ics",
      iCalString: vtodo("x").replaceAll("VTODO", "VEVENT"),
    });
    expect(refusedEvent.status).toBe(403);
    expect(await refusedEvent.text()).toContain("<d:need-privileges/>");
    const untitled = await davClient.createCalendarObject({
      calendar: tasks!,
      filename: "untitled.ics",
      iCalString: vtodo("").replace("SUMMARY:\r\n", ""),
    });
    expect(untitled.status).toBe(403);
    const why = await untitled.text();
    expect(why).toContain("<c:valid-calendar-object-resource/>");
    expect(why).toContain("A task needs a SUMMARY: its title");
    const broken = await dav(`${new URL(tasks!.url).pathname}broken.ics`, {
      method: "PUT",
      headers: { authorization: basic(username, password), "content-type": "text/calendar" },
      body: "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\n",
    });
    expect([broken.status, (await broken.json()).code]).toEqual([400, "caldav.bad_ical"]);

    const current = (await davClient.fetchCalendarObjects({ calendar: tasks!, objectUrls: [object!.url], useMultiGet: true }))[0]!;
    expect((await davClient.deleteCalendarObject({ calendarObject: { url: object!.url, etag: '"stale"' } })).status).toBe(412);
    expect((await davClient.deleteCalendarObject({ calendarObject: { url: object!.url, etag: current.etag } })).status).toBe(204);
    expect(((await client.request("GET", "/api/tasks")).json() as { id: number }[]).some((t) => t.id === inApp.id)).toBe(false);
  });

  it("takes an edit to a task made in the app with the app's own ETag, and the app's edit moves it", async () => {
    const { client, username, password } = await connected();
    const davClient = await davClientOf(username, password);
    const made = (
      await client.request("POST", "/api/tasks", { title: "Essay", dueDate: "2026-12-01", reminder: "1-hour", estimateMinutes: 90 })
    ).json();
    const [, tasks] = await davClient.fetchCalendars();
    const url = `${tasks!.url}${made.id}.ics`;
    const [object] = await davClient.fetchCalendarObjects({ calendar: tasks!, objectUrls: [url], useMultiGet: true });
    expect(object!.etag).toBe(made.etag);
    const edited = object!.data.replace("SUMMARY:Essay", "SUMMARY:Essay (final)");
    expect((await davClient.updateCalendarObject({ calendarObject: { url, etag: made.etag, data: edited } })).status).toBe(204);
    const after = (
      (await client.request("GET", "/api/tasks")).json() as {
        id: number;
        title: string;
        reminder: string;
        estimateMinutes: number;
        etag: string;
      }[]
    ).find((t) => t.id === made.id)!;
    // What only the app sets stays as it was.
    expect(after).toMatchObject({ title: "Essay (final)", reminder: "1-hour", estimateMinutes: 90 });
    const [reread] = await davClient.fetchCalendarObjects({ calendar: tasks!, objectUrls: [url], useMultiGet: true });
    expect(reread!.etag).toBe(after.etag);
    expect(reread!.data).toContain(`UID:task-${made.id}@`);
  });

  it("takes an event series made, changed and deleted in a calendar app: its removed and moved dates, its alarm, its UID; a rule the app cannot keep is refused", async () => {
    const { client, username, password } = await connected();
    const davClient = await davClientOf(username, password);
    const [events] = await davClient.fetchCalendars();
    // As iOS Calendar writes a weekly club on Wednesdays, 3:30-4:45 PM, through 23 December, without 9 December, and 16 December moved to Thursday at 4.
    const vevents = (moved: string, removed: string[]) =>
      [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//Apple Inc.//iOS 18.1//EN",
        "BEGIN:VEVENT",
        "UID:C0FFEE-ROBOTICS",
        "DTSTAMP:20261129T120000Z",
        "SUMMARY:Robotics club",
        "DTSTART;TZID=America/New_York:20261202T153000",
        "DTEND;TZID=America/New_York:20261202T164500",
        "RRULE:FREQ=WEEKLY;BYDAY=WE;UNTIL=20261224T045959Z",
        ...removed.map((date) => `EXDATE;TZID=America/New_York:${date}T153000`),
        "X-APPLE-TRAVEL-ADVISORY-BEHAVIOR:AUTOMATIC",
        "BEGIN:VALARM",
        "TRIGGER:-PT15M",
        "ACTION:DISPLAY",
        "DESCRIPTION:Reminder",
        "END:VALARM",
        "END:VEVENT",
        "BEGIN:VEVENT",
        "UID:C0FFEE-ROBOTICS",
        "DTSTAMP:20261129T120000Z",
        "RECURRENCE-ID;TZID=America/New_York:20261216T153000",
        `SUMMARY:${moved}`,
        "DTSTART;TZID=America/New_York:20261217T160000",
        "DTEND;TZID=America/New_York:20261217T170000",
        "END:VEVENT",
        "END:VCALENDAR",
        "",
      ].join("\r\n");
    const made = await davClient.createCalendarObject({
      calendar: events!,
      filename: "C0FFEE-ROBOTICS.ics",
      iCalString: vevents("Robotics (moved)", ["20261209"]),
    });
    expect(made.status).toBe(201);
    type Row = {
      id: number;
      title: string;
      date: string;
      time: string | null;
      endTime: string | null;
      recurring: string;
      customDays: string[];
      customEndDate: string | null;
      isException: boolean;
      exceptionDate: string | null;
      originalDate: string | null;
      parentEventId: number | null;
    };
    const rows = async () => (await client.request("GET", "/api/events")).json() as Row[];
    const first = await rows();
    const series = first.find((e) => e.parentEventId === null)!;
    expect(series).toMatchObject({
      title: "Robotics club",
      date: "2026-12-02",
      time: "15:30",
      endTime: "16:45",
      recurring: "weekly",
      customDays: ["wednesday"],
      customEndDate: "2026-12-23",
    });
    expect(
      first
        .filter((e) => e.isException)
        .map((e) => e.exceptionDate)
        .sort(),
    ).toEqual(["2026-12-09", "2026-12-16"]);
    const moved = first.find((e) => e.originalDate === "2026-12-16")!;
    // An hour from 4 PM is the app's "no end given".
    expect(moved).toMatchObject({ title: "Robotics (moved)", date: "2026-12-17", time: "16:00", endTime: null, recurring: "none" });

    const url = `${events!.url}C0FFEE-ROBOTICS.ics`;
    const [object] = await davClient.fetchCalendarObjects({ calendar: events!, objectUrls: [url], useMultiGet: true });
    expect(object!.etag).toBe(made.headers.get("etag"));
    for (const line of [
      "UID:C0FFEE-ROBOTICS",
      "TRIGGER:-PT15M",
      "X-APPLE-TRAVEL-ADVISORY-BEHAVIOR:AUTOMATIC",
      "EXDATE;TZID=America/New_York:20261209T153000",
      "RECURRENCE-ID;TZID=America/New_York:20261216T153000",
    ]) {
      expect(object!.data).toContain(line);
    }
    // Read by an iCalendar reader written elsewhere: the dates the client meant.
    const component = new ICAL.Component(ICAL.parse(object!.data));
    const master = component.getAllSubcomponents("vevent").find((v) => !v.hasProperty("recurrence-id"))!;
    const expanded = new ICAL.RecurExpansion({ component: master, dtstart: master.getFirstPropertyValue("dtstart") as ICAL.Time });
    const dates: string[] = [];
    for (let next = expanded.next(); next; next = expanded.next()) dates.push(next.toString().slice(0, 10));
    expect(dates).toEqual(["2026-12-02", "2026-12-16", "2026-12-23"]);

    // The client gives 9 December back and renames the moved date: the moved date keeps its id.
    const edited = await davClient.updateCalendarObject({
      calendarObject: { url, etag: object!.etag, data: vevents("Robotics at the gym", []) },
    });
    expect(edited.status).toBe(204);
    const second = await rows();
    expect(second.filter((e) => e.isException).map((e) => e.exceptionDate)).toEqual(["2026-12-16"]);
    expect(second.find((e) => e.originalDate === "2026-12-16")).toMatchObject({ id: moved.id, title: "Robotics at the gym" });
    // The version before is stale now.
    expect((await davClient.updateCalendarObject({ calendarObject: { url, etag: object!.etag, data: vevents("Stale", []) } })).status).toBe(
      412,
    );

    // An edit in the app reaches the client: its ETag and change tag move, the alarm it wrote stays.
    const before = (await davClient.fetchCalendars())[0]!;
    const put = await client.request("PUT", `/api/events/${series.id}`, {
      title: "Robotics club (finals)",
      date: "2026-12-02",
      time: "15:30",
      endTime: "16:45",
      recurring: "weekly",
      customDays: ["wednesday"],
      customEndDate: "2026-12-23",
    });
    expect(put.statusCode).toBe(200);
    const after = (await davClient.fetchCalendars())[0]!;
    expect(after.ctag).not.toBe(before.ctag);
    const [reread] = await davClient.fetchCalendarObjects({ calendar: events!, objectUrls: [url], useMultiGet: true });
    expect(reread!.etag).not.toBe(edited.headers.get("etag"));
    expect(reread!.data).toContain("SUMMARY:Robotics club (finals)");
    expect(reread!.data).toContain("TRIGGER:-PT15M");

    // Every third week is not a rule of the app's: refused with why, and nothing changes.
    const refused = await davClient.updateCalendarObject({
      calendarObject: { url, etag: reread!.etag, data: vevents("x", []).replace("FREQ=WEEKLY;", "FREQ=WEEKLY;INTERVAL=3;") },
    });
    expect(refused.status).toBe(403);
    const why = await refused.text();
    expect(why).toContain("<c:valid-calendar-object-resource/>");
    expect(why).toContain("Student Hub cannot repeat an event this way (FREQ=WEEKLY;INTERVAL=3)");
    expect((await rows()).find((e) => e.id === series.id)!.title).toBe("Robotics club (finals)");

    expect((await davClient.deleteCalendarObject({ calendarObject: { url, etag: reread!.etag } })).status).toBe(204);
    expect(await rows()).toEqual([]);
  });

  it("takes an edit of a series made in the app whose rule the object spells another way, keeping the app's rule and reminder", async () => {
    const { client, username, password } = await connected();
    const davClient = await davClientOf(username, password);
    const made = (
      await client.request("POST", "/api/events", {
        title: "Tutoring",
        date: "2026-11-30",
        time: "15:00",
        recurring: "daily",
        customDays: ["monday", "tuesday", "wednesday", "thursday", "friday"],
        notificationEnabled: true,
        notificationTiming: "15-minutes",
      })
    ).json();
    const [events] = await davClient.fetchCalendars();
    const url = `${events!.url}${made.id}.ics`;
    const [object] = await davClient.fetchCalendarObjects({ calendar: events!, objectUrls: [url], useMultiGet: true });
    expect(object!.etag).toBe(made.etag);
    expect(object!.data).toContain("RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR");
    const edited = object!.data.replace("SUMMARY:Tutoring", "SUMMARY:Math tutoring");
    expect((await davClient.updateCalendarObject({ calendarObject: { url, etag: made.etag, data: edited } })).status).toBe(204);
    const after = (await client.request("GET", `/api/events`)).json() as {
      id: number;
      title: string;
      recurring: string;
      notificationTiming: string;
    }[];
    expect(after.find((e) => e.id === made.id)).toMatchObject({
      title: "Math tutoring",
      recurring: "daily",
      notificationTiming: "15-minutes",
    });
  });
});
