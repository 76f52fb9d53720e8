/**
 * One instance's start-up migration, as a process of its own (server/db/migrate.test.ts starts
 * several at once on one fresh database, as a deployment starting its instances together does).
 * Argument: the database config as JSON, and the instant (ms) at which to begin, so that every
 * process migrates at the same moment whatever its own start-up took.
 * Prints "migrated" and exits 0, or prints the error and exits 1.
 */
import type { DatabaseConfig } from "../config";
import { createDb } from "../db/connection";
import { migrateToLatest } from "../db/migrate";

const [configJson, startAt] = process.argv.slice(2);
const db = createDb(JSON.parse(configJson!) as DatabaseConfig);
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(startAt) - Date.now())));
try {
  await migrateToLatest(db);
  console.log("migrated");
} catch (error) {
  console.log(String((error as Error).message ?? error));
  process.exitCode = 1;
} finally {
  await db.destroy();
}
