// npm run bench:test-databases: what an API test's fresh database costs (issue 48, item 4). For each engine, N rounds of
// (A) a new empty database migrated to the latest schema, as server/test/harness.ts makes one today, beside
// (B) a copy of a database migrated once: PostgreSQL `CREATE DATABASE … TEMPLATE`, SQLite a copied file.
// Prints each one's median and B/A, measured in the same run, alternating A and B. PostgreSQL when TEST_DATABASE_URL is set.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createDb } from "../server/db/connection";
import { migrateToLatest } from "../server/db/migrate";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const timed = async (body: () => Promise<void>) => {
  const started = performance.now();
  await body();
  return performance.now() - started;
};

async function sqlite(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-test-db-"));
  const template = path.join(dir, "template.db");
  const db = createDb({ kind: "sqlite", file: template });
  await migrateToLatest(db);
  await db.destroy();
  const migrate: number[] = [];
  const copy: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    migrate.push(
      await timed(async () => {
        const fresh = createDb({ kind: "sqlite", file: path.join(dir, `m${round}.db`) });
        await migrateToLatest(fresh);
        await fresh.destroy();
      }),
    );
    copy.push(
      await timed(async () => {
        fs.copyFileSync(template, path.join(dir, `c${round}.db`));
        const copied = createDb({ kind: "sqlite", file: path.join(dir, `c${round}.db`) });
        await migrateToLatest(copied); // finds nothing to do, as the harness would
        await copied.destroy();
      }),
    );
  }
  fs.rmSync(dir, { recursive: true, force: true });
  report("SQLite", migrate, copy);
}

async function postgres(adminUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const url = (name: string) => Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  const template = `bench_template_${process.pid}`;
  const names: string[] = [template];
  await admin.query(`create database ${template}`);
  const db = createDb({ kind: "postgres", url: url(template) }, { poolSize: 2 });
  await migrateToLatest(db);
  await db.destroy();
  const migrate: number[] = [];
  const clone: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const fresh = `bench_fresh_${process.pid}_${round}`;
    const cloned = `bench_clone_${process.pid}_${round}`;
    names.push(fresh, cloned);
    migrate.push(
      await timed(async () => {
        await admin.query(`create database ${fresh}`);
        const freshDb = createDb({ kind: "postgres", url: url(fresh) }, { poolSize: 2 });
        await migrateToLatest(freshDb);
        await freshDb.destroy();
      }),
    );
    clone.push(
      await timed(async () => {
        await admin.query(`create database ${cloned} template ${template}`);
        const clonedDb = createDb({ kind: "postgres", url: url(cloned) }, { poolSize: 2 });
        await migrateToLatest(clonedDb);
        await clonedDb.destroy();
      }),
    );
  }
  for (const name of names) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  report("PostgreSQL", migrate, clone);
}

function report(engine: string, migrate: number[], copy: number[]) {
  const [a, b] = [median(migrate), median(copy)];
  console.log(
    `${engine.padEnd(11)} A new database migrated: ${a.toFixed(1)} ms   B a copy of a migrated one: ${b.toFixed(1)} ms   B/A ${(b / a).toFixed(2)}   (medians of ${ROUNDS})`,
  );
}

await sqlite();
if (process.env.TEST_DATABASE_URL) await postgres(process.env.TEST_DATABASE_URL);
else console.log("PostgreSQL  skipped: set TEST_DATABASE_URL=postgres://… to measure it");
