import fs from "node:fs";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { createDb, dbOptionsFrom } from "./db/connection";
import { migrateToLatest } from "./db/migrate";
import { createServices } from "./services";

const config = loadConfig();
let log: FastifyBaseLogger | undefined = undefined;
const db = createDb(config.database, {
  ...dbOptionsFrom(config),
  // A connection cut under the app (a restart, a failover, an idle killer) is logged, not fatal.
  onConnectionError: (error) => log?.warn({ err: error }, "database connection lost"),
});
// Migrations may wait for another instance's lock, or build an index, for longer than a request's
// statement may take: on PostgreSQL they get their own small pool without the statement time-out.
const migrationDb = config.database.kind === "postgres" ? createDb(config.database, { poolSize: 2, statementTimeoutMs: 0 }) : db;
await migrateToLatest(migrationDb);
if (migrationDb !== db) await migrationDb.destroy();
const services = createServices(config, db);
const app = await buildApp(services);
log = app.log;

const promoted = await services.users.promoteAll(config.adminEmails);
if (promoted) app.log.info({ promoted }, "ADMIN_EMAILS: accounts promoted to admin");

// The admin passcode: ADMIN_PASSCODE, or one generated at the first start and kept in the database
// (every instance reads the same one). Printed once, when generated.
const adminPasscode = await services.admin.passcode();
if (adminPasscode.generated) {
  app.log.warn(
    `Admin passcode generated: ${adminPasscode.passcode}. It unlocks /admin for admins. ` +
      "Set ADMIN_PASSCODE to choose your own, or run `npm run admin -- passcode` for a new one.",
  );
}

// The instance's background jobs (decision 125): housekeeping, the LMS feeds (each feed's refresh
// claimed by one instance, decision 117), the reminders, the announcements' outbox (decision 113)
// and, when SMTP_URL is set, the mail outbox (decision 115). Every instance runs them all.
const jobs = services.backgroundJobs(app.log);

// Start-up serves what is built and never builds: several instances may start at once.
if (!fs.existsSync(path.join(config.clientDir, "index.html"))) {
  app.log.warn(
    { clientDir: config.clientDir },
    "The client is not built, so only the API is served: run `npm run build` (npm ci does it too).",
  );
}

// A graceful stop (docs/decisions/103), on SIGTERM from a supervisor or from `npm start` (npm
// passes it on to this process, which the start script execs), or on SIGINT (Ctrl-C): the port
// stops taking connections at once, requests in flight finish and close their connections
// (plugins/drain.ts), then the process exits 0.
let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, "shutting down: finishing requests in flight");
  const force = setTimeout(() => {
    app.log.error("requests still in flight after 10 s: exiting without them");
    process.exit(1);
  }, 10_000);
  force.unref();
  // An answer that was already being sent when the close began keeps its keep-alive socket open
  // once done, and the server's close would wait for it: such a socket is closed once it is idle.
  const closeIdleSockets = setInterval(() => app.server.closeIdleConnections(), 100);
  closeIdleSockets.unref();
  try {
    // Meanwhile each job's pass under way finishes, or gives back what it had not started (an LMS
    // feed's fetch is cut short, its claim released); the database closes after them all.
    await Promise.all([app.close(), jobs.stop()]);
    await db.destroy();
    app.log.info("stopped");
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, "shutdown failed");
    process.exit(1);
  }
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

await app.listen({ port: config.port, host: config.host });
jobs.start();
app.log.info({ database: config.database.kind, timeZone: config.timeZone }, `Student Hub is ready on http://localhost:${config.port}`);
