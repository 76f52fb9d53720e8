import { request as apiRequest, type BrowserContext, type Page } from "@playwright/test";
import { E2E_OWN_SERVER_PORT } from "../playwright.config";
import { expect, signIn, test as base, type SeededUser } from "./fixtures";
import { activeWorker, profileContext, startOwnServer } from "./installed-app";
import { seedTask, storedTasks } from "./task-helpers";

/**
 * "Changed on another device" (decision 116, issue 37): a task completed in the installed app while
 * its server is down (stopped, as offline-edits.spec.ts does), the same task renamed meanwhile on
 * another device through the API, and the app back online: its queued change goes with the ETag it
 * was made on, the server answers 412, and the student chooses.
 */
const test = base.extend<{ profile: { context: BrowserContext; page: Page } }>({
  profile: async ({}, use) => {
    const { context, page, close } = await profileContext();
    await page.setViewportSize({ width: 375, height: 740 });
    await use({ context, page });
    await close();
  },
});

/** The student's phone: a session of her own on the suite's server, renaming the task. */
async function renameOnAnotherDevice(user: SeededUser, id: number, title: string) {
  const api = await apiRequest.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    expect((await api.post("/api/login", { data: { email: user.email, password: user.password } })).status()).toBe(200);
    const { csrfToken } = (await (await api.get("/api/csrf-token")).json()) as { csrfToken: string };
    const renamed = await api.put(`/api/tasks/${id}`, { headers: { "X-CSRF-Token": csrfToken }, data: { title } });
    expect(renamed.status()).toBe(200);
  } finally {
    await api.dispose();
  }
}

/** Completes "Read chapter 7" with the server down, renames it on the phone, and brings the server back: the dialog. */
async function conflictAfterOfflineTick(page: Page, user: SeededUser, id: number) {
  let server = await startOwnServer(E2E_OWN_SERVER_PORT);
  await signIn(page, user);
  await page.goto(`${server.origin}/`);
  await activeWorker(page);
  await page.goto(`${server.origin}/`);
  await page.getByRole("tablist", { name: "Dashboard sections" }).getByRole("tab", { name: "Tasks" }).click();
  await expect(page.getByRole("checkbox", { name: "Mark Read chapter 7 as completed" })).toBeVisible();
  const chip = page.getByRole("status", { name: "Saving changes" });
  await expect(chip).toBeAttached();

  await server.stop();
  await page.getByRole("checkbox", { name: "Mark Read chapter 7 as completed" }).click();
  await expect(chip).toHaveText("Offline · 1 change waiting");
  await renameOnAnotherDevice(user, id, "Read chapters 7 and 8");

  server = await startOwnServer(E2E_OWN_SERVER_PORT);
  const dialog = page.getByRole("alertdialog", { name: "Changed on another device" });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toContainText("Yours: Read chapters 7 and 8 · done");
  await expect(dialog).toContainText("Theirs: Read chapters 7 and 8");
  // Neither side has been dropped while the student has not chosen.
  expect((await storedTasks(user)).map((row) => [row.title, Boolean(row.completed)])).toEqual([["Read chapters 7 and 8", false]]);
  return { dialog, server };
}

test("at 375 px, a change queued offline on a task changed elsewhere asks; 'Use theirs' shows the server's task and leaves it as it is", async ({
  user,
  profile: { page },
}) => {
  test.slow();
  const id = await seedTask(user, { title: "Read chapter 7" });
  const { dialog, server } = await conflictAfterOfflineTick(page, user, id);
  try {
    await dialog.getByRole("button", { name: "Use theirs" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("checkbox", { name: "Mark Read chapters 7 and 8 as completed" })).not.toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Mark Read chapter 7 as completed" })).toHaveCount(0);
    expect((await storedTasks(user)).map((row) => [row.title, Boolean(row.completed)])).toEqual([["Read chapters 7 and 8", false]]);
  } finally {
    await server.stop();
  }
});

test("at 375 px, 'Keep mine' sends the queued change again on the current version: the server ends with it", async ({
  user,
  profile: { page },
}) => {
  test.slow();
  const id = await seedTask(user, { title: "Read chapter 7" });
  const { dialog, server } = await conflictAfterOfflineTick(page, user, id);
  try {
    await dialog.getByRole("button", { name: "Keep mine" }).click();
    await expect(dialog).toHaveCount(0);
    await expect
      .poll(async () => (await storedTasks(user)).map((row) => [row.title, Boolean(row.completed)]), { timeout: 15_000 })
      .toEqual([["Read chapters 7 and 8", true]]);
    await page.getByRole("button", { name: "Completed (1)" }).click();
    await expect(page.getByRole("checkbox", { name: "Mark Read chapters 7 and 8 as completed" })).toBeChecked();
  } finally {
    await server.stop();
  }
});
