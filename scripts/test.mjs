// `npm test`: the message catalogs, lint, type check and format check, the unit, component and API layers (Vitest
// projects, docs/decisions/120), the client build with its bundle budget (scripts/bundle-budget.ts), then the browser
// suite (Playwright + Chromium); it ends with each suite's time. Without PostgreSQL or Chromium a suite is skipped with
// the reason; under CI it fails instead.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const isCI = Boolean(process.env.CI);
const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const bin = (name) => path.resolve("node_modules", ".bin", name);
const run = (cmd, args, env = {}) => spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } }).status ?? 1;
/** [suite, exit status, seconds]: what the summary at the end prints. */
const results = [];
/** Runs one suite (a function returning an exit status) and notes its status and time. */
function suite(name, body) {
  const started = performance.now();
  const status = body();
  results.push([name, status, (performance.now() - started) / 1000]);
  return status;
}

// First: the type check and the app read the compiled catalogs (decision 108).
console.log("\n▶ Message catalogs (lingui compile --strict: every language has every message)");
suite("catalogs", () => run(bin("lingui"), ["compile", "--strict"]) || run(bin("tsx"), ["scripts/compile-messages.ts", "--check"]));

console.log("\n▶ Lint (ESLint: TypeScript, import boundaries, React hooks, JSX accessibility)");
suite("lint", () => run(bin("eslint"), ["--max-warnings=0", "."]));

console.log("\n▶ Type check (TypeScript, the whole project: app, tests, scripts)");
suite("types", () => run(bin("tsc"), ["--noEmit", "-p", "."]) || run(bin("tsc"), ["--noEmit", "-p", "client/sw"]));

console.log("\n▶ Format check (Prettier)");
suite("format", () => run(bin("prettier"), ["--check", "."]));

console.log("\n▶ Unit tests (Vitest: core, the client's logic, scripts)");
suite("unit", () => run(bin("vitest"), ["run", "--project", "unit"]));

console.log("\n▶ Component tests (Vitest + Testing Library in jsdom: screens, forms, dialogs, hooks)");
suite("component", () => run(bin("vitest"), ["run", "--project", "component"]));

console.log("\n▶ API tests (Vitest: the server on SQLite, and on PostgreSQL)");
if (!process.env.TEST_DATABASE_URL) {
  console.log(
    isCI
      ? "  PostgreSQL suite: TEST_DATABASE_URL is not set, which fails under CI."
      : "  PostgreSQL suite skipped: TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/postgres).",
  );
}
suite("API", () => run(bin("vitest"), ["run", "--project", "api"]));

// One build serves the bundle budget and the browser suite.
console.log("\n▶ Client build (Vite) and bundle budget (gzipped JavaScript of a first screen, decisions 079 and 102)");
const built = suite("client build", () =>
  run(process.execPath, [path.resolve("node_modules", "vite", "bin", "vite.js"), "build", "--logLevel", "warn"]),
);
if (built !== 0) {
  console.error("  The client build failed: no bundle budget, no browser suite.");
} else {
  suite("bundle budget", () => run(bin("tsx"), ["scripts/bundle-budget.ts"]));
}

console.log("\n▶ Browser suite (Playwright, Chromium)");
if (!fs.existsSync(chromium)) {
  const reason = `Chromium not found at ${chromium} (apt-get install -y chromium, or set CHROMIUM_PATH)`;
  if (isCI) {
    console.error(`  Browser suite cannot run: ${reason}.`);
    results.push(["browser", 1, 0]);
  } else {
    console.log(`  Browser suite skipped: ${reason}.`);
  }
} else if (built === 0) {
  suite("browser", () => run(bin("playwright"), ["test"], { CHROMIUM_PATH: chromium }));
} else {
  console.log("  Browser suite skipped: the client build failed.");
}

const failed = results.filter(([, status]) => status !== 0);
const total = results.reduce((sum, [, , seconds]) => sum + seconds, 0);
const clock = (seconds) => `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, "0")}`;
console.log("\nSuite            Result   Time");
for (const [name, status, seconds] of results) {
  console.log(`${name.padEnd(16)} ${(status === 0 ? "passed" : "FAILED").padEnd(8)} ${clock(seconds).padStart(5)}`);
}
console.log(`${"all".padEnd(16)} ${(failed.length ? "FAILED" : "passed").padEnd(8)} ${clock(total).padStart(5)}`);
console.log(`\nSuites: ${results.map(([name, status]) => `${name} ${status === 0 ? "passed" : "FAILED"}`).join(", ")}`);
process.exit(failed.length ? 1 : 0);
