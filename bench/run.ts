// npm run bench: requests per second and p50/p99 latency at 50 connections for the app's
// endpoints, each beside its bare twin measured in the same run: a bare Fastify route answering
// {} for the small answers, and bare routes serving the same task and event lists from memory
// (with a 304 for a matching ETag) for the list reads, and the admin's user search over 5,000
// accounts beside the bare {} route. The hot reads (issue 25) are measured in rounds, each right
// after its own twin, and a calibration row shows what 20 µs of work per request reads as. The
// server's own CPU time per request is printed beside each row (Linux). SQLite always; PostgreSQL
// too when DATABASE_URL is a postgres:// URL. BENCH_SECONDS shortens or lengthens each run.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { parseDatabaseUrl } from "../server/config";
import { createDb } from "../server/db/connection";
import { hashPassword } from "../server/services/passwords";
import { cpuSeconds, median } from "./server-figures";
import { BENCH_PASSWORD, signIn, signInHeaders } from "./sign-in";
import { waitFor } from "./wait-for";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const TASKS_PER_USER = 200;
const EVENTS_PER_USER = 200;
/** A school's accounts for the admin search; one in 50 is a Smith. */
const SCHOOL_USERS = 5000;
const ADMIN_PASSCODE = "B3NC";
/** The calibration row's work per request: what a known cost reads as against the bare route. */
const BARE_SPIN_US = 20;

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** The bare route this row is compared with. */
  baseline?: Row;
  /** For the hot reads (issue 25): also against a bare route that asks the database `select 1`. */
  floor?: Row;
  /** The server's own CPU time per request answered, in µs (from /proc; absent where there is none). */
  cpuUs?: number;
  /**
   * The hot reads are measured in rounds, each right after its twin and floor (pairedRounds): the
   * ratio of each round, so a machine whose speed drifts between rows moves both sides alike.
   */
  rounds?: Array<{ twin: number; floor: number; cpuTwin?: number }>;
}

/** The hot reads' rounds, each of their twin, their floor and them in turn. */
const ROUNDS = 3;

function startServer(script: string, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    // The production default log level (one access line per request), its output discarded.
    env: { ...process.env, LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return child.exitCode === null ? Promise.resolve(child) : Promise.reject(new Error(`${script} exited`));
}

/** Loads one route of `server` for `duration` seconds: its rates, and the server's CPU time per request. */
async function measure(name: string, server: ChildProcess, options: autocannon.Options, duration = SECONDS): Promise<Row> {
  const cpuBefore = cpuSeconds(server.pid);
  const result = await autocannon({ connections: CONNECTIONS, duration, ...options });
  const cpuAfter = cpuSeconds(server.pid);
  // A 304 is what the conditional rows ask for; anything else outside 2xx is an error.
  const errors = result.errors + result.timeouts + result.non2xx - (result.statusCodeStats?.["304"]?.count ?? 0);
  const cpuUs = cpuBefore === undefined || cpuAfter === undefined ? undefined : (1e6 * (cpuAfter - cpuBefore)) / result.requests.total;
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors, cpuUs };
}

/**
 * A hot read measured in ROUNDS rounds of its twin, its floor and itself, each for a share of
 * SECONDS: the row's figures are the medians of its rounds, and each round's ratios are kept.
 */
async function pairedRounds(
  name: string,
  app: { server: ChildProcess; options: autocannon.Options },
  bare: { server: ChildProcess; twin: autocannon.Options; floor: autocannon.Options },
): Promise<Row> {
  const duration = Math.max(2, Math.round(SECONDS / ROUNDS));
  const runs: Row[] = [];
  const rounds: NonNullable<Row["rounds"]> = [];
  for (let round = 0; round < ROUNDS; round++) {
    const twin = await measure("twin", bare.server, bare.twin, duration);
    const floor = await measure("floor", bare.server, bare.floor, duration);
    const run = await measure(name, app.server, app.options, duration);
    runs.push(run);
    rounds.push({
      twin: run.rps / twin.rps,
      floor: run.rps / floor.rps,
      ...(run.cpuUs && twin.cpuUs ? { cpuTwin: run.cpuUs / twin.cpuUs } : {}),
    });
  }
  const cpu = runs.map((r) => r.cpuUs).filter((us) => us !== undefined);
  return {
    name,
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    ...(cpu.length === runs.length ? { cpuUs: median(cpu) } : {}),
    rounds,
  };
}

/** A student's events: 200, a quarter of them weekly series, the rest one-off dates over a school year. */
function eventBody(i: number) {
  const day = String((i % 28) + 1).padStart(2, "0");
  const month = String((i % 10) + 1).padStart(2, "0");
  if (i % 4 === 0)
    return {
      title: `Practice ${i}`,
      date: `2026-${month}-${day}`,
      time: "15:30",
      eventType: "practice",
      recurring: "weekly",
      customDays: ["monday"],
    };
  return { title: `Event ${i}`, date: `2026-${month}-${day}`, time: "09:00", eventType: ["exam", "meeting", "custom"][i % 3] };
}

async function seed(base: string, owner: Record<string, string>) {
  const json = { ...owner, "content-type": "application/json" };
  const ids: number[] = [];
  for (let i = 0; i < TASKS_PER_USER; i++) {
    const res = await fetch(`${base}/api/tasks`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({
        title: `Task ${i}`,
        subject: "Mathematics",
        dueDate: "2026-12-01",
        priority: ["low", "medium", "high"][i % 3],
      }),
    });
    ids.push(((await res.json()) as { id: number }).id);
  }
  for (let i = 0; i < EVENTS_PER_USER; i++) {
    const res = await fetch(`${base}/api/events`, { method: "POST", headers: json, body: JSON.stringify(eventBody(i)) });
    if (res.status !== 201) throw new Error(`event: ${res.status} ${await res.text()}`);
  }
  return ids;
}

/**
 * 5,000 accounts written straight into the database (hashing 5,000 passwords over HTTP would take
 * minutes), then a signed-in admin past the passcode step-up: the headers of their browser.
 */
async function seedSchool(base: string, databaseUrl: string): Promise<Record<string, string>> {
  const db = createDb(parseDatabaseUrl(databaseUrl));
  try {
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    const now = new Date().toISOString();
    const rows = Array.from({ length: SCHOOL_USERS }, (_, i) => ({
      email: `student${i}-${Math.random().toString(36).slice(2, 8)}@school.example`,
      password_hash: passwordHash,
      first_name: ["Ava", "Liam", "Mia", "Noah", "Zoe"][i % 5]!,
      last_name: i % 50 === 0 ? "Smith" : `Family${i}`,
      is_admin: 0,
      password_reset_required: 0,
      user_classes: "[]",
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto("users")
        .values(rows.slice(i, i + 500))
        .execute();
    const admin = await signIn(base);
    await db.updateTable("users").set({ is_admin: 1 }).where("id", "=", admin.userId).execute();
    // Written behind the app's back, as the admin CLI does: the app forgets its kept session once it
    // notices (PostgreSQL: the notification; SQLite: within 10 ms, decision 093).
    await new Promise((resolve) => setTimeout(resolve, 100));
    const res = await fetch(`${base}/api/admin/login`, {
      method: "POST",
      headers: { ...admin.headers, "content-type": "application/json" },
      body: JSON.stringify({ passcode: ADMIN_PASSCODE }),
    });
    if (res.status !== 200) throw new Error(`admin login: ${res.status} ${await res.text()}`);
    return {
      cookie: res.headers
        .getSetCookie()
        .find((c) => c.startsWith("sid="))!
        .split(";")[0]!,
    };
  } finally {
    await db.destroy();
  }
}

/** The answer and ETag of a list read, as the bench's client will see them. */
async function read(url: string, headers: Record<string, string>) {
  const res = await fetch(url, { headers });
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return { body: await res.text(), etag: res.headers.get("etag")! };
}

async function benchEngine(label: string, databaseUrl: string, port: number): Promise<Row[]> {
  const server = await startServer("server/main.ts", {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: databaseUrl,
    CLIENT_DIR: "/nonexistent",
    ADMIN_PASSCODE,
  });
  const base = `http://127.0.0.1:${port}`;
  const bodies = fs.mkdtempSync(path.join(os.tmpdir(), "student-hub-bench-"));
  let bareServer: ChildProcess | undefined;
  try {
    await waitFor(`${base}/api/health`);
    const reader = await signInHeaders(base);
    const owner = await signInHeaders(base);
    const ids = await seed(base, owner);
    const admin = await seedSchool(base, databaseUrl);
    const tasks = await read(`${base}/api/tasks`, owner);
    const events = await read(`${base}/api/events`, owner);
    fs.writeFileSync(path.join(bodies, "tasks.json"), tasks.body);
    fs.writeFileSync(path.join(bodies, "events.json"), events.body);

    // The twins: the same bodies from memory, measured in this run, just before the app's reads.
    const barePort = port + 100;
    const bareBase = `http://127.0.0.1:${barePort}`;
    bareServer = await startServer("bench/bare-server.ts", {
      PORT: String(barePort),
      BARE_TASKS_FILE: path.join(bodies, "tasks.json"),
      BARE_EVENTS_FILE: path.join(bodies, "events.json"),
      BARE_DATABASE_URL: databaseUrl,
      BARE_SPIN_US: String(BARE_SPIN_US),
    });
    await waitFor(`${bareBase}/bare`);
    const onBare = (route: string, headers?: Record<string, string>) => ({ url: `${bareBase}${route}`, ...(headers ? { headers } : {}) });
    const bare304 = onBare("/bare-tasks", { "if-none-match": '"bare-tasks-1"' });
    const bareRow = (name: string, options: autocannon.Options) => measure(name, bareServer!, options);
    const bare = {
      empty: await bareRow(`bare {}`, onBare("/bare")),
      tasks: await bareRow(`bare 200 tasks (${kb(tasks.body)})`, onBare("/bare-tasks")),
      tasks304: await bareRow(`bare 304`, bare304),
      events: await bareRow(`bare 200 events (${kb(events.body)})`, onBare("/bare-events")),
      selectOne: await bareRow(`bare select 1 + {}`, onBare("/bare-select1")),
    };
    const calibration = { ...(await bareRow(`bare {} + ${BARE_SPIN_US} µs of CPU`, onBare("/bare-spin"))), baseline: bare.empty };
    // The bare server stays up, idle, for the hot reads' rounds below.
    const appRow = (name: string, options: autocannon.Options) => measure(name, server, options);
    const hotRead = (name: string, options: autocannon.Options, twin: autocannon.Options) =>
      pairedRounds(name, { server, options }, { server: bareServer!, twin, floor: onBare("/bare-select1") });

    const json = { ...owner, "content-type": "application/json" };
    const rows: Row[] = [
      { ...(await appRow(`GET /api/health`, { url: `${base}/api/health` })), baseline: bare.empty },
      {
        ...(await hotRead(`GET /api/user (signed in)`, { url: `${base}/api/user`, headers: reader }, onBare("/bare"))),
        baseline: bare.empty,
        floor: bare.selectOne,
      },
      { ...(await appRow(`GET /api/tasks (200 tasks)`, { url: `${base}/api/tasks`, headers: owner })), baseline: bare.tasks },
      {
        ...(await hotRead(`GET /api/tasks 304`, { url: `${base}/api/tasks`, headers: { ...owner, "if-none-match": tasks.etag } }, bare304)),
        baseline: bare.tasks304,
        floor: bare.selectOne,
      },
      { ...(await appRow(`GET /api/events (200 events)`, { url: `${base}/api/events`, headers: owner })), baseline: bare.events },
      {
        ...(await appRow(`PUT /api/tasks/{id} toggle`, {
          url: base,
          requests: [
            { method: "PUT", path: `/api/tasks/${ids[0]}`, headers: json, body: JSON.stringify({ completed: true }) },
            { method: "PUT", path: `/api/tasks/${ids[0]}`, headers: json, body: JSON.stringify({ completed: false }) },
          ],
        })),
        baseline: bare.empty,
      },
      {
        ...(await appRow(`GET /api/admin/users (first 50 of ${SCHOOL_USERS})`, { url: `${base}/api/admin/users`, headers: admin })),
        baseline: bare.empty,
      },
      {
        ...(await appRow(`GET /api/admin/users?search=smith`, { url: `${base}/api/admin/users?search=smith`, headers: admin })),
        baseline: bare.empty,
      },
      {
        ...(await appRow(`GET …/users?search=nobody (scan)`, { url: `${base}/api/admin/users?search=nobody`, headers: admin })),
        baseline: bare.empty,
      },
    ];
    return [...Object.values(bare), calibration, ...rows].map((row) => ({ ...row, name: `[${label}] ${row.name}` }));
  } finally {
    if (bareServer) await stop(bareServer);
    await stop(server);
    fs.rmSync(bodies, { recursive: true, force: true });
  }
}

function stop(child: ChildProcess): Promise<unknown> {
  if (child.exitCode !== null) return Promise.resolve();
  child.kill("SIGTERM");
  return new Promise((r) => child.once("exit", r));
}

const kb = (text: string) => `${(Buffer.byteLength(text) / 1024).toFixed(0)} KB`;

function print(rows: Row[]) {
  const fmt = (n: number, d = 0) => n.toFixed(d).padStart(9);
  console.log(
    `\n${CONNECTIONS} connections, ${SECONDS} s each, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "cpu"}), Node ${process.version}`,
  );
  console.log("Each app row's ratio is against the bare route of matching size measured earlier in the run (bare twin);");
  console.log("the hot reads also against the bare route that asks the database `select 1` (vs select 1). The hot reads");
  console.log(`are measured in ${ROUNDS} rounds, each right after its own twin and select 1: their ratios are the medians of the`);
  console.log("rounds' ratios (listed below the table). cpu µs: the server's own CPU time per request answered.");
  console.log(
    `${"endpoint".padEnd(46)}${"req/s".padStart(9)}${"p50 ms".padStart(9)}${"p99 ms".padStart(9)}${"cpu µs".padStart(9)}${"vs twin".padStart(9)}  ${"twin".padEnd(24)}${"vs select 1".padStart(12)}${"errors".padStart(7)}`,
  );
  const times = (value: number) => `${value.toFixed(2)}×`;
  const ratio = (r: Row, to: Row | undefined, pick: (round: NonNullable<Row["rounds"]>[number]) => number) => {
    if (!to) return "";
    return times(r.rounds ? median(r.rounds.map(pick)) : r.rps / to.rps);
  };
  for (const r of rows) {
    const cpu = r.cpuUs === undefined ? "" : r.cpuUs.toFixed(1);
    console.log(
      `${r.name.padEnd(46)}${fmt(r.rps)}${fmt(r.p50, 1)}${fmt(r.p99, 1)}${cpu.padStart(9)}${ratio(r, r.baseline, (round) => round.twin).padStart(9)}  ${(r.baseline?.name ?? "").padEnd(24)}${ratio(r, r.floor, (round) => round.floor).padStart(12)}${String(r.errors).padStart(7)}`,
    );
  }
  console.log("\nThe hot reads' rounds (req/s against the twin and select 1 measured just before; CPU per request against the twin's):");
  for (const r of rows.filter((row) => row.rounds))
    console.log(
      `${r.name.padEnd(46)}${r
        .rounds!.map((round) => `${times(round.twin)} ${times(round.floor)}${round.cpuTwin ? ` cpu ${times(round.cpuTwin)}` : ""}`)
        .join("  |  ")}`,
    );
}

const sqliteFile = path.join(os.tmpdir(), `student-hub-bench-${process.pid}.db`);
const rows = await benchEngine("sqlite", `sqlite:${sqliteFile}`, 3902);
for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(sqliteFile + suffix, { force: true });
if (process.env.DATABASE_URL?.startsWith("postgres")) rows.push(...(await benchEngine("postgres", process.env.DATABASE_URL, 3903)));
else console.log("PostgreSQL skipped: set DATABASE_URL=postgres://… to measure it too.");
print(rows);
