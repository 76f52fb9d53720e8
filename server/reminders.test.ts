import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { REMINDER_NEEDS_TIMING, REMINDER_TIMING_MESSAGE } from "../core/schemas/event";
import { SUMMARY_TIME_MESSAGE } from "../core/schemas/preferences";
import { REMINDER_MESSAGE, REMINDER_NEEDS_DUE_DATE } from "../core/schemas/task";
import { inEnglish } from "../core/test/in-english";
import { zonedInstant } from "../core/reminders";
import type { ReminderScheduler } from "./services/reminder-scheduler";
import { buildTestApp, describeEachEngine, describePostgresOnly, TestClient, type TestApp } from "./test/harness";
import { startTestPushService, type TestDevice, type TestPushService } from "./test/push-service";
import { DEFAULT_STUDY_PREFERENCES } from "../core/study-plan";

const ZONE = "America/New_York";
/** The instant of a New York wall-clock time, "2026-12-01 09:45". */
const ny = (text: string) => zonedInstant(text.slice(0, 10), text.slice(11), ZONE);
const SECOND = 1000;
const quiet = { info: () => {}, warn: () => {} };

interface Payload {
  title: string;
  body: string;
  url: string;
  tag: string;
  badge?: number;
}

describeEachEngine("reminders", (engine) => {
  let pushService: TestPushService;
  let t: TestApp;
  let now = ny("2026-11-30 06:00");
  let scheduler: ReminderScheduler;

  beforeAll(async () => {
    pushService = await startTestPushService();
    t = await buildTestApp(engine, {
      env: { PUSH_ALLOWED_ENDPOINT_ORIGINS: pushService.origin, APP_TIME_ZONE: ZONE },
      clock: () => new Date(now),
    });
    scheduler = t.services.reminderScheduler(quiet, 30 * SECOND);
  });
  afterAll(async () => {
    await t.close();
    await pushService.close();
  });
  beforeEach(() => pushService.reset());

  /** A student with one phone subscribed to the test push service. */
  async function student(): Promise<{ client: TestClient; device: TestDevice; id: number }> {
    const client = new TestClient(t.app);
    const { user } = await client.register();
    const key = (await client.request("GET", "/public/onesignal-config")).json().vapidPublicKey;
    const device = pushService.subscribe(key);
    expect((await client.request("POST", "/api/push/subscriptions", device.subscription)).statusCode).toBe(201);
    return { client, device, id: user.id };
  }

  /** Moves the clock to `at` and runs one scan, as the instance's timer would. */
  async function scanAt(at: number) {
    now = at;
    return scheduler.scanOnce();
  }

  const payloads = (device: TestDevice) => pushService.received(device.id).map((p) => p.payload as Payload);

  it("a task's reminder arrives within one scan of its time, says what and when, and comes once", async () => {
    now = ny("2026-12-01 08:00");
    const { client, device } = await student();
    const res = await client.request("POST", "/api/tasks", {
      title: "Essay",
      subject: "English",
      dueDate: "2026-12-01",
      dueTime: "10:00",
      reminder: "15-minutes",
    });
    expect(res.statusCode, res.body).toBe(201);
    const task = res.json();
    expect(task.reminder).toBe("15-minutes");

    await scanAt(ny("2026-12-01 09:44") + 50 * SECOND);
    expect(payloads(device)).toEqual([]);
    const report = await scanAt(ny("2026-12-01 09:45") + 20 * SECOND);
    expect(report.sent).toBe(1);
    expect(payloads(device)).toEqual([
      {
        title: "Essay · 10:00 AM, in 15 minutes",
        body: "Task due · English",
        url: `/?task=${task.id}#todo`,
        tag: `reminder-task-${task.id}-2026-12-01T10:00`,
        // The app icon's count (decision 119): the essay is due today.
        badge: 1,
      },
    ]);
    const [push] = pushService.received(device.id);
    expect(push!.urgency).toBe("high");
    expect(push!.ttl).toBeGreaterThan(0);

    await scanAt(ny("2026-12-01 09:46"));
    // An edit right after re-arms the same reminder (still within 15 minutes, the essay not yet due): it is not sent twice.
    expect((await client.request("PUT", `/api/tasks/${task.id}`, { title: "Essay draft" })).statusCode).toBe(200);
    await scanAt(ny("2026-12-01 09:47"));
    expect(payloads(device)).toHaveLength(1);
  });

  it("completion cancels a task's reminder, a new due date re-arms it, deletion cancels it", async () => {
    now = ny("2026-12-02 08:00");
    const { client, device } = await student();
    const task = (await client.request("POST", "/api/tasks", { title: "Lab", dueDate: "2026-12-03", reminder: "1-hour" })).json();
    const scheduled = () => t.services.reminders.find("task", task.id);
    // No due time: due at 23:59, reminded at 22:59.
    expect((await scheduled())?.due_at).toBe(new Date(ny("2026-12-03 22:59")).toISOString());

    await client.request("PUT", `/api/tasks/${task.id}`, { completed: true });
    expect(await scheduled()).toBeUndefined();
    await client.request("PUT", `/api/tasks/${task.id}`, { completed: false, dueDate: "2026-12-04", dueTime: "08:00" });
    expect((await scheduled())?.occurrence).toBe("2026-12-04T08:00");
    await scanAt(ny("2026-12-03 23:00"));
    expect(payloads(device)).toEqual([]);
    await scanAt(ny("2026-12-04 07:00") + SECOND);
    expect(payloads(device).map((p) => p.title)).toEqual(["Lab · 8:00 AM, in 1 hour"]);

    const other = (await client.request("POST", "/api/tasks", { title: "Quiz", dueDate: "2026-12-05", reminder: "at-time" })).json();
    expect((await client.request("DELETE", `/api/tasks/${other.id}`)).statusCode).toBe(204);
    expect(await t.services.reminders.find("task", other.id)).toBeUndefined();
    await scanAt(ny("2026-12-05 23:59") + SECOND);
    expect(payloads(device)).toHaveLength(1);
  });

  it("reminds every occurrence of a series but its exceptions, a moved occurrence at its new time, and this-and-future edits carry the choice", async () => {
    now = ny("2026-11-29 12:00");
    const { client, device } = await student();
    const created = await client.request("POST", "/api/events", {
      title: "Chemistry",
      date: "2026-11-30",
      time: "09:00",
      eventType: "study",
      subject: "Chemistry",
      recurring: "weekly",
      customDays: ["monday"],
      notificationEnabled: true,
      notificationTiming: "1-hour",
    });
    expect(created.statusCode, created.body).toBe(201);
    const series = created.json();
    expect([series.notificationEnabled, series.notificationTiming]).toEqual([true, "1-hour"]);

    await scanAt(ny("2026-11-30 08:00") + 5 * SECOND);
    expect(payloads(device)).toEqual([
      {
        title: "Chemistry · 9:00 AM, in 1 hour",
        body: "Study Session · Chemistry",
        url: "/?day=2026-11-30#calendar",
        tag: `reminder-event-${series.id}-2026-11-30T09:00`,
        // No task is due: the app icon's count is cleared (decision 119).
        badge: 0,
      },
    ]);

    // An exception removes 7 December: next is 14 December.
    expect((await client.request("POST", `/api/events/${series.id}/exception`, { exceptionDate: "2026-12-07" })).statusCode).toBe(201);
    expect((await t.services.reminders.find("event", series.id))?.occurrence).toBe("2026-12-14T09:00");

    // 14 December moved to 15 December at 11:00 with a 30-minute reminder ("this event only").
    const moved = await client.request("PUT", `/api/events/SINGLE_INSTANCE_${series.id}_2026-12-14`, {
      ...series,
      date: "2026-12-15",
      time: "11:00",
      notificationTiming: "30-minutes",
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await t.services.reminders.find("event", series.id))?.occurrence).toBe("2026-12-21T09:00");

    await scanAt(ny("2026-12-07 08:00") + 5 * SECOND);
    await scanAt(ny("2026-12-14 08:00") + 5 * SECOND);
    expect(payloads(device)).toHaveLength(1);
    await scanAt(ny("2026-12-15 10:30") + 5 * SECOND);
    expect(payloads(device).map((p) => p.title)).toEqual(["Chemistry · 9:00 AM, in 1 hour", "Chemistry · 11:00 AM, in 30 minutes"]);

    // From 21 December on: reminded the day before.
    const future = await client.request("PUT", `/api/events/FUTURE_SERIES_${series.id}_2026-12-21`, {
      ...series,
      date: "2026-12-21",
      notificationTiming: "1-day",
    });
    expect(future.statusCode, future.body).toBe(200);
    expect(await t.services.reminders.find("event", series.id)).toBeUndefined(); // the first part has no date left to remind
    await scanAt(ny("2026-12-20 09:00") + 5 * SECOND);
    expect(payloads(device).at(-1)?.title).toBe("Chemistry · 9:00 AM, tomorrow");

    // Deleting the series cancels all of it.
    expect((await client.request("DELETE", `/api/events/${series.id}`)).statusCode).toBe(204);
    await scanAt(ny("2026-12-27 09:00"));
    expect(payloads(device)).toHaveLength(3);
  });

  it("a series' end date, a deleted occurrence and a deleted future re-arm or cancel its reminder", async () => {
    now = ny("2026-12-01 12:00");
    const { client, device } = await student();
    const series = (
      await client.request("POST", "/api/events", {
        title: "Practice",
        date: "2026-12-02",
        time: "16:00",
        recurring: "daily",
        customDays: ["monday", "tuesday", "wednesday", "thursday", "friday"],
        notificationTiming: "30-minutes",
      })
    ).json();
    const next = async () => (await t.services.reminders.find("event", series.id))?.occurrence;
    expect(await next()).toBe("2026-12-02T16:00");
    // "This event only" deleted: the next day is reminded instead.
    expect((await client.request("DELETE", `/api/events/SINGLE_INSTANCE_${series.id}_2026-12-02`)).statusCode).toBe(204);
    expect(await next()).toBe("2026-12-03T16:00");
    // A changed occurrence's reminder goes with it when "this and future" is deleted from before it.
    const moved = (
      await client.request("PUT", `/api/events/SINGLE_INSTANCE_${series.id}_2026-12-08`, { ...series, date: "2026-12-08", time: "18:00" })
    ).json();
    expect((await t.services.reminders.find("event", moved.id))?.occurrence).toBe("2026-12-08T18:00");
    expect((await client.request("DELETE", `/api/events/FUTURE_SERIES_${series.id}_2026-12-07`)).statusCode).toBe(204);
    expect(await t.services.reminders.find("event", moved.id)).toBeUndefined();
    expect(await next()).toBe("2026-12-03T16:00");
    // The end date moved before the next occurrence: nothing left to remind.
    expect((await client.request("PATCH", `/api/events/${series.id}`, { customEndDate: "2026-12-02" })).statusCode).toBe(400);
    expect((await client.request("PATCH", `/api/events/${series.id}`, { customEndDate: "2026-12-04" })).statusCode).toBe(200);
    await scanAt(ny("2026-12-03 15:30") + SECOND);
    await scanAt(ny("2026-12-04 15:30") + SECOND);
    await scanAt(ny("2026-12-07 15:30") + SECOND);
    expect(payloads(device).map((p) => p.tag)).toEqual([
      `reminder-event-${series.id}-2026-12-03T16:00`,
      `reminder-event-${series.id}-2026-12-04T16:00`,
    ]);
    expect(await next()).toBeUndefined();
  });

  it("an all-day event is reminded at 07:00, or at 19:00 the evening before", async () => {
    now = ny("2026-12-01 12:00");
    const { client, device } = await student();
    for (const notificationTiming of ["15-minutes", "1-day"]) {
      const res = await client.request("POST", "/api/events", {
        title: `Field trip ${notificationTiming}`,
        date: "2026-12-03",
        notificationTiming,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    await scanAt(ny("2026-12-02 19:00") + SECOND);
    expect(payloads(device).map((p) => p.title)).toEqual(["Field trip 1-day · tomorrow"]);
    await scanAt(ny("2026-12-03 07:00") + SECOND);
    expect(payloads(device).map((p) => p.title)).toEqual(["Field trip 1-day · tomorrow", "Field trip 15-minutes · today"]);
  });

  it("after downtime sends what came due in the last 15 minutes and skips, recorded, what is older", async () => {
    now = ny("2026-12-08 06:00");
    const { client, device } = await student();
    const old = (
      await client.request("POST", "/api/tasks", { title: "Old", dueDate: "2026-12-08", dueTime: "09:00", reminder: "at-time" })
    ).json();
    const recent = (
      await client.request("POST", "/api/tasks", { title: "Recent", dueDate: "2026-12-08", dueTime: "09:10", reminder: "at-time" })
    ).json();
    const report = await scanAt(ny("2026-12-08 09:20"));
    expect([report.sent, report.skipped]).toEqual([1, 1]);
    expect(payloads(device).map((p) => p.title)).toEqual(["Recent · 9:10 AM, now"]);
    expect((await t.services.reminders.listClaims("task", old.id)).map((c) => c.status)).toEqual(["skipped"]);
    expect((await t.services.reminders.listClaims("task", recent.id)).map((c) => c.status)).toEqual(["sent"]);
  });

  it("the evening summary lists what is due tomorrow and overdue, only when there is something", async () => {
    now = ny("2026-12-09 12:00");
    const { client, device } = await student();
    expect((await client.request("GET", "/api/user/preferences")).json()).toEqual({
      eveningSummaryTime: null,
      locale: "en",
      scheduleSource: "mine",
      appBadge: true,
      ...DEFAULT_STUDY_PREFERENCES,
      studyBlockReminders: false,
    });
    const bad = await client.request("PUT", "/api/user/preferences", { eveningSummaryTime: "7pm" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ eveningSummaryTime: [inEnglish(SUMMARY_TIME_MESSAGE)] });
    expect(bad.json().code).toBe("settings.summary_time_invalid");
    const set = await client.request("PUT", "/api/user/preferences", { eveningSummaryTime: "19:30" });
    expect(set.json()).toEqual({
      eveningSummaryTime: "19:30",
      locale: "en",
      scheduleSource: "mine",
      appBadge: true,
      ...DEFAULT_STUDY_PREFERENCES,
      studyBlockReminders: false,
    });
    expect((await client.request("GET", "/api/user/preferences")).json()).toEqual({
      eveningSummaryTime: "19:30",
      locale: "en",
      scheduleSource: "mine",
      appBadge: true,
      ...DEFAULT_STUDY_PREFERENCES,
      studyBlockReminders: false,
    });

    await client.request("POST", "/api/tasks", { title: "Essay", dueDate: "2026-12-10" });
    await client.request("POST", "/api/tasks", { title: "Worksheet", dueDate: "2026-12-08" });
    await scanAt(ny("2026-12-09 19:30") + SECOND);
    expect(payloads(device)).toEqual([
      {
        title: "1 due tomorrow, 1 overdue",
        body: "Tomorrow: Essay\nOverdue: Worksheet",
        url: "/#todo",
        tag: "summary-2026-12-09",
        badge: 1,
      },
    ]);

    // Nothing due or overdue on the 10th's evening once both are done: no push.
    const tasks = (await client.request("GET", "/api/tasks")).json() as { id: number }[];
    for (const task of tasks) await client.request("PUT", `/api/tasks/${task.id}`, { completed: true });
    const report = await scanAt(ny("2026-12-10 19:30") + SECOND);
    expect(report.empty).toBe(1);
    expect(payloads(device)).toHaveLength(1);

    expect((await client.request("PUT", "/api/user/preferences", { eveningSummaryTime: null })).json()).toEqual({
      eveningSummaryTime: null,
      locale: "en",
      scheduleSource: "mine",
      appBadge: true,
      ...DEFAULT_STUDY_PREFERENCES,
      studyBlockReminders: false,
    });
    await scanAt(ny("2026-12-11 19:30") + SECOND);
    expect(payloads(device)).toHaveLength(1);
  });

  it("pushes when a study block starts, once per task a day, only while turned on (decision 132)", async () => {
    now = ny("2026-11-30 06:00");
    const { client, device, id } = await student();
    const scheduled = () => t.services.reminders.find("study", id);
    // Off until the student turns it on: nothing is looked at.
    expect(await scheduled()).toBeUndefined();
    const bad = await client.request("PUT", "/api/user/preferences", { studyBlockReminders: "yes" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe("server.study_block_reminders_invalid");
    expect(await scheduled()).toBeUndefined();

    const essay = (
      await client.request("POST", "/api/tasks", { title: "Essay", subject: "English", dueDate: "2026-12-01", estimateMinutes: 45 })
    ).json();
    await client.request("POST", "/api/tasks", { title: "Lab report", dueDate: "2026-12-01", estimateMinutes: 30 });
    const on = await client.request("PUT", "/api/user/preferences", { studyBlockReminders: true });
    expect(on.json().studyBlockReminders).toBe(true);
    // Looked at the next scan; the study window opens at 16:00: looked at again within the hour, then at 16:00.
    expect((await scheduled())?.due_at).toBe(new Date(now).toISOString());
    await scanAt(ny("2026-11-30 06:00") + SECOND);
    expect((await scheduled())?.due_at).toBe(new Date(ny("2026-11-30 07:00")).toISOString());
    await scanAt(ny("2026-11-30 15:30"));
    expect((await scheduled())?.due_at).toBe(new Date(ny("2026-11-30 16:00")).toISOString());
    expect(payloads(device)).toEqual([]);

    await scanAt(ny("2026-11-30 16:00") + 20 * SECOND);
    expect(payloads(device)).toEqual([
      { title: "Time to study: Essay", body: "English · until 4:45 PM", url: "/plan", tag: `study-2026-11-30-task-${essay.id}` },
    ]);
    // The essay untouched at 16:45, still first: not pushed again today.
    await scanAt(ny("2026-11-30 16:45") + 10 * SECOND);
    expect(payloads(device)).toHaveLength(1);
    // Its time spent (the focus timer), the lab report is next: pushed, in the student's language now.
    const focus = {
      taskId: essay.id,
      startedAt: new Date(ny("2026-11-30 16:00")).toISOString(),
      endedAt: new Date(ny("2026-11-30 16:45")).toISOString(),
    };
    expect((await client.request("POST", "/api/focus-sessions", focus)).statusCode).toBe(201);
    await client.request("PUT", "/api/user/preferences", { locale: "es" });
    await scanAt(ny("2026-11-30 17:30"));
    expect(payloads(device).map((p) => p.title)).toEqual(["Time to study: Essay", "Hora de estudiar: Lab report"]);

    // Turned off: no look, no push.
    expect((await client.request("PUT", "/api/user/preferences", { studyBlockReminders: false })).json().studyBlockReminders).toBe(false);
    expect(await scheduled()).toBeUndefined();
    await client.request("POST", "/api/tasks", { title: "Poster", dueDate: "2026-12-02", estimateMinutes: 60 });
    await scanAt(ny("2026-12-01 16:00") + SECOND);
    expect(payloads(device)).toHaveLength(2);
  });

  it("words a Spanish account's reminders and evening summary in Spanish when they are sent (decision 109)", async () => {
    now = ny("2026-12-14 08:00");
    const { client, device } = await student();
    expect((await client.request("PUT", "/api/user/preferences", { locale: "es", eveningSummaryTime: "19:00" })).statusCode).toBe(200);
    const task = (
      await client.request("POST", "/api/tasks", {
        title: "Ensayo",
        subject: "Inglés",
        dueDate: "2026-12-14",
        dueTime: "10:00",
        reminder: "15-minutes",
      })
    ).json();
    const event = await client.request("POST", "/api/events", {
      title: "Examen de química",
      subject: "Química",
      eventType: "exam",
      date: "2026-12-14",
      time: "13:30",
      notificationTiming: "1-hour",
    });
    expect(event.statusCode, event.body).toBe(201);
    await client.request("POST", "/api/tasks", { title: "Hoja de ejercicios", dueDate: "2026-12-12" });
    await client.request("POST", "/api/tasks", { title: "Lectura", dueDate: "2026-12-15" });
    await client.request("POST", "/api/tasks", { title: "Mapa", dueDate: "2026-12-15" });

    await scanAt(ny("2026-12-14 09:45") + SECOND);
    await scanAt(ny("2026-12-14 12:30") + SECOND);
    await client.request("PUT", `/api/tasks/${task.id}`, { completed: true });
    await scanAt(ny("2026-12-14 19:00") + SECOND);
    expect(payloads(device)).toEqual([
      {
        title: "Ensayo · 10:00 a. m., en 15 minutos",
        body: "Tarea por entregar · Inglés",
        url: `/?task=${task.id}#todo`,
        tag: `reminder-task-${task.id}-2026-12-14T10:00`,
        badge: 2,
      },
      {
        title: "Examen de química · 1:30 p. m., en 1 hora",
        body: "Examen · Química",
        url: "/?day=2026-12-14#calendar",
        tag: `reminder-event-${event.json().id}-2026-12-14T13:30`,
        badge: 2,
      },
      {
        title: "2 para mañana, 1 atrasada",
        body: "Mañana: Mapa, Lectura\nAtrasadas: Hoja de ejercicios",
        url: "/#todo",
        tag: "summary-2026-12-14",
        // The essay is done by the evening: only the worksheet is left.
        badge: 1,
      },
    ]);

    // Back in English, the next one is in English: the language is read when the push is made.
    await client.request("PUT", "/api/user/preferences", { locale: "en" });
    await scanAt(ny("2026-12-15 19:00") + SECOND);
    expect(payloads(device).at(-1)).toMatchObject({ title: "1 overdue", body: "Overdue: Hoja de ejercicios" });
  });

  it("a reminder carries the app icon's count, in the school's day when it is sent, and none once the student turns the badge off (decision 119)", async () => {
    now = ny("2026-12-02 20:00");
    const { client, device } = await student();
    await client.request("POST", "/api/tasks", { title: "Lab report", dueDate: "2026-12-03", dueTime: "23:30", reminder: "1-hour" });
    await client.request("POST", "/api/tasks", { title: "Reading", dueDate: "2026-12-02" });
    await client.request("POST", "/api/tasks", { title: "Quiz prep", dueDate: "2026-12-01", completed: true });
    await client.request("POST", "/api/tasks", { title: "Someday" });
    // Another student's overdue task is not counted.
    const other = new TestClient(t.app);
    await other.register();
    await other.request("POST", "/api/tasks", { title: "Not mine", dueDate: "2026-11-20" });

    // 22:30 in New York is already 3 December in UTC: the school's day counts, so the report is due today.
    await scanAt(ny("2026-12-03 22:30") + SECOND);
    expect(payloads(device).map((p) => [p.title, p.badge])).toEqual([["Lab report · 11:30 PM, in 1 hour", 2]]);

    const off = await client.request("PUT", "/api/user/preferences", { appBadge: false });
    expect(off.json()).toMatchObject({ appBadge: false });
    await client.request("POST", "/api/tasks", { title: "Poster", dueDate: "2026-12-04", dueTime: "09:00", reminder: "1-hour" });
    await scanAt(ny("2026-12-04 08:00") + SECOND);
    expect(payloads(device)).toHaveLength(2);
    expect(payloads(device)[1]).not.toHaveProperty("badge");
  });

  describe("bad reminder input is a 400 that names the field", () => {
    let client: TestClient;
    beforeAll(async () => {
      client = (await student()).client;
    });

    it.each([
      [{ notificationTiming: "2-hours" }, "notificationTiming", inEnglish(REMINDER_TIMING_MESSAGE)],
      [{ notificationTiming: 15 }, "notificationTiming", inEnglish(REMINDER_TIMING_MESSAGE)],
      [{ notificationEnabled: true, notificationTiming: null }, "notificationTiming", inEnglish(REMINDER_NEEDS_TIMING)],
      [{ notificationEnabled: "yes" }, "notificationEnabled", "notificationEnabled must be true or false"],
    ])("event %j", async (fields, field, message) => {
      const res = await client.request("POST", "/api/events", { title: "Exam", date: "2026-12-20", ...fields });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toEqual([message]);
    });

    it("task reminders: a known choice, and only with a due date (also when an edit takes the date away)", async () => {
      const unknown = await client.request("POST", "/api/tasks", { title: "A", dueDate: "2026-12-20", reminder: "2-days" });
      expect([unknown.statusCode, unknown.json().errors.reminder]).toEqual([400, [inEnglish(REMINDER_MESSAGE)]]);
      const undated = await client.request("POST", "/api/tasks", { title: "A", reminder: "1-hour" });
      expect([undated.statusCode, undated.json().errors.reminder]).toEqual([400, [inEnglish(REMINDER_NEEDS_DUE_DATE)]]);
      const task = (await client.request("POST", "/api/tasks", { title: "A", dueDate: "2026-12-20", reminder: "1-hour" })).json();
      const cleared = await client.request("PUT", `/api/tasks/${task.id}`, { dueDate: null });
      expect([cleared.statusCode, cleared.json().errors.reminder]).toEqual([400, [inEnglish(REMINDER_NEEDS_DUE_DATE)]]);
      // Nothing was lost: the task keeps its date and reminder.
      expect((await client.request("GET", `/api/tasks/${task.id}`)).json()).toMatchObject({ dueDate: "2026-12-20", reminder: "1-hour" });
      expect((await client.request("PUT", `/api/tasks/${task.id}`, { dueDate: null, reminder: null })).statusCode).toBe(200);
    });
  });

  it("never reminds one student of another's task", async () => {
    now = ny("2026-12-12 08:00");
    const first = await student();
    const second = await student();
    await first.client.request("POST", "/api/tasks", { title: "Mine", dueDate: "2026-12-12", dueTime: "10:00", reminder: "at-time" });
    await scanAt(ny("2026-12-12 10:00") + SECOND);
    expect(payloads(first.device).map((p) => p.title)).toEqual(["Mine · 10:00 AM, now"]);
    expect(payloads(second.device)).toEqual([]);
  });
});

describePostgresOnly("reminders with two instances on one database", () => {
  let pushService: TestPushService;
  let first: TestApp;
  let second: TestApp;
  const now = ny("2026-12-14 07:55");
  const clock = () => new Date(now);

  beforeAll(async () => {
    pushService = await startTestPushService();
    const env = { PUSH_ALLOWED_ENDPOINT_ORIGINS: pushService.origin, APP_TIME_ZONE: ZONE };
    first = await buildTestApp("postgres", { env, clock });
    second = await buildTestApp("postgres", { env, clock, database: first.config.database });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await pushService.close();
  });

  // 450 reminders written and pushed on two instances: over 20 s on a loaded 2-core machine.
  it("claims disjoint batches when both scan at once: each of 450 reminders is pushed exactly once", { timeout: 90_000 }, async () => {
    const devices: TestDevice[] = [];
    for (let s = 0; s < 3; s++) {
      const client = new TestClient(first.app);
      await client.register();
      const key = (await client.request("GET", "/public/onesignal-config")).json().vapidPublicKey;
      const device = pushService.subscribe(key);
      devices.push(device);
      await client.request("POST", "/api/push/subscriptions", device.subscription);
      for (let i = 0; i < 150; i++) {
        const res = await client.request("POST", "/api/tasks", {
          title: `Task ${s}-${i}`,
          dueDate: "2026-12-14",
          dueTime: "08:00",
          reminder: "5-minutes",
        });
        expect(res.statusCode).toBe(201);
      }
    }
    const [a, b] = await Promise.all([
      first.services.reminderScheduler(quiet).scanOnce(),
      second.services.reminderScheduler(quiet).scanOnce(),
    ]);
    expect(a.sent + b.sent).toBe(450);
    const tags = pushService.received().map((p) => (p.payload as Payload).tag);
    expect(tags).toHaveLength(450);
    expect(new Set(tags).size).toBe(450);
    // Scanning again on either finds nothing left.
    const again = await second.services.reminderScheduler(quiet).scanOnce();
    expect(again.sent).toBe(0);
  });
});
