// `npm run test:changed [-- BASE]`: the developer's loop (docs/decisions/120). Runs the unit, component and API tests
// that the files changed since BASE (default: main; uncommitted and new files included) touch, through Vitest's own
// import graph (--changed), then the browser specs related to them: a spec changed itself or importing a changed
// helper (Playwright's --only-changed), and the specs of the feature a changed app file belongs to (RELATED below).
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const base = process.argv[2] ?? "main";
const git = (...args) => execFileSync("git", args, { encoding: "utf8" }).split("\n").filter(Boolean);
const since = git("merge-base", base, "HEAD")[0];
const changed = [
  ...new Set([
    ...git("diff", "--name-only", since),
    ...git("diff", "--name-only", "HEAD"),
    ...git("ls-files", "--others", "--exclude-standard"),
  ]),
];
if (changed.length === 0) {
  console.log(`Nothing changed since ${base}.`);
  process.exit(0);
}
console.log(`${changed.length} file(s) changed since ${base}:\n  ${changed.join("\n  ")}`);

const bin = (name) => path.resolve("node_modules", ".bin", name);
const run = (cmd, args, env = {}) => spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } }).status ?? 1;

/**
 * App files → the browser specs of their feature. A changed file's path is matched in order; every
 * matching row adds its specs. Files the whole app shares (the shell, the router, the UI kit,
 * the transport) get the specs that walk through every screen.
 */
const RELATED = [
  [/tasks|quick-add|task-/, ["tasks", "quick-add", "home", "offline-edits"]],
  [/calendar|event|recurrence/, ["calendar", "spanish-calendar", "calendar-school"]],
  [/classes|subject|period/, ["classes", "spanish-classes"]],
  [/admin|audit|roster/, ["admin", "admin-push", "admin-roster", "admin-school", "spanish-admin-account"]],
  [/auth|sign-in|register|password|session|sso|oidc/, ["auth", "sso", "single-sign-on", "forgot-password", "password-reset"]],
  [/push|notification|reminder/, ["installable", "admin-push", "reminders", "notifications-card"]],
  [/school|agenda|announcement|bell/, ["school-day", "school-home", "admin-school", "calendar-school"]],
  [/lms|feeds?\b/, ["lms-feeds"]],
  [/badge|shortcut|manifest|share/, ["app-badge", "app-shortcuts", "installable"]],
  [/offline|sync|conflict|if-match/, ["offline-edits", "offline-conflicts", "online-only"]],
  [/live-updates|stream/, ["live-updates"]],
  [/landing|static-landing|prerender/, ["landing", "spanish-landing"]],
  [/toast/, ["toast-room"]],
  [/^client\/sw\//, ["installable", "offline-edits", "reminders"]],
  [/^locales\/es\//, ["spanish-start", "spanish-tasks-home", "spanish-calendar", "spanish-classes", "spanish-admin-account"]],
  [/^client\/(app\/(router|providers|app)|components\/ui|lib\/api)|styles\.css|^vite\.config/, ["shell", "accessibility"]],
];
const specs = new Set();
for (const file of changed) {
  if (/^e2e\/.*\.spec\.ts$/.test(file)) specs.add(path.basename(file, ".spec.ts"));
  if (!/^(client|core|server|locales)\//.test(file) && !/^vite\.config/.test(file)) continue;
  for (const [pattern, names] of RELATED) if (pattern.test(file)) names.forEach((name) => specs.add(name));
}
const specFiles = [...specs].map((name) => `e2e/${name}.spec.ts`).filter((file) => fs.existsSync(file));

console.log("\n▶ Unit, component and API tests related to the changes (vitest --changed)");
const vitest = run(bin("vitest"), ["run", "--changed", since, "--passWithNoTests"]);

let browser = 0;
const helpersChanged = changed.some((file) => /^e2e\/(?!.*\.spec\.ts$)/.test(file) || file === "playwright.config.ts");
if (specFiles.length === 0 && !helpersChanged) {
  console.log("\n▶ Browser suite: no spec relates to these changes.");
} else {
  console.log(`\n▶ Browser specs related to the changes: ${specFiles.join(", ") || "(those importing a changed helper)"}`);
  const built = run(process.execPath, [path.resolve("node_modules", "vite", "bin", "vite.js"), "build", "--logLevel", "warn"]);
  browser = built;
  if (!built && specFiles.length > 0) browser = run(bin("playwright"), ["test", ...specFiles]);
  // A changed helper or config: Playwright runs the specs that import it (its filter would narrow a list of files, so apart).
  if (!built && helpersChanged) browser = run(bin("playwright"), ["test", `--only-changed=${since}`]) || browser;
}
process.exit(vitest || browser ? 1 : 0);
