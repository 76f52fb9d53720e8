import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  Kysely,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type SqliteDatabase,
  SqliteDialect,
  type SqliteStatement,
  type Transaction,
} from "kysely";
import pg from "pg";
import type { AppConfig, DatabaseConfig } from "../config";
import type { Database } from "./schema";
import { DatabaseUnavailableError, isDatabaseUnavailable } from "./unavailable";

export type Db = Kysely<Database>;
/**
 * What a repository runs its queries on: the database itself, or a transaction opened by
 * `inTransaction` (server/repositories/transaction.ts) so several repository calls commit or roll back together.
 */
export type Executor = Kysely<Database> | Transaction<Database>;

/**
 * SQLite's durability for an acknowledged write (docs/decisions/053): FULL syncs the write-ahead
 * log at every commit, so a saved task survives a power cut; NORMAL survives a crash of the app
 * but may lose the last commits when the machine loses power.
 */
export type SqliteSynchronous = "FULL" | "NORMAL";

export interface DbOptions {
  poolSize?: number;
  sqliteSynchronous?: SqliteSynchronous;
  /** PostgreSQL: longest wait to open a connection or get a free one from the pool (default 5 s). */
  connectTimeoutMs?: number;
  /**
   * Longest a statement may run: PostgreSQL's statement_timeout, with the client giving up a second
   * later when the server cannot even answer; SQLite's busy_timeout. 0 turns it off (migrations).
   */
  statementTimeoutMs?: number;
  /** PostgreSQL ends a transaction left idle longer than this (a request that gave up mid-way). */
  idleInTransactionTimeoutMs?: number;
  /** Told about each connection lost in the background (the server restarted, a backend was ended). */
  onConnectionError?: (error: Error) => void;
}

/** What the configuration says about time-outs, as `createDb` options (decision 050). */
export function dbOptionsFrom(
  config: Pick<
    AppConfig,
    "databasePoolSize" | "databaseConnectTimeoutMs" | "databaseStatementTimeoutMs" | "requestTimeoutMs" | "sqliteSynchronous"
  >,
): DbOptions {
  return {
    poolSize: config.databasePoolSize,
    sqliteSynchronous: config.sqliteSynchronous,
    connectTimeoutMs: config.databaseConnectTimeoutMs,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
    // No transaction outlives the request that opened it.
    idleInTransactionTimeoutMs: config.requestTimeoutMs,
  };
}

/**
 * What a Db has been through, for the metrics (decision 106): read when scraped, so counting costs a
 * query nothing but an addition, and only when it fails.
 */
export interface DatabaseStats {
  engine: DatabaseConfig["kind"];
  /** Failed statements and failed attempts to get a connection, by whether the database was unavailable (decision 050) or refused the statement. */
  errors: { unavailable: number; query: number };
  /** PostgreSQL's connection pool as it is now; undefined for SQLite (one connection, no pool). */
  pool?: () => { max: number; total: number; idle: number; waiting: number };
}

const databaseStats = new WeakMap<Db, DatabaseStats>();

/** What `db` (made by createDb) has been through; undefined for a Db made elsewhere. */
export function databaseStatsOf(db: Db): DatabaseStats | undefined {
  return databaseStats.get(db);
}

function countError(stats: DatabaseStats, error: unknown): void {
  if (isDatabaseUnavailable(error)) stats.errors.unavailable++;
  else stats.errors.query++;
}

export function createDb(config: DatabaseConfig, options: DbOptions = {}): Db {
  const statementTimeoutMs = options.statementTimeoutMs ?? 5000;
  const stats: DatabaseStats = { engine: config.kind, errors: { unavailable: 0, query: 0 } };
  const noteError = (error: unknown) => countError(stats, error);
  if (config.kind === "postgres") {
    const poolSize = options.poolSize ?? 10;
    const pool = new pg.Pool({
      connectionString: config.url,
      max: poolSize,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
      keepAlive: true,
      ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs, query_timeout: statementTimeoutMs + 1000 } : {}),
      idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs ?? 15_000,
    });
    const onConnectionError = options.onConnectionError ?? (() => {});
    // pg emits 'error' on a client whose connection dies, idle or checked out; with no listener
    // that 'error' event ends the process. The pool's own listener covers idle clients only, so
    // every client gets one for its whole life. The failed query itself rejects as usual.
    pool.on("connect", (client) => client.on("error", onConnectionError));
    pool.on("error", () => {}); // the same error, already reported by the client's listener
    stats.pool = () => ({ max: poolSize, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: reportingUnavailability(pool, noteError) }) });
    databaseStats.set(db, stats);
    return db;
  }
  if (config.file !== ":memory:") fs.mkdirSync(path.dirname(config.file), { recursive: true });
  const database = new SQLite(config.file);
  database.pragma("journal_mode = WAL");
  database.pragma("foreign_keys = ON");
  database.pragma(`busy_timeout = ${statementTimeoutMs}`);
  database.pragma(`synchronous = ${options.sqliteSynchronous === "NORMAL" ? "NORMAL" : "FULL"}`);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(database, noteError) }) });
  sqliteConnections.set(db, database);
  databaseStats.set(db, stats);
  return db;
}

/** The one better-sqlite3 connection behind each SQLite Db, for what Kysely cannot express (change-feed.ts). */
const sqliteConnections = new WeakMap<Db, SQLite.Database>();

/** The SQLite connection of `db`, or undefined for PostgreSQL. */
export function sqliteConnectionOf(db: Db): SQLite.Database | undefined {
  return sqliteConnections.get(db);
}

/**
 * The pool as Kysely sees it, with two changes: failing to get a connection throws
 * DatabaseUnavailableError (whatever pg's error was: refused, terminated, timed out, "not
 * accepting connections"), and a client whose query failed because its connection is unusable
 * (cut, or the server stopped answering) goes back to the pool as broken, so it is closed and
 * never handed out again. Every failure is told to `noteError` (the metrics).
 */
function reportingUnavailability(pool: pg.Pool, noteError: (error: unknown) => void): PostgresPool {
  return {
    async connect() {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        const unavailable = new DatabaseUnavailableError(error);
        noteError(unavailable);
        throw unavailable;
      }
      let broken: Error | undefined;
      const wrapped = {
        async query(text: string, parameters: ReadonlyArray<unknown>) {
          try {
            return await client.query(text, [...parameters]);
          } catch (error) {
            noteError(error);
            // A cancelled statement (57014) leaves a healthy connection; anything else unavailable does not.
            if (isDatabaseUnavailable(error) && (error as { code?: string }).code !== "57014") broken = error as Error;
            throw error;
          }
        },
        release: () => client.release(broken),
      };
      return wrapped as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
    // Kysely opens a separate control connection with these to cancel a statement that timed out.
    options: pool.options,
    Client: pg.Client as unknown as PostgresPool["Client"],
  };
}

/** Enough for every query shape the app issues; bounded because `in (…)` lists vary in length. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares a fresh better-sqlite3 statement for every query; compiling the same SQL
 * again on each request was a measurable share of a request's time (see bench/). Reusing a
 * statement is safe here because better-sqlite3 runs it synchronously and the app never streams.
 */
function withStatementCache(database: SQLite.Database, noteError: (error: unknown) => void): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => database.close(),
    prepare(text: string) {
      // Kysely opens every transaction with a deferred "begin". One that reads and then writes
      // must upgrade its lock, and if another process (the admin CLI, a second instance starting,
      // a test seeding rows) wrote the file meanwhile, SQLite refuses at once with SQLITE_BUSY:
      // the busy timeout does not cover that upgrade. "begin immediate" takes the write lock
      // first, waiting up to the busy timeout, so a transaction never fails halfway for it.
      const sql = text === "begin" ? "begin immediate" : text;
      let statement = statements.get(sql);
      if (statement) {
        // Re-insert so the Map's order is least recently used first.
        statements.delete(sql);
      } else {
        statement = countingFailures(prepareCounted(database, sql, noteError), noteError);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}

function prepareCounted(database: SQLite.Database, sql: string, noteError: (error: unknown) => void): SQLite.Statement {
  try {
    return database.prepare(sql);
  } catch (error) {
    noteError(error);
    throw error;
  }
}

/** The statement as Kysely runs it, each failure told to `noteError`; made once per cached statement, not per query. */
function countingFailures(statement: SQLite.Statement, noteError: (error: unknown) => void): SqliteStatement {
  return {
    reader: statement.reader,
    all(parameters) {
      try {
        return statement.all(parameters);
      } catch (error) {
        noteError(error);
        throw error;
      }
    },
    run(parameters) {
      try {
        return statement.run(parameters);
      } catch (error) {
        noteError(error);
        throw error;
      }
    },
    iterate(parameters) {
      try {
        return statement.iterate(parameters);
      } catch (error) {
        noteError(error);
        throw error;
      }
    },
  };
}

export function isPostgres(db: Pick<Kysely<Database>, "getExecutor">): boolean {
  return db.getExecutor().adapter.constructor.name === "PostgresAdapter";
}
