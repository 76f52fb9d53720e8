// npm run bench:cold-start: how long the server takes from its process start to its first healthy
// GET /api/health, and from SIGTERM to its exit, started three ways in turn, round after round, in
// the same run (docs/decisions/103): `npm start` (the compiled server, through npm, as a supervisor
// starts it), `node dist-server/main.js` (the compiled server alone) and `tsx server/main.ts` (the
// TypeScript loader, as `npm start` ran the server before it was compiled, and as `npm run dev`
// still does). Every start opens the same SQLite database, migrated by a first start that is not
// counted. BENCH_ROUNDS (default 7) sets the rounds; BENCH_PORT the port (default: a free one).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { freePort } from "../server/test/processes";
import { median } from "./server-figures";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);

const STARTS: Array<{ name: string; command: string; args: string[] }> = [
  { name: "npm start (compiled)", command: "npm", args: ["start", "--silent"] },
  { name: "node dist-server/main.js", command: process.execPath, args: ["dist-server/main.js"] },
  { name: "tsx server/main.ts", command: path.resolve("node_modules/.bin/tsx"), args: ["server/main.ts"] },
];

/** True once GET /api/health answers 200. */
function healthy(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get({ host: "127.0.0.1", port, path: "/api/health", agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    request.on("error", () => resolve(false));
  });
}

interface Timing {
  startMs: number;
  stopMs: number;
}

async function startAndStop(start: (typeof STARTS)[number], port: number, databaseFile: string): Promise<Timing> {
  const began = performance.now();
  const child: ChildProcess = spawn(start.command, start.args, {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: `sqlite:${databaseFile}`, LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${start.name} exited before it was healthy`);
    if (await healthy(port)) break;
    await new Promise((r) => setTimeout(r, 5));
  }
  const startMs = performance.now() - began;
  const stopping = performance.now();
  child.kill("SIGTERM");
  await exited;
  return { startMs, stopMs: performance.now() - stopping };
}

const built = spawnSync(process.execPath, ["scripts/build-server.mjs"], { stdio: "inherit" });
if (built.status !== 0) throw new Error("building the server failed");
const port = Number(process.env.BENCH_PORT) || (await freePort());
const directory = fs.mkdtempSync(path.join(os.tmpdir(), "student-hub-cold-start-"));
const databaseFile = path.join(directory, "app.db");
try {
  await startAndStop(STARTS[1]!, port, databaseFile); // migrates the database; not counted
  const timings = new Map(STARTS.map((start) => [start.name, [] as Timing[]]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const start of STARTS) timings.get(start.name)!.push(await startAndStop(start, port, databaseFile));
  }
  console.log(`Cold start to the first healthy /api/health, and SIGTERM to exit (${ROUNDS} rounds, ms):`);
  const figures = (values: number[]) =>
    `median ${median(values).toFixed(0)} (min ${Math.min(...values).toFixed(0)}, max ${Math.max(...values).toFixed(0)})`;
  for (const [name, runs] of timings) {
    console.log(`  ${name.padEnd(26)} start ${figures(runs.map((run) => run.startMs))}   stop ${figures(runs.map((run) => run.stopMs))}`);
  }
} finally {
  fs.rmSync(directory, { recursive: true, force: true });
}
