// npm run bench:reminders: what one reminder scan costs (server/services/reminder-scheduler.ts,
// decision 089), with nothing due and with many reminders due, over a school's worth of data:
// BENCH_STUDENTS students (default 5,000), each with 20 weekly series and 50 tasks that all have
// reminders. The scan with nothing due is measured at a tenth of the data and at all of it (the
// ratio shows whether its cost grows with what exists); the scan with BENCH_DUE reminders due
// (default 2,000, 10 per student with a device) pushes them to the project's own push service on
// 127.0.0.1, which checks each VAPID signature and decrypts each payload. BENCH_ENGINE=postgres
// uses TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { nextEventReminder, nextTaskReminder, zonedInstant } from "../core/reminders";
import { addDaysToDate } from "../core/dates";
import type { CalendarEvent } from "../core/schemas/event";
import { loadConfig } from "../server/config";
import { createDb, type Db } from "../server/db/connection";
import { migrateToLatest } from "../server/db/migrate";
import { createServices } from "../server/services";
import { freshDatabase } from "../server/test/harness";
import { startTestPushService } from "../server/test/push-service";

const ENGINE = process.env.BENCH_ENGINE === "postgres" ? "postgres" : "sqlite";
process.env.TEST_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/postgres";
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 5000);
const SERIES_PER_STUDENT = 20;
const TASKS_PER_STUDENT = 50;
const DUE = Number(process.env.BENCH_DUE ?? 2000);
const DUE_PER_STUDENT = 10;
const ZONE = "America/New_York";
const CHUNK = 250;
const EMPTY_SCANS = 15;

// Monday 11 January 2027, midnight in New York: every seeded reminder comes a day or more later,
// except the DUE ones, which come due at 00:28.
const START_DATE = "2027-01-11";
const T0 = zonedInstant(START_DATE, "00:00", ZONE);
const EMPTY_AT = T0 + 60_000;
const DUE_AT = T0 + 30 * 60_000;

const service = await startTestPushService();
const database = await freshDatabase(ENGINE);
const db: Db = createDb(database.config, { poolSize: 4 });
await migrateToLatest(db);
let now = T0;
const config = {
  ...loadConfig({ APP_TIME_ZONE: ZONE, PUSH_ALLOWED_ENDPOINT_ORIGINS: service.origin, VAPID_SUBJECT: "mailto:bench@example.com" }),
  database: database.config,
};
const services = createServices(config, db, { clock: () => new Date(now) });
const scheduler = services.reminderScheduler({ info: () => {}, warn: () => {} }, 30_000);
const { publicKey } = await services.push.vapidKeys();

const at = new Date(T0).toISOString();
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** Seeds students [from, to): users, series, tasks and their reminder_schedule rows, in chunks, one transaction each. */
async function seed(from: number, to: number) {
  for (let chunk = from; chunk < to; chunk += CHUNK) {
    const end = Math.min(to, chunk + CHUNK);
    await db.transaction().execute(async (tx) => {
      const users = await tx
        .insertInto("users")
        .values(
          Array.from({ length: end - chunk }, (_, i) => ({
            email: `bench-${chunk + i}-${randomBytes(3).toString("hex")}@example.com`,
            password_hash: "x",
            first_name: "Bench",
            last_name: String(chunk + i),
            profile_image_url: null,
            is_admin: 0,
            password_reset_required: 0,
            temporary_password_expires_at: null,
            user_classes: "[]",
            created_at: at,
            updated_at: at,
          })),
        )
        .returning("id")
        .execute();
      const ids = users.map((u) => u.id);
      const eventRows = ids.flatMap((userId) =>
        Array.from({ length: SERIES_PER_STUDENT }, (_, s) => ({
          user_id: userId,
          title: `Series ${s}`,
          description: null,
          subject: null,
          date: addDaysToDate(START_DATE, 1 + (s % 5)),
          time: hhmm(8 * 60 + (s % 8) * 55),
          event_type: "study",
          recurring: "weekly",
          custom_when_to_repeat: null,
          custom_days: "[]",
          custom_end_date: null,
          is_completed: 0,
          notification_enabled: 1,
          notification_timing: "15-minutes",
          parent_event_id: null,
          is_exception: 0,
          exception_date: null,
          original_date: null,
          created_at: at,
          updated_at: at,
        })),
      );
      for (let i = 0; i < eventRows.length; i += 500)
        await tx
          .insertInto("events")
          .values(eventRows.slice(i, i + 500))
          .execute();
      const taskRows = ids.flatMap((userId) =>
        Array.from({ length: TASKS_PER_STUDENT }, (_, t) => ({
          user_id: userId,
          title: `Task ${t}`,
          description: null,
          subject: null,
          due_date: addDaysToDate(START_DATE, 1 + (t % 60)),
          due_time: t % 2 ? "15:00" : null,
          priority: "medium",
          recurring: null,
          completed: 0,
          reminder: "1-hour",
          created_at: at,
          updated_at: at,
        })),
      );
      for (let i = 0; i < taskRows.length; i += 500)
        await tx
          .insertInto("tasks")
          .values(taskRows.slice(i, i + 500))
          .execute();

      // The schedule exactly as the planner keeps it: each item's next reminder after T0.
      const schedule: { kind: "event" | "task"; item_id: number; user_id: number; due_at: string; occurrence: string; timing: string }[] =
        [];
      const events = await tx.selectFrom("events").selectAll().where("user_id", "in", ids).execute();
      for (const row of events) {
        const event = {
          date: row.date,
          time: row.time,
          recurring: row.recurring,
          customDays: JSON.parse(row.custom_days) as string[],
          customEndDate: row.custom_end_date,
          notificationEnabled: true,
          notificationTiming: row.notification_timing,
          isException: false,
        } as Pick<
          CalendarEvent,
          "date" | "time" | "recurring" | "customDays" | "customEndDate" | "notificationEnabled" | "notificationTiming" | "isException"
        >;
        const next = nextEventReminder(event, new Set(), ZONE, { after: T0 });
        if (next)
          schedule.push({
            kind: "event",
            item_id: row.id,
            user_id: row.user_id,
            due_at: new Date(next.at).toISOString(),
            occurrence: next.occurrence,
            timing: row.notification_timing!,
          });
      }
      const tasks = await tx.selectFrom("tasks").selectAll().where("user_id", "in", ids).execute();
      for (const row of tasks) {
        const next = nextTaskReminder({ dueDate: row.due_date, dueTime: row.due_time, reminder: row.reminder, completed: false }, ZONE, {
          after: T0,
        });
        if (next)
          schedule.push({
            kind: "task",
            item_id: row.id,
            user_id: row.user_id,
            due_at: new Date(next.at).toISOString(),
            occurrence: next.occurrence,
            timing: row.reminder!,
          });
      }
      for (let i = 0; i < schedule.length; i += 500)
        await tx
          .insertInto("reminder_schedule")
          .values(schedule.slice(i, i + 500))
          .execute();
    });
  }
}

/** DUE reminders due at DUE_AT − 2 minutes: DUE_PER_STUDENT tasks for each of DUE / DUE_PER_STUDENT new students with a device. */
async function seedDue() {
  const students = Math.ceil(DUE / DUE_PER_STUDENT);
  const dueLocal = hhmm(Math.round((DUE_AT - 2 * 60_000 - T0) / 60_000));
  await db.transaction().execute(async (tx) => {
    for (let s = 0; s < students; s++) {
      const user = await tx
        .insertInto("users")
        .values({
          email: `due-${s}@example.com`,
          password_hash: "x",
          first_name: "Due",
          last_name: String(s),
          profile_image_url: null,
          is_admin: 0,
          password_reset_required: 0,
          temporary_password_expires_at: null,
          user_classes: "[]",
          created_at: at,
          updated_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const sessionHash = randomBytes(32).toString("hex");
      await tx
        .insertInto("sessions")
        .values({
          id_hash: sessionHash,
          user_id: user.id,
          csrf_token: "x",
          created_at: at,
          last_seen_at: at,
          expires_at: new Date(T0 + 86_400_000 * 30).toISOString(),
          admin_unlocked_at: null,
        })
        .execute();
      const device = service.subscribe(publicKey);
      await tx
        .insertInto("push_subscriptions")
        .values({
          user_id: user.id,
          session_id_hash: sessionHash,
          endpoint: device.subscription.endpoint,
          ...device.subscription.keys,
          expiration_time: null,
          created_at: at,
          updated_at: at,
        })
        .execute();
      const count = Math.min(DUE_PER_STUDENT, DUE - s * DUE_PER_STUDENT);
      const tasks = await tx
        .insertInto("tasks")
        .values(
          Array.from({ length: count }, (_, t) => ({
            user_id: user.id,
            title: `Due ${t}`,
            description: null,
            subject: null,
            due_date: START_DATE,
            due_time: dueLocal,
            priority: "high",
            recurring: null,
            completed: 0,
            reminder: "at-time",
            created_at: at,
            updated_at: at,
          })),
        )
        .returning("id")
        .execute();
      await tx
        .insertInto("reminder_schedule")
        .values(
          tasks.map((t) => ({
            kind: "task" as const,
            item_id: t.id,
            user_id: user.id,
            due_at: new Date(DUE_AT - 2 * 60_000).toISOString(),
            occurrence: `${START_DATE}T${dueLocal}`,
            timing: "at-time",
          })),
        )
        .execute();
    }
  });
}

async function emptyScanMs(): Promise<number> {
  now = EMPTY_AT;
  const times: number[] = [];
  for (let i = 0; i < EMPTY_SCANS; i++) {
    const started = performance.now();
    const report = await scheduler.scanOnce();
    times.push(performance.now() - started);
    if (report.sent + report.skipped + report.failed !== 0) throw new Error("a reminder was due in the empty scan");
  }
  return times.sort((a, b) => a - b)[Math.floor(EMPTY_SCANS / 2)]!;
}

const rows = async () => ({
  schedule: await services.reminders.countScheduled(),
  tasks: Number(
    (
      await db
        .selectFrom("tasks")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  events: Number(
    (
      await db
        .selectFrom("events")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  ),
});

console.log(
  `reminder scan: ${ENGINE}, ${STUDENTS} students × (${SERIES_PER_STUDENT} series + ${TASKS_PER_STUDENT} tasks), ${os.cpus().length} cores, Node ${process.version}`,
);
const seedStarted = performance.now();
const tenth = Math.max(1, Math.floor(STUDENTS / 10));
await seed(0, tenth);
const small = await rows();
const emptySmall = await emptyScanMs();
await seed(tenth, STUDENTS);
const large = await rows();
const emptyLarge = await emptyScanMs();
await seedDue();
console.log(`seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

now = DUE_AT;
const started = performance.now();
const report = await scheduler.scanOnce();
const dueMs = performance.now() - started;
const received = service.received().length;
if (report.sent !== DUE || received !== DUE) throw new Error(`sent ${report.sent}, received ${received}, expected ${DUE}`);

const line = (label: string, ms: number, base: number, extra = "") =>
  console.log(`${label.padEnd(58)} ${ms.toFixed(2).padStart(10)} ms  ${(ms / base).toFixed(2).padStart(8)}×  ${extra}`);
line(
  `scan, nothing due, ${small.schedule.toLocaleString()} scheduled (baseline)`,
  emptySmall,
  emptySmall,
  `${small.tasks.toLocaleString()} tasks, ${small.events.toLocaleString()} series`,
);
line(
  `scan, nothing due, ${large.schedule.toLocaleString()} scheduled`,
  emptyLarge,
  emptySmall,
  `${large.tasks.toLocaleString()} tasks, ${large.events.toLocaleString()} series`,
);
line(`scan, ${DUE.toLocaleString()} due (claim, plan, push, record)`, dueMs, emptySmall, `${(DUE / (dueMs / 1000)).toFixed(0)} pushes/s`);

await db.destroy();
await database.drop();
if (database.config.kind === "sqlite")
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(`${database.config.file}${suffix}`, { force: true });
await service.close();
