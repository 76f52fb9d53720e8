// npm run backup -- FILE
// A consistent copy of the app's SQLite database (DATABASE_URL, as the app reads it) written to
// FILE while the app keeps serving (docs/decisions/104). PostgreSQL has its own tools: pg_dump.
import path from "node:path";
import { loadConfig } from "../config";
import { BackupRefused, backupSqliteDatabase } from "../db/sqlite-backup";

const USAGE = "Usage: npm run backup -- FILE   (a new file, e.g. backups/app-$(date +%F).db)";

async function main(argv: string[]): Promise<number> {
  const [file, ...rest] = argv;
  if (!file || rest.length > 0 || file.startsWith("-")) {
    console.error(USAGE);
    return 2;
  }
  const { database } = loadConfig();
  if (database.kind === "postgres") {
    console.error(
      "DATABASE_URL points at PostgreSQL: back it up with PostgreSQL's own tools, e.g.\n" +
        '  pg_dump --format=custom --file=student-hub.dump "$DATABASE_URL"\n' +
        "and restore with pg_restore (see docs/operating.md, Backups). npm run backup copies the SQLite database only.",
    );
    return 1;
  }
  if (database.file === ":memory:") {
    console.error("DATABASE_URL is sqlite::memory:, which lives inside the app's process: there is no file to back up.");
    return 1;
  }
  // npm runs scripts in the project's folder; a relative FILE means where the command was typed.
  const destination = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  const started = performance.now();
  try {
    const { bytes } = await backupSqliteDatabase(database.file, destination);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Backed up ${database.file} to ${destination} (${(bytes / 1024 / 1024).toFixed(1)} MB, integrity check ok) in ${seconds} s.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof BackupRefused) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

process.exitCode = await main(process.argv.slice(2));
