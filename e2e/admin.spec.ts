import type { Browser, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { clearAppSetting, e2eDb, expect, seedUser, signIn, test } from "./fixtures";
import { seedTasks, toast } from "./task-helpers";

/** The passcode the browser suite's server runs with (playwright.config.ts). */
const PASSCODE = "K7QM";
const NEW_PASSWORD = "N3w!Secret-pass";

async function openPanel(page: Page) {
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Panel" })).toBeVisible();
}

async function unlock(page: Page, passcode = PASSCODE) {
  await page.getByLabel("Admin Passcode").fill(passcode);
  await page.getByRole("button", { name: "Unlock Admin Panel" }).click();
}

async function unlocked(page: Page) {
  await openPanel(page);
  await unlock(page);
  await expect(page.getByText("Admin Access", { exact: true })).toBeVisible();
}

const userRow = (page: Page, email: string) => page.getByRole("list", { name: "Users" }).getByRole("listitem").filter({ hasText: email });

async function searchFor(page: Page, text: string) {
  await page.getByLabel("Search users").fill(text);
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(text).replace(/\./g, "\\.")}`));
}

/** A visitor's browser, apart from the admin's. */
async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, timezoneId: "America/New_York" });
  return context.newPage();
}

// One journey through the panel against the real server, on a phone. The gate's field, the wrong
// passcode, promoting, the questions, toasts and copying are client/app/screens/admin.test.tsx's and
// client/features/admin/components/*.test.tsx's (docs/decisions/120).
test.describe("the admin panel at 375 px", () => {
  test.use({ viewport: { width: 375, height: 900 } });
  // The app settings are app-wide: put them back for the suites that expect none (landing.spec.ts).
  test.afterEach(async () => {
    await clearAppSetting("instagramUrl");
    await clearAppSetting("logoUrl");
  });

  test("from Settings through the passcode: reset a password the student then uses, delete a user, the audit log, a setting on the landing page, Exit Admin", async ({
    page,
    browser,
  }) => {
    test.slow(); // The whole panel, step by step.
    const admin = await seedUser({ firstName: "Rosa", lastName: "Diaz", isAdmin: true });
    const student = await seedUser({ firstName: "Sam", lastName: "Lee" });
    const leaving = await seedUser({ firstName: "Lou", lastName: "Gone" });
    await seedTasks(leaving, [{ title: "Old homework" }]);
    await signIn(page, admin);

    await test.step("Settings, in the menu drawer, leads an admin to the panel; the passcode unlocks it", async () => {
      await page.goto("/");
      await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Settings" }).click();
      await page.getByRole("dialog", { name: "Settings" }).getByRole("button", { name: "Admin Panel" }).click();
      await expect(page).toHaveURL(/\/admin$/);
      await unlock(page);
      await expect(page.getByText("Admin Access", { exact: true })).toBeVisible();
    });

    let temporaryPassword = "";
    await test.step("reset the student's password", async () => {
      await searchFor(page, student.email);
      const row = userRow(page, student.email);
      await row.getByRole("button", { name: "Reset password for Sam Lee" }).click();
      await page.getByRole("alertdialog", { name: "Reset Password" }).getByRole("button", { name: "Reset Password" }).click();
      const shown = page.getByRole("dialog", { name: "Temporary Password" });
      await expect(shown).toBeVisible();
      temporaryPassword = (await shown.getByLabel("Temporary password").textContent()) ?? "";
      expect(temporaryPassword.length).toBeGreaterThanOrEqual(12);
      await shown.getByRole("button", { name: "Done" }).click();
      await expect(row.getByText("Password reset pending")).toBeVisible();
    });

    await test.step("the student signs in with it and sets a new password", async () => {
      const studentPage = await freshPage(browser);
      await studentPage.goto("/auth");
      await studentPage.getByLabel("Email").fill(student.email);
      await studentPage.getByLabel("Password", { exact: true }).fill(temporaryPassword);
      await studentPage.getByRole("button", { name: "Sign In" }).click();
      await expect(studentPage).toHaveURL(/\/password-reset$/);
      await studentPage.getByLabel("Temporary Password", { exact: true }).fill(temporaryPassword);
      await studentPage.getByLabel("New Password", { exact: true }).fill(NEW_PASSWORD);
      await studentPage.getByLabel("Confirm New Password", { exact: true }).fill(NEW_PASSWORD);
      await studentPage.getByRole("button", { name: "Update Password" }).click();
      await expect(toast(studentPage, "Password Updated", /updated successfully/)).toBeVisible();
      await expect(studentPage).toHaveURL(/\/$/);
      await studentPage.context().close();
    });

    await test.step("delete a user and everything they had", async () => {
      await searchFor(page, leaving.email);
      await userRow(page, leaving.email).getByRole("button", { name: "Delete Lou Gone" }).click();
      await page.getByRole("alertdialog", { name: "Delete User" }).getByRole("button", { name: "Delete" }).click();
      await expect(page.getByText("No users found matching your criteria")).toBeVisible();
      expect(await e2eDb().selectFrom("tasks").select("id").where("user_id", "=", leaving.id).execute()).toEqual([]);
    });

    await test.step("the audit log lists what was done, in Eastern time", async () => {
      await page.getByRole("tab", { name: "Audit Log" }).click();
      const entries = page.getByRole("list", { name: "Audit log entries" }).getByRole("listitem");
      await expect(entries.first()).toContainText("Account Deleted");
      await expect(entries.first()).toContainText(leaving.email);
      await expect(entries.first()).toContainText(admin.email);
      await expect(entries.first()).toContainText(/E[SD]T$/);
      await expect(entries.filter({ hasText: "Password Reset" }).filter({ hasText: student.email })).toHaveCount(1);
    });

    await test.step("app settings: a change the landing page shows at once", async () => {
      await page.getByRole("tab", { name: "App Settings" }).click();
      await page.getByLabel("Social Profile URL").fill("https://www.instagram.com/lincoln_high");
      await page.getByRole("button", { name: "Save Settings" }).click();
      await expect(toast(page, "Settings Updated", "App settings have been saved successfully")).toBeVisible();

      const visitor = await freshPage(browser);
      await visitor.goto("/");
      await expect(visitor.locator('a[href="https://www.instagram.com/lincoln_high"]').first()).toBeVisible();
      await visitor.context().close();
    });

    await test.step("Exit Admin locks the panel and goes home", async () => {
      await page.getByRole("button", { name: "Exit Admin" }).click();
      await expect(page).toHaveURL(/\/$/);
      await openPanel(page);
      await expect(page.getByLabel("Admin Passcode")).toBeVisible();
    });
  });
});

test.describe("the panel's guard rails", () => {
  test("the user list becomes cards at 320 px, nothing scrolls sideways, and more users load as the admin scrolls", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 700 });
    const admin = await seedUser({ isAdmin: true });
    const tag = `page${Date.now().toString(36)}`;
    for (let i = 0; i < 55; i++) await seedUser({ email: `${tag}-${String(i).padStart(2, "0")}@example.com` });
    await signIn(page, admin);
    await unlocked(page);
    await searchFor(page, tag);
    const rows = page.getByRole("list", { name: "Users" }).getByRole("listitem");
    await expect(rows).toHaveCount(50);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await page.getByRole("button", { name: "Load more users" }).scrollIntoViewIfNeeded();
    await expect(rows).toHaveCount(55);
  });
});

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`axe on the admin panel, ${colorScheme} theme, 375 px`, () => {
    test.use({ colorScheme, reducedMotion: "reduce", viewport: { width: 375, height: 800 } });

    test("the gate, each tab, and the confirmation", async ({ page }) => {
      test.slow(); // Six axe scans.
      const admin = await seedUser({ isAdmin: true });
      await seedUser({ firstName: "Axe", lastName: "Student" });
      await signIn(page, admin);
      await openPanel(page);
      await expectNoAxeViolations(page, "the passcode gate");
      await unlock(page);
      await expect(page.getByRole("list", { name: "Users" })).toBeVisible();
      await expectNoAxeViolations(page, "User Management");
      await page
        .getByRole("list", { name: "Users" })
        .getByRole("button", { name: /^Delete / })
        .first()
        .click();
      await expect(page.getByRole("alertdialog", { name: "Delete User" })).toBeVisible();
      await expectNoAxeViolations(page, "the delete question");
      await page.getByRole("alertdialog", { name: "Delete User" }).getByRole("button", { name: "Cancel" }).click();
      for (const tab of ["Notifications", "Audit Log", "App Settings"]) {
        await page.getByRole("tab", { name: tab }).click();
        await expect(page.getByRole("heading", { level: 2, name: tab })).toBeVisible();
        await expectNoAxeViolations(page, tab);
      }
    });
  });
}
