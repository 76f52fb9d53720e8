// npm run code-map: writes the README's map of the code, between its `<!-- code-map:start -->` and
// `<!-- code-map:end -->` lines, from the folders the tree has and the one line each is given below.
// The map it replaces was written by hand and had lost features as they were added; here a folder
// without its line, or a line for a folder that is gone, fails this script and
// scripts/code-map.test.ts (part of npm test), so the map cannot go stale without a red test.
// With --check it writes nothing and exits 1 when the README's map is not what it would write.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const README = path.join(ROOT, "README.md");

export const MAP_START = "<!-- code-map:start -->";
export const MAP_END = "<!-- code-map:end -->";

/**
 * The folders whose sub-folders each get a line of their own (the client's features among them, one
 * line per feature). Every other folder is described as a whole by its own line: the top-level
 * folders always, and a sub-folder only when its parent is opened here.
 */
export const OPENED_FOLDERS = ["client", "client/features", "core", "server"] as const;

/** What lives in each mapped folder, in one line: the map's words, kept beside the rule that checks them. */
export const FOLDER_DESCRIPTIONS: Readonly<Record<string, string>> = {
  ".ci": "`run`, what CI runs: Chromium and Node.js 24 when missing, a fresh PostgreSQL database, then `npm test`",
  bench: "`npm run bench` and the `bench:*` measurements, each beside its baseline measured in the same run",
  client: "the React 19 single-page app built by Vite: Tailwind, TanStack Query, react-hook-form + zod",
  "client/api": "server state shared by features, one file per endpoint (fetcher, query options, hook), by resource",
  "client/app": "the router (a lazy chunk per screen), providers, screens and the dashboard shell: the only place features meet",
  "client/components":
    "generic UI: `ui/` (Radix primitives), `form/` (the form-dialog kit), `event-form/` (the calendar's and staff's one event form), `schedule-editor/` (the student's School Day step's and staff's one school schedule editor), `states/` (loading, error with retry, empty)",
  "client/features":
    "one folder per feature, `components/` → `hooks/` → `utils/` and `types/`, `api/` for its own endpoints; none imports another",
  "client/features/admin":
    "the admin panel (users, audit log, notifications, app settings, passcode gate), the school's page, roster import",
  "client/features/app-badge": "the app icon's count of tasks due today or overdue, and its setting",
  "client/features/auth": "sign-in, registration, single sign-on buttons, the password forms, your data and account deletion",
  "client/features/caldav": "Settings → Calendar apps (issue 52): device passwords for CalDAV, shown once with a QR code",
  "client/features/two-factor":
    "Settings → Two-step verification (issue 55): an authenticator app's QR code, its first code, recovery codes once, off with the password",
  "client/features/guardians":
    "Settings → Family (issue 54): parents and guardians invited to the family email, where each stands, removed",
  "client/features/grades": "the Grades view (issue 53): each class's categories and grades, the GPA, What do I need? and what-if",
  "client/features/calendar": "the Calendar tab: month grid, day detail, Next 5 Days, event dialogs, the calendar feed setting",
  "client/features/classes": "the class editor and its School Day step",
  "client/features/lms": "Settings → Import from your LMS: the student's LMS calendar feeds",
  "client/features/plan": "the study plan (issue 51): Settings → Study time, the plan's week, the Tonight card and the focus timer",
  "client/features/push": "the Notifications card and the push debug page",
  "client/features/reminders": "Settings → Evening summary",
  "client/features/school": 'the Home tab\'s "From your school" announcements card',
  "client/features/tasks": "the To-do tab: the list, task dialogs, urgent tasks, quick add",
  "client/hooks": "generic hooks: today in the school's zone, the hash-selected tab, online, tap",
  "client/lib": "the ground floor: the API client (`api/`), query client, words (`i18n.ts`), route paths, toasts, drafts",
  "client/sync": "the sync room, above `client/api`: offline edits (queue, pending overlay, conflicts, kept cache) and live updates",
  "client/public": "files served as they are: icons, logo, the prerendered landing page's one script",
  "client/sw": "the service worker: precache, the last reads for offline launches, push messages, notification clicks",
  "client/test": "the component layer's helpers: `renderApp`, `renderComponent`, the `FakeServer` that answers `fetch`",
  core: "code the browser and the server share: request and response schemas, dates in the school's zone, formatting, quick add",
  "core/calendar": "the recurrence engine, scope ids, calendar entries, Next 5 Days",
  "core/caldav": "CalDAV's objects (issue 52): iCalendar text written and read without a library, tasks and series as VTODO and VEVENT",
  "core/i18n": "languages, message groups, `messageRef`, and the catalogs compiled by `npm run messages` (do not edit those)",
  "core/schemas": "the zod schemas of the API's requests and answers, their messages as message ids",
  "core/test": "builders and helpers for the core tests",
  docs: "`product.md` (how each screen behaves), `decisions/` (why it is built so), the error codes, the operator's manual",
  e2e: "the browser suite: Playwright specs by feature, axe scans of every screen, fixtures that seed users and sessions",
  locales: "every word a person reads, one catalog per language and area: `<language>/<area>.po`",
  scripts: "the npm test runner, the server's build, precompression, the bundle budget, catalogs, this map",
  server: "Fastify 5: `app.ts` (plugins, routes, the one error handler), `main.ts` (start-up, shutdown), `config.ts` (environment)",
  "server/caldav": "the CalDAV server's own parts (issue 52): request XML read with namespaces, multistatus answers",
  "server/cli": "`npm run admin` and `npm run backup`",
  "server/db": "the Kysely connection (better-sqlite3 or pg), schema types, migrations, the change feed, SQLite's online backup",
  "server/http": "the HTTP room: the fast lane, kept list answers, conditional GETs (304), the request's context, raw answers",
  "server/jobs": "the lease queue and the worker runner every background job runs on, and their registry",
  "server/plugins": "session, route guards (auth level, CSRF, Origin), input guard, request scope, static client, metrics, drain",
  "server/repositories": "one per table: the only code that writes SQL; each runs on the database or a transaction",
  "server/routes": "thin handlers: validate with `core/schemas`, call a service or repository; their API tests beside them",
  "server/services": "the app's logic, wired in `index.ts`: accounts, sessions, task and event writes, reminders, push, mail, jobs …",
  "server/test": "the API tests' harness (an app on a fresh database per engine), stand-in push, mail, OpenID and feed servers",
};

/** The folders of a tree given as file paths (relative, `/`-separated): every ancestor of every file. */
export function foldersOf(files: readonly string[]): Set<string> {
  const folders = new Set<string>();
  for (const file of files) {
    const parts = file.split("/");
    for (let depth = 1; depth < parts.length; depth++) folders.add(parts.slice(0, depth).join("/"));
  }
  return folders;
}

/** The folders the map gives a line: the top-level ones, and the sub-folders of an opened folder. */
export function mappedFolders(files: readonly string[], opened: readonly string[] = OPENED_FOLDERS): string[] {
  return [...foldersOf(files)]
    .filter((folder) => !folder.includes("/") || opened.includes(path.posix.dirname(folder)))
    .sort(byPathSegments);
}

/** "client/features" before "client/features/admin" before "client/features-x": segment by segment, not by character. */
function byPathSegments(a: string, b: string): number {
  const left = a.split("/");
  const right = b.split("/");
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    if (left[i] !== right[i]) return left[i]! < right[i]! ? -1 : 1;
  }
  return left.length - right.length;
}

export interface CodeMap {
  /** The Markdown list, one line per mapped folder, nested as the folders are. */
  markdown: string;
  /** What keeps the map from being written: a folder without a line, a line without its folder. */
  problems: string[];
}

export function buildCodeMap(
  files: readonly string[],
  descriptions: Readonly<Record<string, string>> = FOLDER_DESCRIPTIONS,
  opened: readonly string[] = OPENED_FOLDERS,
): CodeMap {
  const folders = mappedFolders(files, opened);
  const mapped = new Set(folders);
  const problems = [
    ...folders
      .filter((folder) => !Object.hasOwn(descriptions, folder))
      .map((folder) => `${folder}/ has no line in the code map: add one to FOLDER_DESCRIPTIONS in scripts/code-map.ts.`),
    ...Object.keys(descriptions)
      .filter((folder) => !mapped.has(folder))
      .map((folder) => `${folder}/ is described in scripts/code-map.ts but is not a mapped folder of the tree: remove or move its line.`),
  ];
  const markdown = folders
    .map((folder) => {
      const indent = "  ".repeat(folder.split("/").length - 1);
      return `${indent}- [\`${folder}/\`](${folder}/): ${descriptions[folder] ?? "?"}`;
    })
    .join("\n");
  return { markdown, problems };
}

/** The map as it stands between the README's markers (without the blank lines around it). */
export function mapIn(readme: string): string {
  const start = readme.indexOf(MAP_START);
  const end = readme.indexOf(MAP_END);
  if (start < 0 || end < start) throw new Error(`README.md needs a ${MAP_START} line and, after it, a ${MAP_END} line.`);
  return readme.slice(start + MAP_START.length, end).trim();
}

/** The README with `map` between its markers. */
export function withMap(readme: string, map: string): string {
  mapIn(readme); // the markers are there, in order
  const start = readme.indexOf(MAP_START) + MAP_START.length;
  return `${readme.slice(0, start)}\n\n${map}\n\n${readme.slice(readme.indexOf(MAP_END))}`;
}

/**
 * The tree as git sees it: committed files and new ones not ignored, without those deleted since.
 * Build output, data and node_modules are ignored, so they are not folders of the code.
 */
export function treeFiles(root = ROOT): string[] {
  const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(listed.split("\0"))].filter((file) => file && fs.existsSync(path.join(root, file)));
}

function main() {
  const { markdown, problems } = buildCodeMap(treeFiles());
  if (problems.length) {
    console.error(problems.join("\n"));
    process.exit(1);
  }
  const readme = fs.readFileSync(README, "utf8");
  const written = withMap(readme, markdown);
  if (process.argv.includes("--check")) {
    if (written !== readme) {
      console.error("README.md's code map is not the tree's: run `npm run code-map`.");
      process.exit(1);
    }
  } else if (written !== readme) {
    fs.writeFileSync(README, written);
    console.log("README.md's code map rewritten.");
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
