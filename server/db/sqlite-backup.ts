import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";

/** A backup that was not made, for a reason the person running it can act on. */
export class BackupRefused extends Error {}

/** better-sqlite3's largest step: every page of the database at once. */
const ALL_PAGES = 0x7fffffff;

export interface BackupReport {
  pages: number;
  bytes: number;
}

/**
 * Copies the SQLite database `source` into the new file `destination` while the app goes on
 * reading and writing it (docs/decisions/104). SQLite's online backup API copies one consistent
 * snapshot: the whole database is read in one step, inside one read transaction, so it holds
 * every write committed before that step began (the write-ahead log's included) and none of a
 * transaction that was still open. The app's writers never wait for it (WAL).
 *
 * The copy is written beside the destination under a temporary name, checked with
 * `PRAGMA integrity_check`, and only then given its name, which must still be free: an existing
 * file is never replaced, and a failed backup leaves nothing under the destination's name.
 */
export async function backupSqliteDatabase(source: string, destination: string): Promise<BackupReport> {
  if (fs.existsSync(destination)) {
    throw new BackupRefused(
      `${destination} already exists. Name a new file (a dated name such as backups/app-2026-11-26.db), or delete it first.`,
    );
  }
  if (!fs.existsSync(source)) throw new BackupRefused(`There is no database at ${source}: nothing to back up. Is DATABASE_URL the app's?`);
  fs.mkdirSync(path.dirname(destination), { recursive: true });
  const partial = `${destination}.${process.pid}.partial`;
  const database = new SQLite(source, { fileMustExist: true });
  try {
    const { totalPages } = await database.backup(partial, {
      // After the first (empty) step, every page in one step: one snapshot, never restarted or
      // left half copied because the app wrote between two steps.
      progress: () => ALL_PAGES,
    });
    const copy = new SQLite(partial, { fileMustExist: true });
    try {
      const problems = copy.pragma("integrity_check", { simple: false }) as Array<{ integrity_check: string }>;
      if (problems.length !== 1 || problems[0]!.integrity_check !== "ok") {
        throw new Error(`The copy failed its integrity check: ${problems.map((row) => row.integrity_check).join("; ")}`);
      }
    } finally {
      copy.close();
    }
    giveNameWithoutReplacing(partial, destination);
    return { pages: totalPages, bytes: fs.statSync(destination).size };
  } finally {
    database.close();
    for (const leftover of [partial, `${partial}-journal`, `${partial}-wal`, `${partial}-shm`]) fs.rmSync(leftover, { force: true });
  }
}

/** Links `from` as `to` (which fails if `to` appeared meanwhile), then makes the name durable. */
function giveNameWithoutReplacing(from: string, to: string) {
  try {
    fs.linkSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") throw new BackupRefused(`${to} appeared while the backup ran: not replaced.`);
    throw error;
  }
  const directory = fs.openSync(path.dirname(to), "r");
  try {
    fs.fsyncSync(directory);
  } finally {
    fs.closeSync(directory);
  }
}
