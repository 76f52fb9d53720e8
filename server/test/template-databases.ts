import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { createDb } from "../db/connection";
import { migrateToLatest } from "../db/migrate";

/**
 * The API project's global set-up (vitest.config.ts): one database of each engine migrated to the
 * latest schema, once per run, that every test's fresh database is copied from (server/test/
 * harness.ts `migratedCopy`) instead of migrating an empty one: a file copy on SQLite, `CREATE
 * DATABASE … TEMPLATE` on PostgreSQL. `npm run bench:test-databases` measures both ways.
 */
declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated SQLite file to copy. */
    sqliteTemplate: string;
    /** The migrated PostgreSQL database to clone, or "" without TEST_DATABASE_URL. */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "student-hub-template-"));
  const sqliteTemplate = path.join(dir, "template.db");
  const sqlite = createDb({ kind: "sqlite", file: sqliteTemplate });
  await migrateToLatest(sqlite);
  await sqlite.destroy();
  project.provide("sqliteTemplate", sqliteTemplate);

  const adminUrl = process.env.TEST_DATABASE_URL;
  let postgresTemplate = "";
  if (adminUrl) {
    postgresTemplate = `student_hub_template_${randomBytes(6).toString("hex")}`;
    await adminQuery(adminUrl, `create database ${postgresTemplate}`);
    const url = new URL(adminUrl);
    url.pathname = `/${postgresTemplate}`;
    const db = createDb({ kind: "postgres", url: url.toString() }, { poolSize: 1 });
    await migrateToLatest(db);
    // A template may have no connection open while it is copied.
    await db.destroy();
  }
  project.provide("postgresTemplate", postgresTemplate);

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (adminUrl && postgresTemplate) await adminQuery(adminUrl, `drop database if exists ${postgresTemplate} with (force)`);
  };
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
