// npm run bench:reminders: what one reminder scan costs (server/services/reminder-scheduler.ts,
// decision 089), with nothing due and with many reminders due, over a school's worth of data:
// BENCH_STUDENTS students (default 5,000), each with 20 weekly series and 50 tasks that all have
// reminders, written straight into the tables with the schedule the planner would keep for them.
// The scan with nothing due is measured at a tenth of the data and at all of it (the ratio shows
// whether its cost grows with what exists); the scan with BENCH_DUE reminders due (default 2,000:
// 5 series and 5 tasks of each of 200 students spread through the school, each with a device)
// pushes them to the project's own push service on 127.0.0.1, which checks each VAPID signature
// and decrypts each payload. The same pushes are then sent again without the scan (no database
// work): the share of the scan's time that is pushing. BENCH_ENGINE=postgres uses
// TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { addDaysToDate } from "../core/dates";
import { nextEventReminder, nextTaskReminder, zonedInstant } from "../core/reminders";
import { loadConfig } from "../server/config";
import { createDb, type Db } from "../server/db/connection";
import { migrateToLatest } from "../server/db/migrate";
import { inTransaction } from "../server/repositories/transaction";
import { createServices } from "../server/services";
import { deliverEach, type PushJob } from "../server/services/push-delivery";
import type { UserPush } from "../server/services/push-service";
import { freshDatabase } from "../server/test/harness";
import { startTestPushService } from "../server/test/push-service";

const ENGINE = process.env.BENCH_ENGINE === "postgres" ? "postgres" : "sqlite";
process.env.TEST_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/postgres";
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 5000);
const SERIES_PER_STUDENT = 20;
const TASKS_PER_STUDENT = 50;
/** Reminders due per student with a device: this many series and as many tasks. */
const DUE_EACH = 5;
const DUE = Math.min(Number(process.env.BENCH_DUE ?? 2000), STUDENTS * 2 * DUE_EACH);
const DUE_STUDENTS = Math.ceil(DUE / (2 * DUE_EACH));
const ZONE = "America/New_York";
const CHUNK = 250;
const WARM_UP_SCANS = 5;
const EMPTY_SCANS = 15;
/** Pushes in flight at once, as the app's push service sends them (DELIVERY in server/services/push-service.ts). */
const PUSH_CONCURRENCY = 16;

// Monday 11 January 2027, midnight in New York. Every seeded reminder comes a day or more later
// (over the next nine weeks), except those of the students with a device, whose first five series
// and first five tasks begin at 00:43 and 00:28 with reminders at 00:28.
const START_DATE = "2027-01-11";
const T0 = zonedInstant(START_DATE, "00:00", ZONE);
const EMPTY_AT = T0 + 60_000;
const DUE_AT = T0 + 30 * 60_000;

const at = new Date(T0).toISOString();
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
const stride = Math.max(1, Math.floor(STUDENTS / DUE_STUDENTS));
/** How many reminders of student `i` are due at DUE_AT: 0 for those without a device. */
function dueOf(i: number): number {
  if (i % stride !== 0 || i / stride >= DUE_STUDENTS) return 0;
  return Math.min(2 * DUE_EACH, DUE - (i / stride) * 2 * DUE_EACH);
}

const service = await startTestPushService();
const database = await freshDatabase(ENGINE);
const db: Db = createDb(database.config, { poolSize: 4 });
let now = T0;
const config = {
  ...loadConfig({ APP_TIME_ZONE: ZONE, PUSH_ALLOWED_ENDPOINT_ORIGINS: service.origin, VAPID_SUBJECT: "mailto:bench@example.com" }),
  database: database.config,
};
const services = createServices(config, db, { clock: () => new Date(now) });
const scheduler = services.reminderScheduler({ info: () => {}, warn: () => {} }, 30_000);

type ScheduleRow = { kind: "event" | "task"; item_id: number; user_id: number; due_at: string; occurrence: string; timing: string };

/** Seeds students [from, to): users, series, tasks, devices and the schedule, in chunks of CHUNK, one transaction each. */
async function seed(from: number, to: number, publicKey: string) {
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
      const students = users.map((u, i) => ({ userId: u.id, due: dueOf(chunk + i) }));

      // A device for each student with reminders due, subscribed through a session of theirs.
      const withDevice = students.filter((s) => s.due > 0);
      if (withDevice.length > 0) {
        const sessions = withDevice.map((s) => ({ userId: s.userId, hash: randomBytes(32).toString("hex") }));
        await tx
          .insertInto("sessions")
          .values(
            sessions.map((s) => ({
              id_hash: s.hash,
              user_id: s.userId,
              csrf_token: "x",
              created_at: at,
              last_seen_at: at,
              expires_at: new Date(T0 + 30 * 86_400_000).toISOString(),
              admin_unlocked_at: null,
            })),
          )
          .execute();
        await tx
          .insertInto("push_subscriptions")
          .values(
            sessions.map((s) => {
              const device = service.subscribe(publicKey);
              return {
                user_id: s.userId,
                session_id_hash: s.hash,
                endpoint: device.subscription.endpoint,
                ...device.subscription.keys,
                expiration_time: null,
                created_at: at,
                updated_at: at,
              };
            }),
          )
          .execute();
      }

      // Weekly series starting over the next five days between 08:00 and 14:25, reminded 15 minutes
      // before; a due student's first ceil(due / 2) start today at 00:43.
      const eventRows = students.flatMap(({ userId, due }) =>
        Array.from({ length: SERIES_PER_STUDENT }, (_, s) => {
          const dueNow = s < Math.ceil(due / 2);
          return {
            user_id: userId,
            title: `Series ${s}`,
            description: null,
            subject: null,
            date: dueNow ? START_DATE : addDaysToDate(START_DATE, 1 + (s % 5)),
            time: dueNow ? "00:43" : hhmm(8 * 60 + (s % 8) * 55),
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
          };
        }),
      );
      const events: { id: number }[] = [];
      for (let i = 0; i < eventRows.length; i += 500)
        events.push(
          ...(await tx
            .insertInto("events")
            .values(eventRows.slice(i, i + 500))
            .returning("id")
            .execute()),
        );

      // Tasks due over the next nine weeks, an hour's notice; a due student's first floor(due / 2)
      // are due today at 00:28, reminded at the time.
      const taskRows = students.flatMap(({ userId, due }) =>
        Array.from({ length: TASKS_PER_STUDENT }, (_, t) => {
          const dueNow = t < Math.floor(due / 2);
          return {
            user_id: userId,
            title: `Task ${t}`,
            description: null,
            subject: null,
            due_date: dueNow ? START_DATE : addDaysToDate(START_DATE, 1 + (t % 60)),
            due_time: dueNow ? "00:28" : t % 2 ? "15:00" : null,
            priority: "medium",
            recurring: null,
            completed: 0,
            reminder: dueNow ? "at-time" : "1-hour",
            created_at: at,
            updated_at: at,
          };
        }),
      );
      const tasks: { id: number }[] = [];
      for (let i = 0; i < taskRows.length; i += 500)
        tasks.push(
          ...(await tx
            .insertInto("tasks")
            .values(taskRows.slice(i, i + 500))
            .returning("id")
            .execute()),
        );

      // The schedule exactly as the planner keeps it: each item's next reminder after T0, computed
      // by the same core functions (none of these series has changed occurrences: nothing hidden).
      const schedule: ScheduleRow[] = [];
      eventRows.forEach((row, i) => {
        const next = nextEventReminder(
          {
            date: row.date,
            time: row.time,
            recurring: "weekly",
            customDays: [],
            customEndDate: null,
            notificationEnabled: true,
            notificationTiming: row.notification_timing,
            isException: false,
          },
          new Set(),
          ZONE,
          { after: T0 },
        );
        if (next)
          schedule.push({
            kind: "event",
            item_id: events[i]!.id,
            user_id: row.user_id,
            due_at: new Date(next.at).toISOString(),
            occurrence: next.occurrence,
            timing: row.notification_timing,
          });
      });
      taskRows.forEach((row, i) => {
        const next = nextTaskReminder({ dueDate: row.due_date, dueTime: row.due_time, reminder: row.reminder, completed: false }, ZONE, {
          after: T0,
        });
        if (next)
          schedule.push({
            kind: "task",
            item_id: tasks[i]!.id,
            user_id: row.user_id,
            due_at: new Date(next.at).toISOString(),
            occurrence: next.occurrence,
            timing: row.reminder,
          });
      });
      for (let i = 0; i < schedule.length; i += 500)
        await tx
          .insertInto("reminder_schedule")
          .values(schedule.slice(i, i + 500))
          .execute();
    });
  }
}

const count = async (table: "reminder_schedule" | "tasks" | "events") =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
const counts = async () => ({ schedule: await count("reminder_schedule"), tasks: await count("tasks"), events: await count("events") });

/**
 * Proof that the seeded schedule is the app's: the items of a student with a device and of one
 * without, re-armed by the real planner at T0 as a write would, leave their rows as they were.
 */
async function checkSchedule() {
  const rows = (userIds: number[]) =>
    db.selectFrom("reminder_schedule").selectAll().where("user_id", "in", userIds).orderBy("kind").orderBy("item_id").execute();
  // Student 0 has a device and reminders due at DUE_AT; student 1 has neither (unless all have).
  const userIds = (await db.selectFrom("users").select("id").orderBy("id").limit(2).execute()).map((u) => u.id);
  const before = JSON.stringify(await rows(userIds));
  now = T0;
  await inTransaction(db, async (tx) => {
    for (const userId of userIds) {
      for (const event of await tx.events.listForUser(userId)) await services.reminderPlanner.armEvent(tx, event);
      for (const task of await tx.tasks.listForUser(userId)) await services.reminderPlanner.armTask(tx, task);
    }
  });
  const after = await rows(userIds);
  if (before !== JSON.stringify(after) || after.length !== userIds.length * (SERIES_PER_STUDENT + TASKS_PER_STUDENT))
    throw new Error("the seeded schedule is not the one the planner keeps");
}

/** The median time of a scan at EMPTY_AT, when nothing is due (the first are warm-up runs, not counted). */
async function emptyScanMs(warmUp: number): Promise<number> {
  now = EMPTY_AT;
  const times: number[] = [];
  for (let i = 0; i < warmUp + EMPTY_SCANS; i++) {
    const started = performance.now();
    const report = await scheduler.scanOnce();
    if (i >= warmUp) times.push(performance.now() - started);
    if (report.sent + report.skipped + report.failed + report.empty !== 0) throw new Error("a reminder was due in the empty scan");
  }
  return times.sort((a, b) => a - b)[Math.floor(EMPTY_SCANS / 2)]!;
}

/** The pushes the scan made, as it recorded them, sent again straight to the push service: no database work. */
async function pushOnlyMs(): Promise<number> {
  const claims = await db.selectFrom("sent_reminders").select(["payload"]).where("status", "=", "sent").execute();
  const messages = claims.map((c) => JSON.parse(c.payload!) as UserPush);
  const devices = new Map(
    (await db.selectFrom("push_subscriptions").selectAll().execute()).map((d) => [d.user_id, { ...d, id: Number(d.id) }]),
  );
  const jobs: PushJob[] = messages.map((m) => ({
    target: devices.get(m.userId)!,
    payload: JSON.stringify(m.payload),
    ttlSeconds: m.ttlSeconds,
    topic: createHash("sha256").update(m.payload.tag).digest("base64url").slice(0, 32),
  }));
  service.reset();
  const started = performance.now();
  const outcomes = await deliverEach(jobs, {
    vapid: { subject: "mailto:bench@example.com", ...(await services.push.vapidKeys()) },
    ttlSeconds: 3600,
    urgency: "high",
    concurrency: PUSH_CONCURRENCY,
    timeoutMs: 5000,
    deadline: Date.now() + 600_000,
    allowedOrigins: [service.origin],
  });
  const ms = performance.now() - started;
  const delivered = outcomes.filter((o) => o.result === "delivered").length;
  if (delivered !== DUE || service.received().length !== DUE) throw new Error(`push only: ${delivered} of ${DUE} delivered`);
  return ms;
}

try {
  await migrateToLatest(db);
  const { publicKey } = await services.push.vapidKeys();
  console.log(
    `reminder scan: ${ENGINE}, ${STUDENTS.toLocaleString()} students × (${SERIES_PER_STUDENT} series + ${TASKS_PER_STUDENT} tasks), ` +
      `${DUE_STUDENTS} of them with a device; ${os.cpus().length} cores, Node ${process.version}`,
  );
  const tenth = Math.max(1, Math.floor(STUDENTS / 10));
  let seedMs = performance.now();
  await seed(0, tenth, publicKey);
  seedMs = performance.now() - seedMs;
  await checkSchedule();
  const small = await counts();
  const emptySmall = await emptyScanMs(WARM_UP_SCANS);
  const seedMore = performance.now();
  await seed(tenth, STUDENTS, publicKey);
  seedMs += performance.now() - seedMore;
  const large = await counts();
  const emptyLarge = await emptyScanMs(1);
  console.log(`seeded in ${(seedMs / 1000).toFixed(1)} s`);

  now = DUE_AT;
  service.reset();
  const started = performance.now();
  const report = await scheduler.scanOnce();
  const dueMs = performance.now() - started;
  const received = service.received().length;
  if (report.sent !== DUE || received !== DUE || service.refused().length > 0)
    throw new Error(`sent ${report.sent}, received ${received}, refused ${service.refused().length}, expected ${DUE}`);
  let dueSeries = 0;
  for (let i = 0; i < STUDENTS; i++) dueSeries += Math.ceil(dueOf(i) / 2);
  const after = await counts();
  if (after.schedule !== large.schedule - (DUE - dueSeries)) throw new Error(`${after.schedule} scheduled after the scan`);
  const pushMs = await pushOnlyMs();

  const line = (label: string, ms: number, ratio: string, extra: string) =>
    console.log(`${label.padEnd(52)}${ms.toFixed(2).padStart(11)}${ratio.padStart(12)}  ${extra}`);
  console.log(`${"".padEnd(52)}${"ms".padStart(11)}${"vs empty".padStart(12)}`);
  line(
    `scan, nothing due, ${small.schedule.toLocaleString()} scheduled (baseline)`,
    emptySmall,
    "1.00×",
    `${small.tasks.toLocaleString()} tasks, ${small.events.toLocaleString()} series; median of ${EMPTY_SCANS}`,
  );
  line(
    `scan, nothing due, ${large.schedule.toLocaleString()} scheduled`,
    emptyLarge,
    `${(emptyLarge / emptySmall).toFixed(2)}×`,
    `${large.tasks.toLocaleString()} tasks, ${large.events.toLocaleString()} series; median of ${EMPTY_SCANS}`,
  );
  line(
    `scan, ${DUE.toLocaleString()} due (${dueSeries.toLocaleString()} series, ${(DUE - dueSeries).toLocaleString()} tasks)`,
    dueMs,
    `${(dueMs / emptySmall).toFixed(0)}×`,
    `${(DUE / (dueMs / 1000)).toFixed(0)} pushes/s, ${(dueMs / DUE).toFixed(2)} ms a reminder; claim, plan, push, record`,
  );
  line(
    `the same ${DUE.toLocaleString()} pushes alone, ${PUSH_CONCURRENCY} in flight`,
    pushMs,
    "",
    `${(DUE / (pushMs / 1000)).toFixed(0)} pushes/s; alone they take ${((100 * pushMs) / dueMs).toFixed(0)}% of the scan's time`,
  );
  console.log(
    `after the scan: ${after.schedule.toLocaleString()} scheduled (the ${(DUE - dueSeries).toLocaleString()} tasks done, the series moved to next week)`,
  );
} finally {
  await db.destroy();
  await database.drop();
  if (database.config.kind === "sqlite")
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(`${database.config.file}${suffix}`, { force: true });
  await service.close();
}
