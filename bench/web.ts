// npm run bench:web: Lighthouse (mobile: emulated phone, simulated slow 4G and 4× CPU slowdown)
// in Debian's Chromium on every page of the app: the landing page, /auth, a signed-in student's
// dashboard, the admin panel (an admin unlocked with the passcode) and /admin/push-debug, from a
// fresh production build served by server/main.ts. Goal: performance ≥ 95 and accessibility 100
// on all of them. A benchmark, not a test: it exits 0 whatever the scores, 1 only when something
// broke. BENCH_RUNS=n runs each page n times and keeps the run of median performance;
// BENCH_WEB_REPORTS=dir writes each kept run's full Lighthouse report there (open it in the
// Lighthouse viewer, or read its long tasks and bootup times).
//
// The baseline: absolute Lighthouse figures swing by tens of points between machines and between
// runs on a shared one, so each run also measures a bare page (bench/bare-page: the app's React
// rendering one <div>), built beside the app into the bench's own copy of the client (never into
// dist/) and served by the same server. Runs go in rounds, the bare page first in each, and every
// page's TBT and LCP are also printed against the bare page's of the same round (TBT − bare TBT,
// LCP ÷ bare LCP, medians of the rounds): what the page costs above React itself on this machine.
// BENCH_PAGES=dashboard,/admin measures only the pages named (the bare page is always measured).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { benchWebTools, type BenchWebTools, type LaunchedChrome, type LighthouseFlags, type LighthouseResult as Result } from "./web-tools";
import react from "@vitejs/plugin-react";
import { build as viteBuild } from "vite";
import { precompress } from "../scripts/precompress";
import { addDaysToDate, DEFAULT_TIME_ZONE, todayIn } from "../core/dates";
import { signIn } from "./sign-in";
import { waitFor } from "./wait-for";

/** BENCH_WEB_PORT: another port, when something else on the machine holds 3400. */
const PORT = Number(process.env.BENCH_WEB_PORT ?? 3400);
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));
/** BENCH_PAGES: the names of the pages to measure, comma-separated; all of them when unset. */
const ONLY_PAGES = process.env.BENCH_PAGES?.split(",")
  .map((name) => name.trim())
  .filter(Boolean);
const REPORTS_DIR = process.env.BENCH_WEB_REPORTS;
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"];
const CATEGORIES = ["performance", "accessibility", "best-practices"];
const GOAL: Record<string, number> = { performance: 95, accessibility: 100 };
const MAX_ATTEMPTS = 3;
/** A set-up schedule, so "Complete Your Setup" does not open over the dashboard (as e2e/fixtures.ts). */
const CLASSES = ["Mathematics", "Science", "History", "English", "Chemistry", "Physics", "Biology", "Other"];

interface Page {
  name: string;
  path: string;
  cookie?: string;
  /** A read only this signed-in page makes (the dashboard's tasks): proof the run measured it. */
  reads?: string;
}

/** Where the bare page is served from: a folder of the bench's copy of the client. */
const BARE_DIR = "bench-bare";
const BARE: Page = { name: "bare page", path: `/${BARE_DIR}/index.html` };

/**
 * Builds the bare page into `clientDir/bench-bare/` (after the app's build, which empties
 * clientDir), compressed as the app's files are, so the server serves it as it serves the app's.
 */
async function buildBarePage(clientDir: string) {
  await viteBuild({
    configFile: false,
    root: path.join(import.meta.dirname, "bare-page"),
    base: `/${BARE_DIR}/`,
    logLevel: "warn",
    plugins: [react(), precompress()],
    build: { outDir: path.join(clientDir, BARE_DIR), emptyOutDir: true },
  });
}

/** The admin step-up passcode of the bench's server, and the admin it lets in. */
const ADMIN_PASSCODE = "B3NC";
const ADMIN_EMAIL = `bench-web-admin-${process.pid}@example.com`;

/** Registers a student over the API and gives them classes, tasks and events: a dashboard with real content. */
async function seedStudent(): Promise<string> {
  const student = await signIn(BASE, { email: `bench-web-${process.pid}@example.com`, firstName: "Maya", lastName: "Patel" });
  const { cookie } = student.headers;
  const headers = { ...student.headers, "content-type": "application/json" };
  async function send(method: string, url: string, body: unknown) {
    const answer = await fetch(`${BASE}${url}`, { method, headers, body: JSON.stringify(body) });
    if (!answer.ok) throw new Error(`${method} ${url}: ${answer.status} ${await answer.text()}`);
  }

  await send("POST", "/api/user/classes", { userClasses: CLASSES });
  const day = (n: number) => addDaysToDate(todayIn(DEFAULT_TIME_ZONE), n);
  const tasks = [
    { title: "Read chapter 5 of To Kill a Mockingbird", subject: "English", dueDate: day(-1), priority: "high" },
    { title: "Problem set 7: quadratic equations", subject: "Mathematics", dueDate: day(0), dueTime: "23:59", priority: "high" },
    { title: "Lab report: titration", subject: "Chemistry", dueDate: day(1), priority: "medium" },
    { title: "Study for the cell biology quiz", subject: "Biology", dueDate: day(2), priority: "medium" },
    { title: "Essay outline: causes of World War I", subject: "History", dueDate: day(4), priority: "low" },
    { title: "Physics worksheet: Newton's laws", subject: "Physics", dueDate: day(6), priority: "low" },
  ];
  for (const task of tasks) await send("POST", "/api/tasks", { description: null, ...task });
  await send("POST", "/api/tasks", {
    title: "Vocabulary flashcards",
    subject: "English",
    dueDate: day(-2),
    priority: "low",
    completed: true,
  });
  const events = [
    { title: "Chemistry exam", date: day(1), time: "09:00", eventType: "exam" },
    { title: "Study group", date: day(0), time: "16:00", eventType: "study" },
    { title: "Parent-teacher meeting", date: day(3), time: "18:30", eventType: "meeting" },
    {
      title: "Soccer practice",
      date: day(-14),
      time: "15:30",
      eventType: "practice",
      recurring: "weekly",
      customDays: ["tuesday", "thursday"],
    },
  ];
  for (const event of events) await send("POST", "/api/events", event);
  return cookie;
}

/**
 * Registers the admin (an address in ADMIN_EMAILS) and unlocks the admin panel with the passcode,
 * as the passcode gate does: the answer's new session cookie is the unlocked one.
 */
async function seedUnlockedAdmin(): Promise<string> {
  const admin = await signIn(BASE, { email: ADMIN_EMAIL, firstName: "Dana", lastName: "Okafor" });
  const answer = await fetch(`${BASE}/api/admin/login`, {
    method: "POST",
    headers: { ...admin.headers, "content-type": "application/json" },
    body: JSON.stringify({ passcode: ADMIN_PASSCODE }),
  });
  if (!answer.ok) throw new Error(`POST /api/admin/login: ${answer.status} ${await answer.text()}`);
  const cookie = answer.headers
    .getSetCookie()
    .find((c) => c.startsWith("sid="))
    ?.split(";")[0];
  return cookie ?? admin.headers.cookie;
}

function startServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: { ...process.env, PORT: String(PORT), HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
}

/** Resolves when the server answers its health check; rejects if it exits first or never answers. */
function serverUp(server: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    const exited = (code: number | null) => reject(new Error(`the server exited (code ${code}) before answering /api/health`));
    server.once("exit", exited);
    waitFor(`${BASE}/api/health`).then(
      () => {
        server.off("exit", exited);
        resolve();
      },
      (error: unknown) => {
        server.off("exit", exited);
        reject(error as Error);
      },
    );
  });
}

function stop(child: ChildProcess): Promise<unknown> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  child.kill("SIGTERM");
  return new Promise((r) => child.once("exit", r));
}

/**
 * One Lighthouse run. A run that failed to record its trace (NO_NAVSTART, NO_FCP…: Lighthouse's
 * own advice is "run Lighthouse again"), as happens on a busy machine, is retried twice.
 */
async function auditOnce(lighthouse: BenchWebTools["lighthouse"], page: Page, flags: LighthouseFlags): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(`${BASE}${page.path}`, flags);
    if (!result) throw new Error(`${page.name}: Lighthouse returned no result`);
    const { runtimeError } = result.lhr;
    if (!runtimeError) return result.lhr;
    const message = `${page.name}: ${runtimeError.code}: ${runtimeError.message}`;
    if (attempt === MAX_ATTEMPTS) throw new Error(message);
    console.log(`  ${message}; running it again`);
  }
}

function flagsFor(port: number, page: Page): LighthouseFlags {
  return {
    port,
    logLevel: "error",
    output: "json",
    onlyCategories: CATEGORIES,
    extraHeaders: page.cookie ? { Cookie: page.cookie } : null,
  };
}

/** The run of median performance among a page's runs. */
function medianRun(runs: Result[]): Result {
  const sorted = [...runs].sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
  return sorted[Math.floor(sorted.length / 2)]!;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

interface NetworkRequest {
  url: string;
  statusCode: number;
  resourceType?: string;
  transferSize?: number;
}
const requestsOf = (lhr: Result) =>
  ((lhr.audits["network-requests"]?.details as { items?: NetworkRequest[] })?.items ?? []) as NetworkRequest[];

/**
 * Why an audited signed-in page was not what it stands for, or null when it was: signed in, still
 * on its own path (not sent elsewhere by a guard), and having made its own read, if it has one.
 */
function notSignedIn(lhr: Result, page: Page): string | null {
  const requests = requestsOf(lhr);
  // The app asks GET /api/session who is signed in (decision 067); a visitor's / never loads the app.
  const session = requests.find((r) => new URL(r.url).pathname === "/api/session");
  if (new URL(lhr.finalDisplayedUrl).pathname !== page.path) return `the page ended on ${lhr.finalDisplayedUrl}`;
  if (!session) return "the page never asked /api/session who is signed in (the visitor's landing page?)";
  if (session.statusCode !== 200) return `/api/session answered ${session.statusCode}`;
  if (page.reads && !requests.some((r) => new URL(r.url).pathname === page.reads)) return `the page never asked for ${page.reads}`;
  return null;
}

const score = (lhr: Result, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const numeric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? NaN;

function jsBytes(lhr: Result): number {
  const summary = (lhr.audits["resource-summary"]?.details as { items?: Array<{ resourceType: string; transferSize: number }> })?.items;
  const script = summary?.find((item) => item.resourceType === "script");
  if (script) return script.transferSize;
  return requestsOf(lhr)
    .filter((r) => r.resourceType === "Script")
    .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
}

function printTable(results: Array<{ page: Page; lhr: Result }>) {
  const first = results[0]!.lhr;
  console.log(
    `\nLighthouse ${first.lighthouseVersion}, mobile (simulated throttling), ${first.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? "Chromium"}, ` +
      `benchmark index ${first.environment.benchmarkIndex}, ${os.cpus().length} cores, ${RUNS === 1 ? "1 run" : `median of ${RUNS} runs`} per page`,
  );
  const columns = ["page", "perf", "a11y", "best pr.", "FCP ms", "LCP ms", "TBT ms", "CLS", "total KiB", "JS KiB"];
  const widths = [18, 6, 6, 9, 8, 8, 8, 7, 10, 8];
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("");
  console.log(line(columns));
  for (const { page, lhr } of results) {
    const mark = (id: string) => `${score(lhr, id) < (GOAL[id] ?? 0) ? "*" : ""}${score(lhr, id)}`;
    console.log(
      line([
        page.name,
        mark("performance"),
        mark("accessibility"),
        String(score(lhr, "best-practices")),
        numeric(lhr, "first-contentful-paint").toFixed(0),
        numeric(lhr, "largest-contentful-paint").toFixed(0),
        numeric(lhr, "total-blocking-time").toFixed(0),
        numeric(lhr, "cumulative-layout-shift").toFixed(3),
        (numeric(lhr, "total-byte-weight") / 1024).toFixed(1),
        (jsBytes(lhr) / 1024).toFixed(1),
      ]),
    );
  }
  console.log(`Goal: performance ≥ ${GOAL.performance} and accessibility ${GOAL.accessibility} on every page (* = below goal).`);
}

/**
 * Every page against the bare page: medians of its runs, and of each round's TBT above the bare
 * page's and LCP as a multiple of it (the bare page measured in the same round, just before).
 */
function printAgainstBare(measured: Array<{ page: Page; runs: Result[] }>) {
  const bare = measured.find((m) => m.page === BARE)!.runs;
  // "perf range": the lowest and highest score of the rounds, for how far one run may be from the median.
  const columns = [
    "page",
    "perf",
    "perf range",
    "FCP ms",
    "LCP ms",
    "TBT ms",
    "total KiB",
    "JS KiB",
    "TBT−bare",
    "LCP÷bare",
    "JS−bare KiB",
  ];
  const widths = [18, 6, 12, 8, 8, 8, 10, 8, 10, 10, 12];
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("");
  console.log(
    `\nAgainst the bare page (the app's React rendering one <div>, measured in the same ${RUNS === 1 ? "run" : `${RUNS} rounds`}): ` +
      `${RUNS === 1 ? "" : "medians; "}TBT − bare TBT in ms, LCP ÷ bare LCP, JS bytes above the bare page's`,
  );
  console.log(line(columns));
  for (const { page, runs } of measured) {
    const med = (metric: (lhr: Result) => number) => median(runs.map(metric));
    const tbt = (lhr: Result) => numeric(lhr, "total-blocking-time");
    const lcp = (lhr: Result) => numeric(lhr, "largest-contentful-paint");
    const tbtAbove = median(runs.map((lhr, round) => tbt(lhr) - tbt(bare[round]!)));
    const lcpTimes = median(runs.map((lhr, round) => lcp(lhr) / lcp(bare[round]!)));
    const scores = runs.map((lhr) => score(lhr, "performance"));
    console.log(
      line([
        page.name,
        String(med((lhr) => score(lhr, "performance"))),
        `${Math.min(...scores)}–${Math.max(...scores)}`,
        med((lhr) => numeric(lhr, "first-contentful-paint")).toFixed(0),
        med(lcp).toFixed(0),
        med(tbt).toFixed(0),
        (med((lhr) => numeric(lhr, "total-byte-weight")) / 1024).toFixed(1),
        (med(jsBytes) / 1024).toFixed(1),
        `${tbtAbove >= 0 ? "+" : ""}${tbtAbove.toFixed(0)}`,
        `×${lcpTimes.toFixed(2)}`,
        ((med(jsBytes) - median(bare.map(jsBytes))) / 1024).toFixed(1),
      ]),
    );
  }
}

interface DetailItem {
  node?: { selector?: string; snippet?: string };
  url?: string;
  source?: string;
  description?: string;
  wastedBytes?: number;
}

/** One line of an audit's evidence: the element, the resource (and what it wastes) or the message. */
function describe(item: DetailItem): string {
  if (item.node) return `${item.node.selector ?? ""}  ${item.node.snippet ?? ""}`.trim();
  if (item.description) return `${item.source ? `${item.source}: ` : ""}${item.description}`.replace(/\s+/g, " ").slice(0, 200);
  if (item.url) return `${item.url.replace(BASE, "")}${item.wastedBytes ? ` (${(item.wastedBytes / 1024).toFixed(1)} KiB wasted)` : ""}`;
  return "";
}

/** The audits that cost a category its score: what to fix, page by page. */
function printFailures(results: Array<{ page: Page; lhr: Result }>) {
  for (const { page, lhr } of results) {
    const lines: string[] = [];
    for (const id of CATEGORIES) {
      const category = lhr.categories[id];
      if (!category || score(lhr, id) >= (GOAL[id] ?? 100)) continue;
      for (const ref of category.auditRefs) {
        const result = lhr.audits[ref.id];
        if (!result || result.score === null || result.score >= 0.9) continue;
        const weighted = ref.weight > 0;
        // Performance weighs only its metrics; its failing diagnostics say why they are slow.
        if (!weighted && (id !== "performance" || ref.group === "hidden" || result.scoreDisplayMode === "informative")) continue;
        const value = result.displayValue ? `: ${result.displayValue}` : "";
        lines.push(
          `  [${category.title}${weighted ? `, weight ${ref.weight}` : ", diagnostic"}] ${result.title}${value} (score ${result.score})`,
        );
        for (const item of ((result.details as { items?: DetailItem[] } | undefined)?.items ?? []).slice(0, 3)) {
          const where = describe(item);
          if (where) lines.push(`      ${where}`);
        }
      }
    }
    if (lines.length > 0) console.log(`\n${page.name}: failing audits\n${lines.join("\n")}`);
  }
}

async function main(): Promise<number> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "student-hub-bench-web-"));
  const clientDir = path.join(work, "client");
  const dbFile = path.join(work, "bench.db");
  let server: ChildProcess | undefined;
  let chrome: LaunchedChrome | undefined;
  try {
    // A port already answering would be measured instead of this build.
    if (
      await fetch(`${BASE}/api/health`).then(
        () => true,
        () => false,
      )
    )
      throw new Error(`port ${PORT} is already in use`);

    // Checked first: chrome-launcher's failure to start a missing browser ends the process at once,
    // which would leave the server below running.
    if (!fs.existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)`);
    const tools = await benchWebTools();

    console.log("Building the client…");
    const vite = ["node_modules/vite/bin/vite.js", "build", "--outDir", clientDir, "--emptyOutDir", "--logLevel", "warn"];
    if (spawnSync(process.execPath, vite, { stdio: "inherit" }).status !== 0) throw new Error("vite build failed");
    console.log("Building the bare page…");
    await buildBarePage(clientDir);

    server = startServer({ DATABASE_URL: `sqlite:${dbFile}`, CLIENT_DIR: clientDir, ADMIN_EMAILS: ADMIN_EMAIL, ADMIN_PASSCODE });
    await serverUp(server);
    const cookie = await seedStudent();
    const adminCookie = await seedUnlockedAdmin();

    chrome = await tools.launchChrome({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: "error" });
    const allPages: Page[] = [
      BARE,
      { name: "landing", path: "/" },
      { name: "/auth", path: "/auth" },
      { name: "dashboard", path: "/", cookie, reads: "/api/tasks" },
      { name: "/admin", path: "/admin", cookie: adminCookie, reads: "/api/admin/users" },
      { name: "/admin/push-debug", path: "/admin/push-debug", cookie },
    ];
    const unknown = ONLY_PAGES?.filter((name) => !allPages.some((page) => page.name === name)) ?? [];
    if (unknown.length)
      throw new Error(`BENCH_PAGES names no page called ${unknown.join(", ")} (${allPages.map((p) => p.name).join(", ")})`);
    const pages = allPages.filter((page) => page === BARE || !ONLY_PAGES || ONLY_PAGES.includes(page.name));
    // In rounds, every page once per round, so that what the machine is doing at a moment weighs on
    // every page alike, and each page has a bare run of its own round to be compared with.
    const measured = pages.map((page) => ({ page, runs: [] as Result[] }));
    for (let round = 1; round <= RUNS; round++) {
      for (const { page, runs } of measured) {
        console.log(
          `Lighthouse${RUNS === 1 ? "" : ` ${round}/${RUNS}`}: ${page.name} (${BASE}${page.path}${page.cookie ? ", signed in" : ""})…`,
        );
        runs.push(await auditOnce(tools.lighthouse, page, flagsFor(chrome.port, page)));
      }
    }
    const results = measured.map(({ page, runs }) => ({ page, lhr: medianRun(runs) }));
    printTable(results);
    printAgainstBare(measured);
    printFailures(results.filter((r) => r.page !== BARE));
    if (REPORTS_DIR) {
      fs.mkdirSync(REPORTS_DIR, { recursive: true });
      for (const { page, lhr } of results) {
        const file = path.join(REPORTS_DIR, `${page.name.replace(/^\//, "").replace(/\W+/g, "-") || "root"}.json`);
        fs.writeFileSync(file, JSON.stringify(lhr));
      }
      console.log(`\nReports: ${REPORTS_DIR}`);
    }

    let broken = 0;
    for (const { page, lhr } of results.filter((r) => r.page.cookie)) {
      const why = notSignedIn(lhr, page);
      if (!why) continue;
      console.error(`\nThe ${page.name} run was not the signed-in page (${why}): its figures are not the ${page.name}'s.`);
      broken++;
    }
    return broken ? 1 : 0;
  } finally {
    chrome?.kill();
    if (server) await stop(server);
    fs.rmSync(work, { recursive: true, force: true });
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(`bench:web failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
