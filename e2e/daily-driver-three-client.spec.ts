import type { Page } from "@playwright/test";
import { createUsersRepository } from "../server/repositories/users";
import { hashPassword } from "../server/services/passwords";
import { expectNoAxeViolations } from "./axe";
import { e2eDb, expect, PASSWORD, seedUser, signIn, test } from "./fixtures";
import { toast } from "./task-helpers";

// Issue 32's defects a student and a staff member trip over on a phone (items 3, 6, 7 and 9), one
// test each at the size where it showed (each failed before its fix).

/** The passcode the browser suite's server runs with (playwright.config.ts). */
const PASSCODE = "K7QM";

async function openGate(page: Page) {
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Panel" })).toBeVisible();
}

async function unlocked(page: Page, search = "") {
  await page.goto(search ? `/admin?search=${encodeURIComponent(search)}` : "/admin");
  await page.getByLabel("Admin Passcode").fill(PASSCODE);
  await page.getByRole("button", { name: "Unlock Admin Panel" }).click();
  await expect(page.getByText("Admin Access", { exact: true })).toBeVisible();
}

/**
 * `count` students whose emails start with `tag`, made a minute apart, oldest first (one password
 * hash for all: hashing 64 would take longer than the test). Returns their emails in that order.
 */
async function seedStudents(tag: string, count: number): Promise<string[]> {
  const users = createUsersRepository(e2eDb());
  const passwordHash = await hashPassword(PASSWORD);
  const emails: string[] = [];
  for (let i = 0; i < count; i++) {
    const email = `${tag}-${String(i).padStart(2, "0")}@example.com`;
    const user = await users.create({ email, passwordHash, firstName: "Student", lastName: `Number ${i}`, isAdmin: false });
    const createdAt = new Date(Date.now() - (count - i) * 60_000).toISOString();
    await e2eDb().updateTable("users").set({ created_at: createdAt }).where("id", "=", user!.id).execute();
    emails.push(email);
  }
  return emails;
}

const userRows = (page: Page) => page.getByRole("list", { name: "Users" }).getByRole("listitem");

test.describe("on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("the passcode gate: focus starts in the field, Unlock waits for 4 characters, a wrong passcode empties and refocuses the field, the toggle says what it will do", async ({
    page,
  }) => {
    const admin = await seedUser({ isAdmin: true });
    await signIn(page, admin);
    await openGate(page);
    const field = page.getByLabel("Admin Passcode");
    const unlock = page.getByRole("button", { name: "Unlock Admin Panel" });
    await expect(field).toBeFocused();

    for (const typed of ["", "Z", "ZZ", "ZZZ"]) {
      await field.fill(typed);
      await expect(unlock, `${typed.length} characters`).toBeDisabled();
    }
    // Enter with 3 characters sends nothing either.
    await field.press("Enter");
    await expect(toast(page, "Admin Login Failed", /.+/)).toHaveCount(0);
    await field.fill("ZZZZ");
    await expect(unlock).toBeEnabled();

    await page.getByRole("button", { name: "Show passcode" }).click();
    await expect(field).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Hide passcode" }).click();
    await expect(field).toHaveAttribute("type", "password");
    await expect(page.getByRole("button", { name: "Show passcode" })).toBeVisible();

    await unlock.click();
    await expect(toast(page, "Admin Login Failed", "Invalid passcode")).toBeVisible();
    await expect(field).toHaveValue("");
    await expect(field).toBeFocused();
    await expect(unlock).toBeDisabled();

    // Typed straight into the focused field.
    await page.keyboard.type(PASSCODE);
    await page.keyboard.press("Enter");
    await expect(toast(page, "Admin Access Granted", "You now have admin privileges")).toBeVisible();
  });

  test("User Management: compact rows with their actions on one line, how many users match, newest first; the Notifications chooser says search finds the rest", async ({
    page,
  }) => {
    test.slow(); // 64 users, all loaded.
    const tag = `dd3-${Date.now().toString(36)}`;
    const emails = await seedStudents(tag, 64);
    await signIn(page, await seedUser({ isAdmin: true }));
    await unlocked(page, tag);

    await expect(page.getByRole("status").filter({ hasText: /^64 users$/ })).toBeVisible();
    await expect(userRows(page).first()).toContainText(emails[63]!);
    await expect(userRows(page).nth(1)).toContainText(emails[62]!);
    await page.getByRole("button", { name: "Load more users" }).scrollIntoViewIfNeeded();
    await expect(userRows(page)).toHaveCount(64);
    await expect(userRows(page).last()).toContainText(emails[0]!);

    const rows = await userRows(page).evaluateAll((items) =>
      items.map((item) => {
        // The switch and the buttons: one line when their middles are level.
        const actions = [...item.querySelectorAll("button")].map((control) => {
          const box = control.getBoundingClientRect();
          return box.top + box.height / 2;
        });
        return {
          text: item.textContent,
          height: item.getBoundingClientRect().height,
          actions: actions.length,
          actionLines: new Set(actions.map(Math.round)).size,
        };
      }),
    );
    for (const row of rows) {
      expect(row.height, row.text!).toBeLessThanOrEqual(120);
      expect(row.actions, row.text!).toBe(3); // the admin switch, Reset Password, Delete
      expect(row.actionLines, row.text!).toBe(1);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // A search narrows the count with the list.
    await page.getByLabel("Search users").fill(`${tag}-6`);
    await expect(page.getByRole("status").filter({ hasText: /^4 users$/ })).toBeVisible();
    await page.getByLabel("Search users").fill(`${tag}-63`);
    await expect(page.getByRole("status").filter({ hasText: /^1 user$/ })).toBeVisible();

    await page.getByRole("tab", { name: "Notifications" }).click();
    const chooser = page.getByRole("list", { name: "Matching users" });
    await page.getByLabel("Search users").fill(tag);
    await expect(chooser.getByRole("radio")).toHaveCount(8);
    await expect(chooser.getByRole("listitem").first()).toContainText(emails[63]!);
    await expect(page.getByText("Showing 8 of 64 users. Search to find others.")).toBeVisible();
    await expect(page.getByLabel("Search users")).toHaveAccessibleDescription("Showing 8 of 64 users. Search to find others.");
    // Every match listed: nothing to say.
    await page.getByLabel("Search users").fill(`${tag}-6`);
    await expect(chooser.getByRole("radio")).toHaveCount(4);
    await expect(page.getByText(/^Showing \d+ of/)).toHaveCount(0);
  });
});

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`axe at 375 px, ${colorScheme} theme`, () => {
    test.use({ viewport: { width: 375, height: 800 }, colorScheme, reducedMotion: "reduce" });

    test("the passcode gate, its passcode shown", async ({ page }) => {
      const admin = await seedUser({ isAdmin: true });
      await signIn(page, admin);
      await openGate(page);
      await page.getByLabel("Admin Passcode").fill("ZZ");
      await page.getByRole("button", { name: "Show passcode" }).click();
      await expect(page.getByRole("button", { name: "Hide passcode" })).toBeVisible();
      await expectNoAxeViolations(page, "the passcode gate");
    });

    test("User Management's compact rows and count, and the Notifications chooser's note", async ({ page }) => {
      test.slow(); // Two axe scans over 50 rows.
      const tag = `dd3axe-${Date.now().toString(36)}`;
      await seedStudents(tag, 64);
      await signIn(page, await seedUser({ isAdmin: true }));
      await unlocked(page, tag);
      await expect(page.getByRole("status").filter({ hasText: /^64 users$/ })).toBeVisible();
      await expectNoAxeViolations(page, "User Management");
      await page.getByRole("tab", { name: "Notifications" }).click();
      await page.getByLabel("Search users").fill(tag);
      await expect(page.getByText("Showing 8 of 64 users. Search to find others.")).toBeVisible();
      await expectNoAxeViolations(page, "the Notifications chooser");
    });
  });
}
