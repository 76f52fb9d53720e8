/**
 * One announcement outbox worker in a process of its own (server/announcements-crash.test.ts):
 * what `server/main.ts` runs per instance, without the HTTP server, so a test can SIGKILL it in
 * the middle of a batch. Configured like the app (DATABASE_URL, PUSH_ALLOWED_ENDPOINT_ORIGINS), plus:
 *
 * - OUTBOX_BATCH: rows claimed at once (the worker's default otherwise).
 * - OUTBOX_LEASE_MS: how old another worker's claim must be before this one takes it over.
 * - OUTBOX_UNTIL_EMPTY=1: pass after pass until no pending row is left, then print a line
 *   `{"done":{"sent":…,"failed":…},"pending":0}` and exit 0. Otherwise one pass.
 */
import { loadConfig } from "../config";
import { createDb, dbOptionsFrom } from "../db/connection";
import { createServices } from "../services";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const config = loadConfig();
const db = createDb(config.database, dbOptionsFrom(config));
const services = createServices(config, db);
const line = (details: object) => process.stdout.write(`${JSON.stringify(details)}\n`);
const worker = services.announcementWorker(
  { info: (details, message) => line({ message, ...details }), warn: (details, message) => line({ warning: message, ...details }) },
  {
    ...(process.env.OUTBOX_BATCH ? { batchSize: Number(process.env.OUTBOX_BATCH) } : {}),
    ...(process.env.OUTBOX_LEASE_MS ? { leaseMs: Number(process.env.OUTBOX_LEASE_MS) } : {}),
  },
);

const pending = async () =>
  Number(
    (
      await db
        .selectFrom("announcement_deliveries")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("status", "=", "pending")
        .executeTakeFirstOrThrow()
    ).n,
  );

const total = { sent: 0, failed: 0 };
const deadline = Date.now() + 60_000;
do {
  const report = await worker.runOnce();
  total.sent += report.sent;
  total.failed += report.failed;
  if (process.env.OUTBOX_UNTIL_EMPTY !== "1") break;
  if ((await pending()) === 0) break;
  // Rows another worker holds: looked at again until their lease ends.
  await sleep(200);
} while (Date.now() < deadline);
line({ done: total, pending: await pending() });
process.exit(0);
