// npm run bench:calendar: how long a month change of the Calendar tab takes in Debian's Chromium,
// from the click on "Next month" to the new month in the DOM (React's render and commit, with the
// series expanded for the visible weeks), for a student with 1,000 recurring series, beside the
// same click for a student with none, measured in the same run. Builds the client first.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { todayIn } from "../core/dates";
import { WEEKDAY_NAMES } from "../core/day-numbers";
import { RECURRING_KINDS } from "../core/schemas/event";
import { createDb } from "../server/db/connection";
import { createSessionsRepository } from "../server/repositories/sessions";
import { createUsersRepository } from "../server/repositories/users";
import { waitFor } from "./wait-for";

const PORT = 3210;
const SERIES = 1000;
const MONTH_CHANGES = 24;
const FRAME_BUDGET_MS = 1000 / 60;
const executablePath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

let seed = 20261123;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86400000).toISOString().slice(0, 10);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
const p90 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.9)]!;

async function main() {
  console.log("Building the client…");
  if (spawnSync(process.execPath, ["node_modules/vite/bin/vite.js", "build", "--logLevel", "warn"], { stdio: "inherit" }).status !== 0)
    process.exit(1);
  const file = path.join(os.tmpdir(), `bench-calendar-${process.pid}.db`);
  const server: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: { ...process.env, PORT: String(PORT), HOST: "127.0.0.1", DATABASE_URL: `sqlite:${file}`, LOG_LEVEL: "warn" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const browser = await chromium.launch({
    executablePath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
  });
  try {
    await waitFor(`http://127.0.0.1:${PORT}/api/health`);
    const db = createDb({ kind: "sqlite", file });
    const users = createUsersRepository(db);
    const sessions = createSessionsRepository(db);
    const today = todayIn("America/New_York");

    async function student(name: string, series: number): Promise<string> {
      const user = (await users.create({
        email: `${name}-${process.pid}@example.com`,
        passwordHash: "x",
        firstName: name,
        lastName: "Bench",
        isAdmin: false,
      }))!;
      await users.setClasses(user.id, ["Algebra", "Biology", "Chemistry", "English", "History", "Spanish"]);
      const now = new Date().toISOString();
      const kinds = RECURRING_KINDS.filter((k) => k !== "none");
      const rows = Array.from({ length: series }, (_, i) => {
        const recurring = kinds[i % kinds.length]!;
        const days =
          recurring === "monthly"
            ? [String(int(1, 28))]
            : recurring === "yearly"
              ? []
              : WEEKDAY_NAMES.filter(() => rand() < 0.3).slice(0, 3);
        return {
          user_id: user.id,
          title: `Series ${i}`,
          date: addDays(today, -int(0, 3 * 365)),
          time: `${String(int(7, 20)).padStart(2, "0")}:${rand() < 0.5 ? "00" : "30"}`,
          event_type: "custom",
          recurring,
          custom_days: JSON.stringify(recurring === "weekly" && days.length === 0 ? ["monday"] : days),
          custom_end_date: rand() < 0.25 ? addDays(today, int(30, 4 * 365)) : null,
          is_completed: 0,
          notification_enabled: 0,
          is_exception: 0,
          created_at: now,
          updated_at: now,
        };
      });
      for (let i = 0; i < rows.length; i += 200)
        await db
          .insertInto("events")
          .values(rows.slice(i, i + 200))
          .execute();
      return (await sessions.create(user.id)).id;
    }

    /** Milliseconds from each "Next month" click to the new month in the DOM. */
    async function monthChanges(sessionId: string): Promise<number[]> {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: "America/New_York" });
      await context.addCookies([{ name: "sid", value: sessionId, domain: "127.0.0.1", path: "/", httpOnly: true, sameSite: "Lax" }]);
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${PORT}/#calendar`);
      await page.getByRole("grid").waitFor();
      await page.waitForLoadState("networkidle");
      const times: number[] = [];
      for (let i = 0; i < MONTH_CHANGES; i++) {
        times.push(
          await page.evaluate(
            () =>
              new Promise<number>((resolve) => {
                const heading = document.querySelector('[role="grid"]')!.closest("section, div")!.ownerDocument.querySelector("h3")!;
                const before = heading.textContent;
                const observer = new MutationObserver(() => {
                  if (heading.textContent !== before) {
                    observer.disconnect();
                    resolve(performance.now() - start);
                  }
                });
                observer.observe(document.body, { subtree: true, childList: true, characterData: true });
                const start = performance.now();
                (document.querySelector('button[aria-label="Next month"]') as HTMLButtonElement).click();
              }),
          ),
        );
        // Past the 300 ms lock between month changes.
        await page.waitForTimeout(350);
      }
      await context.close();
      return times.slice(2); // the first changes warm the code up
    }

    const empty = await monthChanges(await student("empty", 0));
    const busy = await monthChanges(await student("busy", SERIES));
    await db.destroy();

    const row = (name: string, t: number[]) =>
      `${name.padEnd(30)} ${median(t).toFixed(1).padStart(8)} ${p90(t).toFixed(1).padStart(8)} ${(median(t) / median(empty)).toFixed(2).padStart(10)}`;
    console.log(
      `\nCalendar month change in Chromium (${os.cpus().length} cores, ${MONTH_CHANGES - 2} changes each; frame budget ${FRAME_BUDGET_MS.toFixed(1)} ms)`,
    );
    console.log(`${"student".padEnd(30)} ${"median ms".padStart(8)} ${"p90 ms".padStart(8)} ${"× no events".padStart(10)}`);
    console.log(row("no events (baseline)", empty));
    console.log(row(`${SERIES} recurring series`, busy));
  } finally {
    await browser.close();
    server.kill("SIGTERM");
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(`${file}${suffix}`, { force: true });
  }
}

await main();
