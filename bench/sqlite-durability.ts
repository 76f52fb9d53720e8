// npm run bench:durability: what SQLite's synchronous = FULL (the default: every commit is synced
// to disk, so an acknowledged write survives a power cut) costs against NORMAL (survives an app
// crash, not a power cut), measured in the same run on the same disk. Two figures:
// - task creates through the whole app (POST /api/tasks, one at a time and 20 at once);
// - bare single-row commits through better-sqlite3, the floor under those.
// BENCH_CREATES sets how many creates each run makes (default 1,000).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { buildApp } from "../server/app";
import { loadConfig } from "../server/config";
import { createDb, type SqliteSynchronous } from "../server/db/connection";
import { migrateToLatest } from "../server/db/migrate";
import { createServices } from "../server/services";

const CREATES = Number(process.env.BENCH_CREATES ?? 1000);
const dir = fs.mkdtempSync(path.join(process.env.BENCH_DIR ?? os.tmpdir(), "student-hub-durability-"));

async function appCreatesPerSecond(mode: SqliteSynchronous, concurrency: number): Promise<number> {
  const file = path.join(dir, `app-${mode}-${concurrency}.db`);
  const config = { ...loadConfig({}), database: { kind: "sqlite" as const, file }, logLevel: "silent", clientDir: "/nonexistent" };
  const db = createDb(config.database, { sqliteSynchronous: mode });
  await migrateToLatest(db);
  const app = await buildApp(createServices(config, db), { logger: false });
  const password = "Bench!Passw0rd1";
  const register = await app.inject({
    method: "POST",
    url: "/api/register",
    payload: { firstName: "B", lastName: "B", email: `b-${mode}-${concurrency}@example.com`, password, confirmPassword: password },
  });
  const cookie = `sid=${register.cookies.find((c) => c.name === "sid")!.value}`;
  const csrfToken = (await app.inject({ url: "/api/csrf-token", headers: { cookie } })).json().csrfToken as string;
  const headers = { cookie, "x-csrf-token": csrfToken, "content-type": "application/json" };
  const payload = JSON.stringify({ title: "Durable task", description: "x".repeat(200) });
  // Under the per-user cap, every run creates into a fresh user.
  const perUser = Math.min(CREATES, 450);
  const started = process.hrtime.bigint();
  for (let done = 0; done < perUser; done += concurrency) {
    const batch = Array.from({ length: Math.min(concurrency, perUser - done) }, () =>
      app.inject({ method: "POST", url: "/api/tasks", headers, payload }),
    );
    for (const res of await Promise.all(batch)) if (res.statusCode !== 201) throw new Error(`create answered ${res.statusCode}`);
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  await app.close();
  await db.destroy();
  return perUser / seconds;
}

function bareCommitsPerSecond(mode: SqliteSynchronous): number {
  const database = new SQLite(path.join(dir, `bare-${mode}.db`));
  database.pragma("journal_mode = WAL");
  database.pragma(`synchronous = ${mode}`);
  database.exec("create table t (id integer primary key, v text)");
  const insert = database.prepare("insert into t (v) values (?)");
  const started = process.hrtime.bigint();
  for (let i = 0; i < CREATES; i++) insert.run("x".repeat(200));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  database.close();
  return CREATES / seconds;
}

const rows: Array<[string, number, number]> = [];
for (const [name, measure] of [
  ["POST /api/tasks, one at a time", (m: SqliteSynchronous) => appCreatesPerSecond(m, 1)],
  ["POST /api/tasks, 20 at once", (m: SqliteSynchronous) => appCreatesPerSecond(m, 20)],
  ["bare single-row commit", async (m: SqliteSynchronous) => bareCommitsPerSecond(m)],
] as const) {
  const normal = await measure("NORMAL");
  const full = await measure("FULL");
  rows.push([name, normal, full]);
}
fs.rmSync(dir, { recursive: true, force: true });

console.log(`\nSQLite durability, ${os.cpus().length} cores, ${CREATES} writes per figure (creates capped at 450 per user)\n`);
console.log("| what | NORMAL writes/s | FULL writes/s | FULL as % of NORMAL |");
console.log("|---|---|---|---|");
for (const [name, normal, full] of rows) {
  console.log(`| ${name} | ${normal.toFixed(0)} | ${full.toFixed(0)} | ${((full / normal) * 100).toFixed(0)} % |`);
}
