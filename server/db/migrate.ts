import { type Migration, Migrator } from "kysely/migration";
import type { Db } from "./connection";
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
};
export const MIGRATION_NAMES = Object.keys(MIGRATIONS);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Brings the schema up to date. PostgreSQL: Kysely's migrator holds an advisory lock, so
 * instances starting together take turns. SQLite: a second process can hit SQLITE_BUSY while
 * the first migrates; it waits and tries again, then finds the work done.
 */
export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    if (!error) return;
    const busy = /SQLITE_BUSY|database is locked|already exists|UNIQUE constraint failed|duplicate key/i.test(
      String((error as Error).message ?? error),
    );
    if (!busy || attempt >= 10) {
      const failed = results?.find((r) => r.status === "Error");
      throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${(error as Error).message ?? error}`);
    }
    await sleep(100 * attempt);
  }
}
