import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { type Migration, Migrator } from "kysely/migration";
import { type Db, isPostgres } from "./connection";
import * as m01 from "./migrations/2026-11-22-01-users-sessions-settings";
import * as m02 from "./migrations/2026-11-22-02-tasks";
import * as m03 from "./migrations/2026-11-23-01-audit-log";
import * as m04 from "./migrations/2026-11-23-02-idempotency-keys";
import * as m05 from "./migrations/2026-11-23-03-events";
import * as m06 from "./migrations/2026-11-23-04-user-data-version";
import * as m07 from "./migrations/2026-11-25-01-admin-area";
import * as m08 from "./migrations/2026-11-25-02-push-subscriptions";
import * as m09 from "./migrations/2026-11-25-03-reminders";
import * as m10 from "./migrations/2026-11-25-04-school-schedule";
import * as m11 from "./migrations/2026-11-25-05-calendar-feeds";
import * as m12 from "./migrations/2026-11-25-06-cache-notifications";
import * as m13 from "./migrations/2026-11-26-01-user-locale";
import * as m14 from "./migrations/2026-11-26-02-sign-in-identities";
import * as m15 from "./migrations/2026-11-26-03-school-calendar";
import * as m16 from "./migrations/2026-11-26-04-announcements";
import * as m17 from "./migrations/2026-11-26-05-live-lists";
import * as m18 from "./migrations/2026-11-26-06-announcement-pruned-counts";
import * as m19 from "./migrations/2026-11-26-07-mail-and-reset-tokens";
import * as m20 from "./migrations/2026-11-26-08-lms-feeds";
import * as m21 from "./migrations/2026-11-26-09-lms-feed-events";
import * as m22 from "./migrations/2026-11-26-10-app-badge";
import * as m23 from "./migrations/2026-11-29-01-announcement-readers";
import * as m24 from "./migrations/2026-11-29-02-announcement-shown-until";
import * as m25 from "./migrations/2026-11-29-03-reminder-claim-token";
import * as m26 from "./migrations/2026-11-29-04-study-preferences";
import * as m27 from "./migrations/2026-11-29-05-task-estimate";
import * as m28 from "./migrations/2026-11-29-06-focus-sessions";
import * as m29 from "./migrations/2026-11-29-07-event-end-and-prep";
import * as m30 from "./migrations/2026-11-29-08-task-completed-at";
import * as m31 from "./migrations/2026-11-29-09-study-block-reminders";
import * as m32 from "./migrations/2026-11-29-10-device-passwords";
import * as m33 from "./migrations/2026-11-29-11-caldav-objects";
import * as m34 from "./migrations/2026-11-29-12-grades";
import * as m35 from "./migrations/2026-11-29-13-guardians";
import * as m36 from "./migrations/2026-11-29-14-two-factor";
import * as m37 from "./migrations/2026-11-29-15-retention";
import * as m38 from "./migrations/2026-11-29-16-oneroster";
import * as m39 from "./migrations/2026-11-29-17-roster-records";

// Listed here rather than read from disk, so the bundle and tsx run the same list.
export const MIGRATIONS: Record<string, Migration> = {
  "2026-11-22-01-users-sessions-settings": m01,
  "2026-11-22-02-tasks": m02,
  "2026-11-23-01-audit-log": m03,
  "2026-11-23-02-idempotency-keys": m04,
  "2026-11-23-03-events": m05,
  "2026-11-23-04-user-data-version": m06,
  "2026-11-25-01-admin-area": m07,
  "2026-11-25-02-push-subscriptions": m08,
  "2026-11-25-03-reminders": m09,
  "2026-11-25-04-school-schedule": m10,
  "2026-11-25-05-calendar-feeds": m11,
  "2026-11-25-06-cache-notifications": m12,
  "2026-11-26-01-user-locale": m13,
  "2026-11-26-02-sign-in-identities": m14,
  "2026-11-26-03-school-calendar": m15,
  "2026-11-26-04-announcements": m16,
  "2026-11-26-05-live-lists": m17,
  "2026-11-26-06-announcement-pruned-counts": m18,
  "2026-11-26-07-mail-and-reset-tokens": m19,
  "2026-11-26-08-lms-feeds": m20,
  "2026-11-26-09-lms-feed-events": m21,
  "2026-11-26-10-app-badge": m22,
  "2026-11-29-01-announcement-readers": m23,
  "2026-11-29-02-announcement-shown-until": m24,
  "2026-11-29-03-reminder-claim-token": m25,
  "2026-11-29-04-study-preferences": m26,
  "2026-11-29-05-task-estimate": m27,
  "2026-11-29-06-focus-sessions": m28,
  "2026-11-29-07-event-end-and-prep": m29,
  "2026-11-29-08-task-completed-at": m30,
  "2026-11-29-09-study-block-reminders": m31,
  "2026-11-29-10-device-passwords": m32,
  "2026-11-29-11-caldav-objects": m33,
  "2026-11-29-12-grades": m34,
  "2026-11-29-13-guardians": m35,
  "2026-11-29-14-two-factor": m36,
  "2026-11-29-15-retention": m37,
  "2026-11-29-16-oneroster": m38,
  "2026-11-29-17-roster-records": m39,
};
export const MIGRATION_NAMES = Object.keys(MIGRATIONS);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How long a starting instance waits for another's migrations before it gives up. */
const MIGRATION_LOCK_WAIT_MS = 120_000;

/**
 * Brings the schema up to date, once, however many instances start together. PostgreSQL:
 * Kysely's migrator holds an advisory lock, so instances take turns. SQLite: Kysely's lock is a
 * no-op there and its DDL runs outside a transaction, so two processes starting on one fresh file
 * both ran a migration and one failed ("Migration 2026-11-25-01-admin-area failed: duplicate
 * column name: actor_email", issue 49); each now takes the file's migration lock first
 * (`withSqliteMigrationLock`), and the second finds the work done.
 */
export async function migrateToLatest(db: Db): Promise<void> {
  const file = isPostgres(db) ? null : await sqliteFile(db);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
  const run = async () => {
    for (let attempt = 1; ; attempt++) {
      const { error, results } = await migrator.migrateToLatest();
      if (!error) return;
      // PostgreSQL: two instances creating Kysely's own tables at once may collide before its lock
      // exists; the second waits and finds them there.
      const race = /already exists|duplicate key/i.test(String((error as Error).message ?? error));
      if (!race || attempt >= 10) {
        const failed = results?.find((r) => r.status === "Error");
        throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${(error as Error).message ?? error}`);
      }
      await sleep(100 * attempt);
    }
  };
  await (file ? withSqliteMigrationLock(file, run) : run());
}

/** The main database's file, or null in memory (one connection: nobody to take turns with). */
async function sqliteFile(db: Db): Promise<string | null> {
  const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db);
  return rows[0]?.file || null;
}

/**
 * Runs `migrate` while holding `<file>-migrations.lock`: an immediate transaction on a database
 * file of its own beside the app's. SQLite lets one process hold it; the file lock goes with a
 * process that dies mid-migration, so a crash leaves nothing to clean up. On its own file, because
 * a transaction on the app's database would silence the table rebuild's `pragma foreign_keys =
 * off` (2026-11-26-02). Waited for without blocking the event loop (busy_timeout 0, polled), so
 * instances in one process take turns as well.
 */
export async function withSqliteMigrationLock<T>(file: string, migrate: () => Promise<T>): Promise<T> {
  const lock = new SQLite(`${file}-migrations.lock`);
  try {
    lock.pragma("busy_timeout = 0");
    const deadline = Date.now() + MIGRATION_LOCK_WAIT_MS;
    for (let wait = 20; ; wait = Math.min(wait * 2, 500)) {
      try {
        lock.exec("begin immediate");
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== "SQLITE_BUSY" || Date.now() > deadline) throw error;
        await sleep(wait);
      }
    }
    try {
      return await migrate();
    } finally {
      lock.exec("rollback");
    }
  } finally {
    lock.close();
  }
}
