// npm run bench:ab -- <other checkout>: the server's own CPU time per hot read (GET /api/user and
// a task list 304, signed in, session in memory) of this checkout (A) against another checkout of
// the app (B, e.g. `git worktree add /tmp/before <commit>` with node_modules linked), both started
// side by side and loaded in turn, round after round, so a machine whose speed drifts moves both
// alike. Both first serve the student's other reads, as a working server has. Prints each round
// and the medians; B/A above 1 means B spends more per request.
// BENCH_ROUNDS (8) and BENCH_SECONDS (2 per load) tune it; SQLite, a fresh file per server.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { cpuSeconds, median } from "./server-figures";
import { signInHeaders } from "./sign-in";
import { waitFor } from "./wait-for";

const otherCheckout = process.argv[2];
if (!otherCheckout || !fs.existsSync(path.join(otherCheckout, "server/main.ts"))) {
  console.error("usage: npm run bench:ab -- <path to another checkout of the app, with its node_modules>");
  process.exit(2);
}
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const CONNECTIONS = 50;

/** A server's CPU seconds so far; this bench needs them (Linux). */
function cpuSecondsOf(server: Server): number {
  const seconds = cpuSeconds(server.child.pid);
  if (seconds === undefined) throw new Error("bench:ab reads each server's CPU time from /proc: Linux only");
  return seconds;
}

interface Server {
  name: string;
  child: ChildProcess;
  base: string;
  cookie: string;
  tasksEtag: string;
  file: string;
}

async function start(name: string, checkout: string, port: number): Promise<Server> {
  const file = path.join(os.tmpdir(), `student-hub-ab-${process.pid}-${name}.db`);
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: checkout,
    // The production default level (one access line per request), its output discarded.
    env: {
      ...process.env,
      LOG_LEVEL: "info",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: `sqlite:${file}`,
      CLIENT_DIR: "/nonexistent",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`);
  const { cookie } = await signInHeaders(base);
  const tasksEtag = (await fetch(`${base}/api/tasks`, { headers: { cookie } })).headers.get("etag")!;
  await serveOtherReads(base, cookie);
  return { name, child, base, cookie, tasksEtag, file };
}

/**
 * The student's other reads, a few times each, before any measurement. A server that has served
 * only one route runs code the JIT specialised for it: a hot read then costs about a quarter less
 * than on a server that has answered a few hundred other requests (decision 095), which is what a
 * school's server always has. A route the other checkout lacks answers 404, which is still a read.
 */
const OTHER_READS = [
  "/api/tasks",
  "/api/events",
  "/api/user/classes",
  "/api/user/preferences",
  "/api/user/schedule",
  "/api/push/subscriptions",
  "/api/calendar-feed",
  "/api/settings/public",
  "/api/csrf-token",
];

async function serveOtherReads(base: string, cookie: string) {
  for (let i = 0; i < 50; i++)
    for (const route of OTHER_READS) await (await fetch(`${base}${route}`, { headers: { cookie } })).arrayBuffer();
}

const reads = [
  { name: "GET /api/user", request: (s: Server) => ({ url: `${s.base}/api/user`, headers: { cookie: s.cookie } }) },
  {
    name: "GET /api/tasks 304",
    request: (s: Server) => ({ url: `${s.base}/api/tasks`, headers: { cookie: s.cookie, "if-none-match": s.tasksEtag } }),
  },
];

async function cpuPerRequest(server: Server, options: autocannon.Options): Promise<number> {
  const before = cpuSecondsOf(server);
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  if (result.errors + result.timeouts > 0) throw new Error(`${server.name}: ${result.errors} errors, ${result.timeouts} time-outs`);
  return (1e6 * (cpuSecondsOf(server) - before)) / result.requests.total;
}

const servers: Server[] = [];
try {
  servers.push(await start("A", process.cwd(), 3990), await start("B", otherCheckout, 3991));
  console.log(`A: ${process.cwd()}\nB: ${otherCheckout}\n${CONNECTIONS} connections, ${SECONDS} s per load, ${ROUNDS} rounds`);
  for (const read of reads) {
    // Warm both up first: the JIT, the session kept in memory.
    for (const server of servers) await cpuPerRequest(server, read.request(server));
    const figures: Record<string, number[]> = { A: [], B: [] };
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate who goes first, so neither always follows the other's load.
      for (const server of round % 2 ? [...servers].reverse() : servers)
        figures[server.name]!.push(await cpuPerRequest(server, read.request(server)));
    }
    const [a, b] = [median(figures.A!), median(figures.B!)];
    console.log(`\n${read.name}: server CPU µs per request`);
    console.log(`  A ${figures.A!.map((us) => us.toFixed(1)).join(" ")}`);
    console.log(`  B ${figures.B!.map((us) => us.toFixed(1)).join(" ")}`);
    console.log(`  medians A ${a.toFixed(1)}  B ${b.toFixed(1)}  B/A ${(b / a).toFixed(2)}×`);
  }
} finally {
  for (const server of servers) {
    server.child.kill("SIGTERM");
    await new Promise((resolve) => (server.child.exitCode === null ? server.child.once("exit", resolve) : resolve(null)));
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(server.file + suffix, { force: true });
  }
}
