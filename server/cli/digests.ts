// npm run digests -- --send-due
// Writes the families' digests due now (issue 54, docs/operating.md "Families' digests") to the mail
// outbox and sends the outbox once, against the same DATABASE_URL and SMTP_URL as the app: an
// operator's first check, or the digests of a long stop sent at once instead of at the next pass.
import { loadConfig } from "../config";
import { createDb, dbOptionsFrom } from "../db/connection";
import { migrateToLatest } from "../db/migrate";
import { createServices } from "../services";

const USAGE = "Usage: npm run digests -- --send-due   (writes the families' digests due now and sends them)";

/** What the mail worker reports goes to the terminal: a refused mail is worth seeing here. */
const log = {
  info: () => {},
  warn: (details: object, message: string) => console.error(`${message}: ${JSON.stringify(details)}`),
};

async function main(argv: string[]): Promise<number> {
  if (argv.length !== 1 || argv[0] !== "--send-due") {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  if (!config.mail) {
    console.error("SMTP_URL is not set: Student Hub sends no mail, so there are no digests to send (docs/operating.md, Mail).");
    return 1;
  }
  const db = createDb(config.database, dbOptionsFrom(config));
  try {
    await migrateToLatest(db);
    const services = createServices(config, db);
    try {
      const digests = await services.guardianDigests!.writeDue();
      const worker = services.mailWorker(log)!;
      const mail = await worker.runOnce();
      await worker.stop();
      console.log(
        `Families' digests: ${digests.written} written, ${digests.quiet} with nothing to say. ` +
          `Mail outbox: ${mail.sent} sent, ${mail.failed} failed, ${mail.retried} to try again later.`,
      );
      return mail.failed > 0 ? 1 : 0;
    } finally {
      await services.changeFeed.close();
    }
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main(process.argv.slice(2));
