// npm run admin -- promote EMAIL | demote EMAIL | passcode
// Bootstraps staff accounts, or replaces the generated admin passcode, from the command line,
// against the same DATABASE_URL as the app.
import { loadConfig } from "../config";
import { createDb } from "../db/connection";
import { migrateToLatest } from "../db/migrate";
import { createSettingsRepository } from "../repositories/settings";
import { createUsersRepository } from "../repositories/users";
import { ADMIN_PASSCODE_SETTING, generatePasscode } from "../services/admin-service";

const USAGE = "Usage: npm run admin -- promote EMAIL | demote EMAIL | passcode";

async function main(argv: string[]): Promise<number> {
  const [command, email] = argv;
  if (command === "passcode") return newPasscode();
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

/** Prints a new generated admin passcode and stores it: every instance uses it from the next step-up. */
async function newPasscode(): Promise<number> {
  const config = loadConfig();
  const db = createDb(config.database);
  try {
    await migrateToLatest(db);
    const passcode = generatePasscode();
    await createSettingsRepository(db).set(ADMIN_PASSCODE_SETTING, passcode);
    console.log(`New admin passcode: ${passcode}`);
    if (config.adminPasscode) console.log("Note: ADMIN_PASSCODE is set, and it wins over the stored passcode. Unset it to use this one.");
    return 0;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main(process.argv.slice(2));
