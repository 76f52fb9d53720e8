// npm run bench: requests per second and p50/p99 latency at 50 connections for the app's
// endpoints, beside a bare Fastify route measured in the same run. SQLite always; PostgreSQL
// too when DATABASE_URL is a postgres:// URL. BENCH_SECONDS shortens or lengthens each run.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { waitFor } from "./wait-for";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const TASKS_PER_USER = 200;
const PASSWORD = "Bench!Passw0rd1";

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

function startServer(script: string, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    env: { ...process.env, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  return child.exitCode === null ? Promise.resolve(child) : Promise.reject(new Error(`${script} exited`));
}

async function measure(name: string, options: autocannon.Options): Promise<Row> {
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  const errors = result.errors + result.timeouts + result.non2xx;
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors };
}

/** Signs a new user in over HTTP and returns the headers a browser would send. */
async function signIn(base: string) {
  const email = `bench-${Math.random().toString(36).slice(2)}@example.com`;
  const res = await fetch(`${base}/api/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ firstName: "Bench", lastName: "User", email, password: PASSWORD, confirmPassword: PASSWORD }),
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith("sid="))!
    .split(";")[0]!;
  const { csrfToken } = (await (await fetch(`${base}/api/csrf-token`, { headers: { cookie } })).json()) as { csrfToken: string };
  return { cookie, "x-csrf-token": csrfToken };
}

async function benchEngine(label: string, databaseUrl: string, port: number): Promise<Row[]> {
  const server = await startServer("server/main.ts", {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: databaseUrl,
    CLIENT_DIR: "/nonexistent",
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/api/health`);
    const reader = await signIn(base);
    const owner = await signIn(base);
    const ids: number[] = [];
    for (let i = 0; i < TASKS_PER_USER; i++) {
      const res = await fetch(`${base}/api/tasks`, {
        method: "POST",
        headers: { ...owner, "content-type": "application/json" },
        body: JSON.stringify({
          title: `Task ${i}`,
          subject: "Mathematics",
          dueDate: "2026-12-01",
          priority: ["low", "medium", "high"][i % 3],
        }),
      });
      ids.push(((await res.json()) as { id: number }).id);
    }
    const json = { ...owner, "content-type": "application/json" };
    const rows = [
      await measure(`[${label}] GET /api/health`, { url: `${base}/api/health` }),
      await measure(`[${label}] GET /api/user (signed in)`, { url: `${base}/api/user`, headers: reader }),
      await measure(`[${label}] GET /api/tasks (200 tasks)`, { url: `${base}/api/tasks`, headers: owner }),
      await measure(`[${label}] PUT /api/tasks/{id} toggle`, {
        url: base,
        requests: [
          { method: "PUT", path: `/api/tasks/${ids[0]}`, headers: json, body: JSON.stringify({ completed: true }) },
          { method: "PUT", path: `/api/tasks/${ids[0]}`, headers: json, body: JSON.stringify({ completed: false }) },
        ],
      }),
    ];
    return rows;
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
  }
}

function print(rows: Row[], bare: Row) {
  const fmt = (n: number, d = 0) => n.toFixed(d).padStart(9);
  console.log(
    `\n${CONNECTIONS} connections, ${SECONDS} s each, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "cpu"}), Node ${process.version}`,
  );
  console.log(
    `${"endpoint".padEnd(42)}${"req/s".padStart(9)}${"p50 ms".padStart(9)}${"p99 ms".padStart(9)}${"vs bare".padStart(9)}${"errors".padStart(8)}`,
  );
  for (const r of [bare, ...rows]) {
    console.log(
      `${r.name.padEnd(42)}${fmt(r.rps)}${fmt(r.p50, 1)}${fmt(r.p99, 1)}${`${((r.rps / bare.rps) * 100).toFixed(1)}%`.padStart(9)}${String(r.errors).padStart(8)}`,
    );
  }
}

const bareServer = await startServer("bench/bare-server.ts", { PORT: "3901" });
await waitFor("http://127.0.0.1:3901/bare");
const bare = await measure("bare Fastify route {}", { url: "http://127.0.0.1:3901/bare" });
bareServer.kill("SIGTERM");

const sqliteFile = path.join(os.tmpdir(), `student-hub-bench-${process.pid}.db`);
const rows = await benchEngine("sqlite", `sqlite:${sqliteFile}`, 3902);
for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(sqliteFile + suffix, { force: true });
if (process.env.DATABASE_URL?.startsWith("postgres")) rows.push(...(await benchEngine("postgres", process.env.DATABASE_URL, 3903)));
else console.log("PostgreSQL skipped: set DATABASE_URL=postgres://… to measure it too.");
print(rows, bare);
