import { execFileSync } from "node:child_process";
import { defineConfig, devices } from "@playwright/test";
import { TEST_CLIENT_ID, TEST_CLIENT_SECRET } from "./server/test/oidc-provider";

/**
 * Two workers, each with a server and a SQLite database of its own (a "slot"): every test shares
 * its server only with the tests before it in its worker, as it did when the suite ran on one
 * worker, so app-wide state one test writes (the school's schedule and announcements, the landing
 * page's logo, the audit log) is never seen half-written by a test running beside it. Two suit a
 * 2-core machine: with one worker a third of its CPU sat idle while tests waited on retries, health
 * checks and animations (docs/decisions/120).
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 2);
// E2E_PORT lets two runs share a machine: slot s uses the ports E2E_PORT + 10 s + 0…9.
const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 3100);
/** This worker's slot (Playwright numbers the workers running at once 0, 1, …); the runner's is 0. */
const E2E_SLOT = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const slotPort = (slot: number, offset: number) => E2E_BASE_PORT + 10 * slot + offset;
const slotDbFile = (slot: number) => `test-results/e2e-${slotPort(slot, 0)}.db`;

/** This worker's server, and its SQLite file (tests seed rows there as the app would write them). */
export const E2E_PORT = slotPort(E2E_SLOT, 0);
export const E2E_DB_FILE = slotDbFile(E2E_SLOT);
const E2E_SERVER_DIR = `test-results/server-${E2E_BASE_PORT}`;
/** The suite's own push service (e2e/global-setup.ts), one for all slots: the servers may send to it and nowhere else. */
export const E2E_PUSH_SERVICE_PORT = E2E_BASE_PORT + 1;
/** A server a spec starts and stops itself (e2e/installable.spec.ts: the installed app offline), over this slot's database. */
export const E2E_OWN_SERVER_PORT = slotPort(E2E_SLOT, 2);
/**
 * The SMTP server e2e/forgot-password.spec.ts starts and reads its mail from (server/test/smtp-server.ts):
 * this slot's server mails there, so its sign-in form offers "Forgot password?".
 */
export const E2E_SMTP_PORT = slotPort(E2E_SLOT, 3);
/** The LMS feed server e2e/lms-feeds.spec.ts starts: the only origin this slot's server's feed import may reach on loopback. */
export const E2E_FEED_SERVER_PORT = slotPort(E2E_SLOT, 6);
/** The suite's own OpenID provider (e2e/global-setup.ts), standing in for the school's Google. */
export const E2E_OIDC_PORT = E2E_BASE_PORT + 4;
/**
 * One server for all slots, signing in through that provider (e2e/single-sign-on.spec.ts): the
 * other suites keep the auth screen a school without single sign-on has.
 */
export const E2E_SSO_PORT = E2E_BASE_PORT + 5;
export const E2E_SSO_DOMAIN = "lincoln.example";

const E2E_SSO_DB_FILE = `test-results/e2e-${E2E_SSO_PORT}.db`;

/**
 * The server, built once per run from this checkout's code into a folder of the run's own, as
 * `npm start` runs it (docs/decisions/103): both servers below run this one build. The config is
 * read again in every worker process; the variable tells them the build is done.
 */
if (!process.env.E2E_SERVER_BUILT) {
  execFileSync(process.execPath, ["scripts/build-server.mjs", "--outdir", E2E_SERVER_DIR], { stdio: "inherit" });
  process.env.E2E_SERVER_BUILT = E2E_SERVER_DIR;
}

/** A fresh SQLite database, and the server run as `npm start` runs it. */
function serverCommand(dbFile: string): string {
  return `rm -f ${dbFile} ${dbFile}-wal ${dbFile}-shm && exec node ${E2E_SERVER_DIR}/main.js`;
}

const SERVER_ENV = {
  HOST: "127.0.0.1",
  LOG_LEVEL: "warn",
  // The browser suite signs in and registers many times from one address.
  AUTH_RATE_LIMIT_MULTIPLIER: "100",
  // The admin step-up passcode the admin suite types (e2e/admin.spec.ts).
  ADMIN_PASSCODE: "K7QM",
  PUSH_ALLOWED_ENDPOINT_ORIGINS: `http://127.0.0.1:${E2E_PUSH_SERVICE_PORT}`,
  VAPID_SUBJECT: "mailto:it@lincoln.example",
  // Reminders are looked for every second, so e2e/reminders.spec.ts sees one arrive at once.
  REMINDER_SCAN_SECONDS: "1",
};

/** What slot `slot`'s server runs with (e2e/installed-app.ts starts its own server with it too). */
export function slotServerEnv(slot: number = E2E_SLOT): Record<string, string> {
  const port = slotPort(slot, 0);
  return {
    ...SERVER_ENV,
    PORT: String(port),
    DATABASE_URL: `sqlite:${slotDbFile(slot)}`,
    IMPORT_ALLOWED_ORIGINS: `http://127.0.0.1:${slotPort(slot, 6)}`,
    // Mail (decision 115): nothing listens there but while the forgot-password spec runs.
    SMTP_URL: `smtp://127.0.0.1:${slotPort(slot, 3)}`,
    PUBLIC_URL: `http://localhost:${port}`,
  };
}

// Debian's Chromium, not a downloaded browser build (none can be fetched here).
const executablePath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results/playwright",
  globalSetup: "./e2e/global-setup.ts",
  fullyParallel: true,
  // A slot each (above): 9.1 min on one worker, 6.3 min on two, on this 2-core machine.
  workers: E2E_WORKERS,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // Twice what a quiet machine needs: these shared machines differ by about 2× (the same suites ran
  // 2.2× slower on one than the day before), and a start-up that waits for both workers' servers
  // and browsers took more than 7 s there (issue 49's closing note).
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    timezoneId: "America/New_York",
    locale: "en-US",
    // Recording a trace costs every test CPU the 2-core machine does not have to spare under CI;
    // a failure there still leaves its error context (the page's snapshot). Kept for local runs.
    trace: process.env.CI ? "off" : "retain-on-failure",
    // page.route cannot see what a service worker fetches, and most specs stand in for the server
    // with it: the worker is blocked except in the specs about it (test.use({ serviceWorkers: "allow" })).
    serviceWorkers: "block",
    launchOptions: {
      executablePath,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: [
    // A fresh SQLite database for every run, and a server, for each slot.
    ...Array.from({ length: E2E_WORKERS }, (_, slot) => ({
      command: serverCommand(slotDbFile(slot)),
      url: `http://localhost:${slotPort(slot, 0)}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: slotServerEnv(slot),
    })),
    {
      // The same app as a school with single sign-on runs it: Google and Microsoft buttons, both
      // served by the suite's own provider, and only the school's domain let in.
      command: serverCommand(E2E_SSO_DB_FILE),
      url: `http://localhost:${E2E_SSO_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        ...SERVER_ENV,
        PORT: String(E2E_SSO_PORT),
        DATABASE_URL: `sqlite:${E2E_SSO_DB_FILE}`,
        PUBLIC_URL: `http://localhost:${E2E_SSO_PORT}`,
        OIDC_GOOGLE_ISSUER: `http://127.0.0.1:${E2E_OIDC_PORT}`,
        OIDC_GOOGLE_CLIENT_ID: TEST_CLIENT_ID,
        OIDC_GOOGLE_CLIENT_SECRET: TEST_CLIENT_SECRET,
        OIDC_GOOGLE_ALLOWED_DOMAINS: E2E_SSO_DOMAIN,
        OIDC_MICROSOFT_ISSUER: `http://127.0.0.1:${E2E_OIDC_PORT}`,
        OIDC_MICROSOFT_CLIENT_ID: TEST_CLIENT_ID,
        OIDC_MICROSOFT_CLIENT_SECRET: TEST_CLIENT_SECRET,
        OIDC_MICROSOFT_ALLOWED_DOMAINS: E2E_SSO_DOMAIN,
      },
    },
  ],
});
