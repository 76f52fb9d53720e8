import type { Page } from "@playwright/test";
import { expect, openSettings, signIn, test } from "./fixtures";
import { openHomeTab, schoolDate, seedTasks } from "./task-helpers";

/**
 * The app icon's badge (decision 119): the number of tasks due today or overdue, set by the open
 * app. Headless Chromium may have no Badging API (it has no installed app whose icon could show
 * one): where `navigator.setAppBadge` is missing, a stand-in that records the calls is installed
 * before the app loads; where the platform has it, the real one is left alone and only wrapped to
 * record what the app asks. Either way the test reads what the app asked for, not a drawn icon.
 */
async function recordBadge(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const calls: Array<number | "clear"> = [];
    (window as unknown as { __badgeCalls: typeof calls }).__badgeCalls = calls;
    const badging = navigator as Navigator & { setAppBadge?: (count?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };
    const real = { set: badging.setAppBadge?.bind(navigator), clear: badging.clearAppBadge?.bind(navigator) };
    Object.defineProperty(Navigator.prototype, "setAppBadge", {
      configurable: true,
      value: (count?: number) => {
        calls.push(count ?? 0);
        return real.set ? real.set(count).catch(() => undefined) : Promise.resolve();
      },
    });
    Object.defineProperty(Navigator.prototype, "clearAppBadge", {
      configurable: true,
      value: () => {
        calls.push("clear");
        return real.clear ? real.clear().catch(() => undefined) : Promise.resolve();
      },
    });
  });
}

/** The last count the app put on the icon ("clear" when it cleared it), or null before any. */
const lastBadge = (page: Page) =>
  page.evaluate(() => (window as unknown as { __badgeCalls: Array<number | "clear"> }).__badgeCalls.at(-1) ?? null);

test.describe("the app icon's badge", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("counts the open tasks due today or overdue, follows a completion, clears when turned off and when none are left", async ({
    page,
    user,
  }) => {
    await seedTasks(user, [
      { title: "Lab report", dueDate: schoolDate(-2) },
      { title: "Reading log", dueDate: schoolDate(0) },
      { title: "Poster", dueDate: schoolDate(3) },
      { title: "Someday idea" },
      { title: "Old quiz", dueDate: schoolDate(-5), completed: true },
    ]);
    await recordBadge(page);
    await signIn(page, user);
    await openHomeTab(page);
    await expect.poll(() => lastBadge(page)).toBe(2);

    await page.getByRole("checkbox", { name: "Mark Reading log as completed" }).click();
    await expect.poll(() => lastBadge(page)).toBe(1);

    // Turned off, the badge is cleared at once; on again, it comes back.
    const settings = await openSettings(page, true);
    const badgeSwitch = settings.getByRole("switch", { name: "Show the count of due tasks on the app icon" });
    await expect(badgeSwitch).toBeChecked();
    // This page has a Badging API (the platform's or the stand-in): no "cannot show" line.
    await expect(settings.getByText("This browser cannot show a count on the app icon.", { exact: false })).toHaveCount(0);
    await badgeSwitch.click();
    await expect(badgeSwitch).not.toBeChecked();
    await expect.poll(() => lastBadge(page)).toBe("clear");
    await badgeSwitch.click();
    await expect(badgeSwitch).toBeChecked();
    await expect.poll(() => lastBadge(page)).toBe(1);
    await page.keyboard.press("Escape");
    await expect(settings).toBeHidden();

    // None left: cleared.
    await page.getByRole("checkbox", { name: "Mark Lab report as completed" }).click();
    await expect.poll(() => lastBadge(page)).toBe("clear");
  });

  test("is kept off with the account: a later visit sets no count, only clears", async ({ page, user }) => {
    await seedTasks(user, [{ title: "Lab report", dueDate: schoolDate(-1) }]);
    await recordBadge(page);
    await signIn(page, user);
    await openHomeTab(page);
    await expect.poll(() => lastBadge(page)).toBe(1);
    const settings = await openSettings(page, true);
    await settings.getByRole("switch", { name: "Show the count of due tasks on the app icon" }).click();
    await expect.poll(() => lastBadge(page)).toBe("clear");

    await page.reload();
    await expect(page.getByRole("list", { name: "Urgent tasks" }).getByText("Lab report")).toBeVisible();
    // Off, the app only clears what an earlier visit or a reminder may have left; it never sets a count.
    await expect.poll(() => lastBadge(page)).toBe("clear");
    // Once the page has loaded everything it asks for (the lists the count is made from, the idle
    // module that sets it), a count would have been set by now.
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => (window as unknown as { __badgeCalls: unknown[] }).__badgeCalls)).toEqual(["clear"]);
  });

  test("signing out clears the count: the next person on a shared device does not see it", async ({ page, user }) => {
    await seedTasks(user, [{ title: "Lab report", dueDate: schoolDate(-2) }]);
    // Recorded in the test, not the page: signing out leaves the page (and clears its storage).
    const calls: Array<number | "clear"> = [];
    await page.exposeFunction("recordBadge", (call: number | "clear") => void calls.push(call));
    await page.addInitScript(() => {
      const record = (window as unknown as { recordBadge: (call: number | "clear") => Promise<void> }).recordBadge;
      Object.defineProperty(Navigator.prototype, "setAppBadge", { configurable: true, value: (count?: number) => record(count ?? 0) });
      Object.defineProperty(Navigator.prototype, "clearAppBadge", { configurable: true, value: () => record("clear") });
    });
    await signIn(page, user);
    await openHomeTab(page);
    await expect.poll(() => calls.at(-1)).toBe(1);

    const settings = await openSettings(page, true);
    await settings.getByRole("button", { name: "Sign Out" }).click();
    await expect(page.getByRole("link", { name: /sign in/i }).first()).toBeVisible();
    expect(calls.at(-1)).toBe("clear");
  });
});
