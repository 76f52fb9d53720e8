// npm run bench:stream (issue 37, decision 114): GET /api/stream on one instance.
// - STREAMS (default 10,000) open streams, each of its own student and session: the server
//   process's memory per stream, and its CPU while they idle (heartbeat every 5 s here; the app's
//   is 25 s). The streams' client sockets live in a child process (bench/stream-clients.ts), so
//   they are not counted.
// - A student's task written over HTTP, the same student having 3 streams open: from the request
//   sent to its answer and to the event on the last of the 3 streams (p50/p99 over WRITES writes),
//   beside the same write with no stream open at all.
// - Staff publishing the school's schedule: the write alone, and until every one of the STREAMS
//   streams received its `school` event, beside the same write with no stream open.
// BENCH_ENGINE=postgres runs on PostgreSQL (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres).
// No asserts: figures only.
import { fork } from "node:child_process";
import { schoolScheduleSchema } from "../core/schemas/school-schedule";
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { buildApp } from "../server/app";
import { loadConfig } from "../server/config";
import { createDb, dbOptionsFrom } from "../server/db/connection";
import { migrateToLatest } from "../server/db/migrate";
import { hashSessionId, SESSION_ABSOLUTE_MS } from "../server/repositories/sessions";
import { createServices } from "../server/services";
import { seedStaff } from "../server/test/announcement-seed";
import { listening, openStream } from "../server/test/event-stream";
import { freshDatabase, type EngineName } from "../server/test/harness";
import { AB_SCHEDULE } from "../server/test/school-fixtures";

process.env.TEST_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/postgres";
const ENGINE = (process.env.BENCH_ENGINE ?? "sqlite") as EngineName;
const STREAMS = Number(process.env.BENCH_STREAMS ?? 10_000);
const WRITES = Number(process.env.BENCH_WRITES ?? 200);
const IDLE_MS = 10_000;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const ms = (value: number) => `${value.toFixed(2)} ms`;
const settleMemory = async () => {
  for (let i = 0; i < 3; i++) {
    globalThis.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return process.memoryUsage();
};

const { config: database, drop } = await freshDatabase(ENGINE);
const config = { ...loadConfig({}), database, logLevel: "silent" as const, clientDir: "/nonexistent" };
const db = createDb(database, dbOptionsFrom(config));
await migrateToLatest(db);
const services = createServices(config, db, { liveHeartbeatMs: 5000 });
const app = await buildApp(services, { logger: false });
await app.ready();
await services.changeFeed.whenLive();
const origin = await listening(app);
const clients = fork(new URL("./stream-clients.ts", import.meta.url).pathname, [], { execArgv: ["--import", "tsx"] });
const fromClients = (kind: string) =>
  new Promise<void>((resolve) => {
    const listener = (message: { kind: string }) => {
      if (message.kind !== kind) return;
      clients.off("message", listener);
      resolve();
    };
    clients.on("message", listener);
  });

try {
  console.log(
    `bench:stream on ${ENGINE === "postgres" ? "PostgreSQL" : "SQLite"}, one instance, ${STREAMS} streams (Node ${process.version})`,
  );
  if (!globalThis.gc) console.log("(run with --expose-gc for steadier memory figures)");

  // Students and sessions written straight into the database: 10,000 sign-ins would measure argon2.
  const now = new Date().toISOString();
  const userIds: number[] = [];
  for (let i = 0; i < STREAMS + 1; i += 500) {
    const rows = Array.from({ length: Math.min(500, STREAMS + 1 - i) }, (_, k) => ({
      email: `student-${i + k}@example.com`,
      password_hash: null,
      first_name: "Student",
      last_name: String(i + k),
      profile_image_url: null,
      is_admin: 0,
      password_reset_required: 0,
      temporary_password_expires_at: null,
      user_classes: "[]",
      evening_summary_time: null,
      school_schedule: null,
      schedule_source: null,
      created_at: now,
      updated_at: now,
    }));
    userIds.push(...(await db.insertInto("users").values(rows).returning("id").execute()).map((r) => r.id));
  }
  const [writer, ...others] = userIds as [number, ...number[]];
  // Session rows as sessions.create writes them, 500 to a statement (one by one, SQLite's durable commits take minutes).
  const expires = new Date(Date.now() + SESSION_ABSOLUTE_MS).toISOString();
  const sessions = others.map((userId) => ({
    userId,
    id: randomBytes(32).toString("base64url"),
    csrfToken: randomBytes(32).toString("base64url"),
  }));
  for (let i = 0; i < sessions.length; i += 500) {
    const rows = sessions.slice(i, i + 500).map((s) => ({
      id_hash: hashSessionId(s.id),
      user_id: s.userId,
      csrf_token: s.csrfToken,
      created_at: now,
      last_seen_at: now,
      expires_at: expires,
      admin_unlocked_at: null,
    }));
    await db.insertInto("sessions").values(rows).execute();
  }
  const writerSessions = [
    await services.sessions.create(writer),
    await services.sessions.create(writer),
    await services.sessions.create(writer),
  ];
  const staff = await seedStaff(db, "staff@example.com");
  const schedule = schoolScheduleSchema.parse(AB_SCHEDULE);
  const headers = {
    "content-type": "application/json",
    cookie: `sid=${writerSessions[0]!.id}`,
    "x-csrf-token": writerSessions[0]!.csrfToken,
  };

  async function timedWrites(streams: { nextEvents(n: number): Promise<unknown> }[], writes = WRITES) {
    // Each run starts from an empty list: a student keeps at most MAX_TASKS_PER_USER tasks.
    await db.deleteFrom("tasks").where("user_id", "=", writer).execute();
    const answered: number[] = [];
    const evented: number[] = [];
    for (let i = 0; i < writes; i++) {
      const events = streams.map((s) => s.nextEvents(i + 1));
      const started = performance.now();
      const res = await fetch(`${origin}/api/tasks`, { method: "POST", headers, body: JSON.stringify({ title: `Task ${i}` }) });
      if (res.status !== 201) throw new Error(`POST /api/tasks answered ${res.status}`);
      await res.arrayBuffer();
      answered.push(performance.now() - started);
      await Promise.all(events);
      if (streams.length) evented.push(performance.now() - started);
    }
    return { answered, evented };
  }
  async function timedPublish(waitForStreams: boolean) {
    const done = waitForStreams ? fromClients("school-done") : undefined;
    if (waitForStreams) clients.send({ kind: "expect-school" });
    const started = performance.now();
    await services.schoolDay.publishSchedule(staff, schedule);
    const writeMs = performance.now() - started;
    await done;
    return { writeMs, allMs: performance.now() - started };
  }

  // Without any stream open.
  await timedWrites([], 20); // warm-up
  const bare = await timedWrites([]);
  await timedPublish(false);
  const barePublish = await timedPublish(false);

  const before = await settleMemory();
  const opening = performance.now();
  const opened = fromClients("opened");
  clients.send({ kind: "open", origin, cookies: sessions.map((s) => `sid=${s.id}`) });
  await opened;
  const openSeconds = (performance.now() - opening) / 1000;
  const after = await settleMemory();
  console.log(`\n${services.liveStreams.size} streams open in ${openSeconds.toFixed(1)} s`);
  console.log(
    `server memory per stream: heap ${((after.heapUsed - before.heapUsed) / STREAMS / 1024).toFixed(1)} KiB, RSS ${((after.rss - before.rss) / STREAMS / 1024).toFixed(1)} KiB`,
  );

  const cpu = process.cpuUsage();
  const idleStarted = performance.now();
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  const used = process.cpuUsage(cpu);
  const idleSeconds = (performance.now() - idleStarted) / 1000;
  console.log(
    `server CPU while idle for ${idleSeconds.toFixed(0)} s (heartbeat every 5 s): ${(((used.user + used.system) / 1e6 / idleSeconds) * 100).toFixed(2)} % of one core`,
  );

  // The writing student's 3 streams (a laptop, a phone, a tablet), beside the 10,000 others.
  const three = await Promise.all(writerSessions.map((s) => openStream(origin, { cookie: `sid=${s.id}` })));
  const live = await timedWrites(three);
  const fanOut = await timedPublish(true);
  const fanOut2 = await timedPublish(true);
  three.forEach((s) => s.close());

  console.log(`\nPOST /api/tasks, ${WRITES} writes, p50 / p99:`);
  console.log(`  no stream open:                 answer ${ms(percentile(bare.answered, 50))} / ${ms(percentile(bare.answered, 99))}`);
  console.log(`  ${STREAMS} + 3 streams open:        answer ${ms(percentile(live.answered, 50))} / ${ms(percentile(live.answered, 99))}`);
  console.log(
    `  request sent → event on all 3 of the writer's streams: ${ms(percentile(live.evented, 50))} / ${ms(percentile(live.evented, 99))}`,
  );
  console.log(`\nstaff publish the school's schedule:`);
  console.log(`  no stream open:            write ${ms(barePublish.writeMs)}`);
  for (const [i, run] of [fanOut, fanOut2].entries())
    console.log(
      `  ${STREAMS} streams open (run ${i + 1}): write ${ms(run.writeMs)}, until all ${STREAMS} streams had the event ${ms(run.allMs)}`,
    );
} finally {
  clients.send({ kind: "close" });
  await app.close();
  await db.destroy();
  await drop();
}
