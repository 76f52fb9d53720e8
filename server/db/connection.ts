import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import type { DatabaseConfig } from "../config";
import type { Database } from "./schema";

export type Db = Kysely<Database>;

export function createDb(config: DatabaseConfig, options: { poolSize?: number } = {}): Db {
  if (config.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: config.url, max: options.poolSize ?? 10 });
    // An idle client's error (the server restarted, say) must not crash the process.
    pool.on("error", () => {});
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  if (config.file !== ":memory:") fs.mkdirSync(path.dirname(config.file), { recursive: true });
  const database = new SQLite(config.file);
  database.pragma("journal_mode = WAL");
  database.pragma("foreign_keys = ON");
  database.pragma("busy_timeout = 5000");
  database.pragma("synchronous = NORMAL");
  return new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
}

export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === "PostgresAdapter";
}
