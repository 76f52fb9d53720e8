import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type BrowserContext, type Page } from "@playwright/test";
import config, { slotServerEnv } from "../playwright.config";
import { expect } from "./fixtures";

/*
 * The installed app's setting for browser tests (decision 088): a profile on disk with its service
 * worker, and an app server of the test's own that it can stop (the network going away as the
 * installed app sees it). Used by installable.spec.ts and offline-edits.spec.ts.
 */

/**
 * A browser profile on disk: Chromium refuses to install, and to show notifications, from the
 * incognito-like contexts Playwright makes by default.
 */
export async function profileContext(): Promise<{ context: BrowserContext; page: Page; close: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "student-hub-profile-"));
  const context = await chromium.launchPersistentContext(dir, {
    ...config.use?.launchOptions,
    baseURL: config.use?.baseURL,
    serviceWorkers: "allow",
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Waits until the page's service worker has activated (a push during "activating" is lost) and controls the page. */
export async function activeWorker(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return registration?.active?.state === "activated" && Boolean(navigator.serviceWorker.controller);
        }),
      { timeout: 20_000 },
    )
    .toBe(true);
}

/**
 * A second app server on its own port, over the suite's database, that the test can stop: the
 * network going away as the installed app sees it. (Playwright's offline emulation stops a page's
 * navigations before its service worker sees them, so it cannot show what the worker does.)
 */
export async function startOwnServer(port: number): Promise<{ origin: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    // This worker's server's settings (its database: the student signed in there), on another port.
    env: { ...process.env, ...slotServerEnv(), PORT: String(port) },
    stdio: "ignore",
  });
  const origin = `http://localhost:${port}`;
  await expect.poll(async () => (await fetch(`${origin}/api/health`).catch(() => null))?.status ?? 0, { timeout: 30_000 }).toBe(200);
  return {
    origin,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    },
  };
}
