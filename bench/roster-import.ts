// npm run bench:roster: what a roster import of 5,000 students costs (issue 35), through the app
// (Fastify's inject, the real database: SQLite, and PostgreSQL too when TEST_DATABASE_URL is set).
// Baselines measured in the same run, just before: hashing 500 temporary passwords directly, two at
// a time as the import does (the floor: argon2 is most of an import's time), and importing 500
// lines. Timed against them: the preview of 5,000 lines, the import of 5,000 with temporary
// passwords (per line, it should cost what the 500 did: the work grows with the lines, no faster);
// the import of 5,000 with single sign-on (no passwords to hash: the database's share); and a
// student's sign-in alone and while a 1,000-line import hashes (the import holds half of the
// hasher, server/services/passwords.ts, so a sign-in waits for a hash at most, not for the file).
// On a shared machine the figures move with its load: compare the ratios of one run.
import os from "node:os";
import { performance } from "node:perf_hooks";
import { ROSTER_IMPORT_TIMEOUT_MS } from "../core/schemas/admin";
import { generateTemporaryPassword, ROSTER_HASH_CONCURRENCY } from "../server/services/admin-service";
import { hashPassword } from "../server/services/passwords";
import { mapBounded } from "../server/services/roster-import";
import { buildTestApp, type EngineName, STRONG_PASSWORD, TestClient, type TestApp } from "../server/test/harness";

const PASSCODE = "K7QM";
const SSO_ENV = {
  OIDC_GOOGLE_CLIENT_ID: "bench",
  OIDC_GOOGLE_CLIENT_SECRET: "bench-secret",
  OIDC_GOOGLE_ISSUER: "http://127.0.0.1:9",
  PUBLIC_URL: "http://localhost:3000",
};
const ROWS = Number(process.env.BENCH_ROWS ?? 5000);
const engines: EngineName[] = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(0));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

let batch = 0;
/** A file of `count` new students, each run's emails its own. */
function roster(count: number): string {
  batch++;
  const lines = Array.from({ length: count }, (_, i) => `student${i}.b${batch}@school.test,Student,Number ${i}`);
  return ["email,firstName,lastName,isAdmin", ...lines].join("\r\n");
}

async function unlockedAdmin(t: TestApp): Promise<TestClient> {
  const client = new TestClient(t.app);
  const { user } = await client.register({ firstName: "Bench" });
  await t.db.updateTable("users").set({ is_admin: 1 }).where("id", "=", user.id).execute();
  const res = await client.request("POST", "/api/admin/login", { passcode: PASSCODE });
  if (res.statusCode !== 200) throw new Error(`unlock: ${res.statusCode} ${res.body}`);
  await client.refreshCsrf();
  return client;
}

async function timedImport(admin: TestClient, csv: string, dryRun: boolean, expectCreated: number): Promise<number> {
  const start = performance.now();
  const res = await admin.request("POST", "/api/admin/users/import", { csv, dryRun });
  const took = performance.now() - start;
  if (res.statusCode !== 200) throw new Error(`import: ${res.statusCode} ${res.body.slice(0, 300)}`);
  const created = res.json().created;
  if (created !== expectCreated) throw new Error(`import created ${created}, expected ${expectCreated}`);
  return took;
}

/** Median time of `rounds` password sign-ins of one student, one after the other. */
async function signIns(t: TestApp, email: string, rounds: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    const res = await new TestClient(t.app).login(email, STRONG_PASSWORD);
    times.push(performance.now() - start);
    if (res.statusCode !== 200) throw new Error(`sign-in: ${res.statusCode} ${res.body}`);
  }
  return median(times);
}

/** Hashing `count` temporary passwords as the import does, outside the app. */
async function hashLoop(count: number): Promise<number> {
  const passwords = Array.from({ length: count }, () => generateTemporaryPassword());
  const start = performance.now();
  await mapBounded(passwords, ROSTER_HASH_CONCURRENCY, hashPassword);
  return performance.now() - start;
}

console.log(`Roster import; Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model}`);
console.log("| engine | what | ms | per line ms | ratio |");
console.log("|---|---|---|---|---|");
for (const engine of engines) {
  const t = await buildTestApp(engine, {
    env: { ADMIN_PASSCODE: PASSCODE, AUTH_RATE_LIMIT_MULTIPLIER: "100", REQUEST_TIMEOUT_MS: "15000" },
  });
  try {
    const admin = await unlockedAdmin(t);
    const student = new TestClient(t.app);
    const { body } = await student.register({ firstName: "Signs", lastName: "In" });
    const row = (what: string, took: number, lines: number, ratio = "") =>
      console.log(`| ${engine} | ${what} | ${ms(took)} | ${ms(took / lines)} | ${ratio} |`);

    const hashed = await hashLoop(500);
    row("hash 500 temporary passwords, 2 at a time (baseline)", hashed, 500, "1.00");
    const base = await timedImport(admin, roster(500), false, 500);
    row("import 500 (baseline)", base, 500, `${(base / hashed).toFixed(2)} × hashing`);
    const previewed = roster(ROWS);
    const preview = await timedImport(admin, previewed, true, 0);
    row(`preview ${ROWS}`, preview, ROWS, `${((preview / ROWS / base) * 500).toFixed(3)} × import per line`);
    const full = await timedImport(admin, previewed, false, ROWS);
    row(`import ${ROWS} with temporary passwords`, full, ROWS, `${((full / ROWS / base) * 500).toFixed(2)} × import 500 per line`);
    if (full > ROSTER_IMPORT_TIMEOUT_MS * 0.5)
      console.log(`|  | over half the route's ${ROSTER_IMPORT_TIMEOUT_MS / 1000} s time-out |  |  |  |`);

    const alone = await signIns(t, body.email, 9);
    const running = timedImport(admin, roster(1000), false, 1000);
    // Sign-ins while the import hashes (it hashes for most of its time).
    await new Promise((resolve) => setTimeout(resolve, 300));
    const busy = await signIns(t, body.email, 9);
    await running;
    row("a sign-in, alone (median of 9)", alone, 1, "1.00");
    row("a sign-in during a 1,000-line import (median of 9)", busy, 1, `${(busy / alone).toFixed(2)} × alone`);
  } finally {
    await t.close();
  }

  const sso = await buildTestApp(engine, { env: { ADMIN_PASSCODE: PASSCODE, ...SSO_ENV } });
  try {
    const admin = await unlockedAdmin(sso);
    const took = await timedImport(admin, roster(ROWS), false, ROWS);
    console.log(`| ${engine} | import ${ROWS} with single sign-on (no passwords) | ${ms(took)} | ${ms(took / ROWS)} |  |`);
  } finally {
    await sso.close();
  }
}
