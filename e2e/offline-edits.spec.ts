import type { BrowserContext, Page } from "@playwright/test";
import { E2E_OWN_SERVER_PORT } from "../playwright.config";
import { expect, signIn, test as base } from "./fixtures";
import { activeWorker, profileContext, startOwnServer } from "./installed-app";
import { seedTask, storedTasks } from "./task-helpers";

/**
 * Changes made with no connection (docs/product.md#offline-edits, decision 116), in the installed
 * app (a profile on disk with its service worker) whose server the test stops, as the offline
 * launch test does (decision 088): Playwright's offline emulation would stop the reload before
 * the worker sees it.
 */
const test = base.extend<{ profile: { context: BrowserContext; page: Page } }>({
  profile: async ({}, use) => {
    const { context, page, close } = await profileContext();
    await page.setViewportSize({ width: 375, height: 740 });
    await use({ context, page });
    await close();
  },
});

/** How many changes the device keeps waiting in IndexedDB for the student (sync/offline-edits.ts). */
function keptChanges(page: Page, userId: number): Promise<number> {
  return page.evaluate(
    (key) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open("student-hub-offline");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction("cache").objectStore("cache").get(key);
          read.onsuccess = () => {
            open.result.close();
            resolve(
              read.result
                ? (JSON.parse(read.result as string) as { clientState: { mutations: unknown[] } }).clientState.mutations.length
                : 0,
            );
          };
          read.onerror = () => reject(read.error);
        };
      }),
    `queries-${userId}`,
  );
}

async function addTask(page: Page, title: string) {
  await page.getByRole("button", { name: "Add a task", exact: true }).click();
  const form = page.getByRole("dialog", { name: "Add Task" });
  await form.getByRole("textbox", { name: "Task Title" }).fill(title);
  await form.getByRole("button", { name: "Add Task" }).click();
  // The task shows at once; the dialog closes once its change waits for the server.
  await expect(form).toHaveCount(0);
  await expect(page.getByRole("checkbox", { name: `Mark ${title} as completed` })).toBeVisible();
}

test("at 375 px, tasks added and completed while the server is down wait, stay queued across a reload, and reach the server once each when it returns", async ({
  user,
  profile: { page },
}) => {
  test.slow();
  await seedTask(user, { title: "Read chapter 7" });
  let server = await startOwnServer(E2E_OWN_SERVER_PORT);
  try {
    await signIn(page, user);
    await page.goto(`${server.origin}/`);
    await activeWorker(page);
    // Read once more online, now through the worker, which keeps the reads for an offline launch.
    await page.goto(`${server.origin}/`);
    await page.getByRole("tablist", { name: "Dashboard sections" }).getByRole("tab", { name: "Tasks" }).click();
    await expect(page.getByRole("checkbox", { name: "Mark Read chapter 7 as completed" })).toBeVisible();
    // The offline edits have loaded (after the first screen, when idle): their status region is there.
    const chip = page.getByRole("status", { name: "Saving changes" });
    await expect(chip).toBeAttached();

    await server.stop();
    await addTask(page, "Essay outline");
    await addTask(page, "Lab report");
    await page.getByRole("checkbox", { name: "Mark Read chapter 7 as completed" }).click();
    // Completed before the server has ever seen it: sent after its create, to its server id.
    await page.getByRole("checkbox", { name: "Mark Essay outline as completed" }).click();
    await expect(chip).toHaveText("Offline · 4 changes waiting");
    await expect.poll(() => keptChanges(page, user.id)).toBe(4);
    expect(await storedTasks(user)).toHaveLength(1);

    // The app reopens from the worker's shell with the last reads, and the changes still waiting.
    await page.reload();
    await expect(chip).toHaveText("Offline · 4 changes waiting", { timeout: 20_000 });
    await expect(page.getByRole("checkbox", { name: "Mark Lab report as completed" })).not.toBeChecked();
    await page.getByRole("button", { name: "Completed (2)" }).click();
    await expect(page.getByRole("checkbox", { name: "Mark Essay outline as completed" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Mark Read chapter 7 as completed" })).toBeChecked();

    server = await startOwnServer(E2E_OWN_SERVER_PORT);
    await expect(chip).toHaveText("All changes saved", { timeout: 30_000 });
    const rows = await storedTasks(user);
    expect(rows.map((row) => [row.title, Boolean(row.completed)])).toEqual([
      ["Read chapter 7", true],
      ["Essay outline", true],
      ["Lab report", false],
    ]);
    // The list is the server's again, each task once.
    await expect(page.getByRole("checkbox", { name: /^Mark .* as completed$/ })).toHaveCount(3);
    await expect(chip).toHaveText("", { timeout: 10_000 });
    expect(await keptChanges(page, user.id)).toBe(0);
  } finally {
    await server.stop();
  }
});
