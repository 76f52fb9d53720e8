import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from "kysely";
import pg from "pg";
import type { DatabaseConfig } from "../config";
import type { Database } from "./schema";

export type Db = Kysely<Database>;
/**
 * What a repository runs its queries on: the database itself, or a transaction opened by
 * `inTransaction` (server/db/transaction.ts) so several repository calls commit or roll back together.
 */
export type Executor = Kysely<Database> | Transaction<Database>;

/**
 * SQLite's durability for an acknowledged write (docs/decisions/053): FULL syncs the write-ahead
 * log at every commit, so a saved task survives a power cut; NORMAL survives a crash of the app
 * but may lose the last commits when the machine loses power.
 */
export type SqliteSynchronous = "FULL" | "NORMAL";

export function createDb(config: DatabaseConfig, options: { poolSize?: number; sqliteSynchronous?: SqliteSynchronous } = {}): Db {
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
  database.pragma(`synchronous = ${options.sqliteSynchronous === "NORMAL" ? "NORMAL" : "FULL"}`);
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
}

/** Enough for every query shape the app issues; bounded because `in (…)` lists vary in length. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares a fresh better-sqlite3 statement for every query; compiling the same SQL
 * again on each request was a measurable share of a request's time (see bench/). Reusing a
 * statement is safe here because better-sqlite3 runs it synchronously and the app never streams.
 */
function withStatementCache(database: SQLite.Database) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement) {
        // Re-insert so the Map's order is least recently used first.
        statements.delete(sql);
      } else {
        statement = database.prepare(sql);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}

export function isPostgres(db: Pick<Kysely<Database>, "getExecutor">): boolean {
  return db.getExecutor().adapter.constructor.name === "PostgresAdapter";
}
