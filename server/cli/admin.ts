// npm run admin -- promote EMAIL | demote EMAIL
// Bootstraps staff accounts from the command line, against the same DATABASE_URL as the app.
import { loadConfig } from "../config";
import { createDb } from "../db/connection";
import { migrateToLatest } from "../db/migrate";
import { createUsersRepository } from "../repositories/users";

const USAGE = "Usage: npm run admin -- promote EMAIL | demote EMAIL";

async function main(argv: string[]): Promise<number> {
  const [command, email] = argv;
  if ((command !== "promote" && command !== "demote") || !email) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const db = createDb(config.database);
  try {
    await migrateToLatest(db);
    const user = await createUsersRepository(db).setAdmin(email, command === "promote");
    if (!user) {
      console.error(`No account with the email ${email}. The person must create an account first.`);
      return 1;
    }
    console.log(`${user.email} is ${command === "promote" ? "now an admin" : "no longer an admin"}.`);
    return 0;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main(process.argv.slice(2));
