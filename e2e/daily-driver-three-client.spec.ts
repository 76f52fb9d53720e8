import type { Locator, Page } from "@playwright/test";
import { createUsersRepository } from "../server/repositories/users";
import { hashPassword } from "../server/services/passwords";
import { expectNoAxeViolations } from "./axe";
import { e2eDb, expect, PASSWORD, seedUser, signIn, test, type SeededUser } from "./fixtures";
import { openHomeTab, toast } from "./task-helpers";

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

/** Settings → School Day, from the phone's menu. */
async function openSchoolDayStep(page: Page): Promise<Locator> {
  await page.goto("/");
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Settings" }).click();
  await page.getByRole("dialog", { name: "Settings" }).getByRole("button", { name: "School Day" }).click();
  const step = page.getByRole("dialog", { name: "School Day" });
  await expect(step).toBeVisible();
  return step;
}

/** Selects everything in the field and deletes it, as a thumb or a keyboard would. */
async function clearByHand(field: Locator) {
  await field.click();
  await field.press("Control+a");
  await field.press("Backspace");
}

async function storedSchedule(user: SeededUser): Promise<{ rotation?: { days: string[] } } | null> {
  const row = await e2eDb().selectFrom("users").select("school_schedule").where("id", "=", user.id).executeTakeFirstOrThrow();
  return row.school_schedule ? (JSON.parse(row.school_schedule) as { rotation?: { days: string[] } }) : null;
}

async function markResetPending(email: string) {
  await e2eDb().updateTable("users").set({ password_reset_required: 1 }).where("email", "=", email).execute();
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

  test("School Day numbers: a field may be empty while typing, so clearing and typing 50 gives 50; leaving it empty or out of range says so and keeps the value", async ({
    signedInPage: page,
    user,
  }) => {
    const step = await openSchoolDayStep(page);
    const period = step.getByLabel("Period (minutes)");
    await clearByHand(period);
    await expect(period).toHaveValue("");
    await page.keyboard.type("45");
    await expect(period).toHaveValue("45");
    await clearByHand(period);
    await page.keyboard.type("50");
    await expect(period).toHaveValue("50");
    // The arrow keys still step it.
    await period.press("ArrowUp");
    await expect(period).toHaveValue("51");
    await period.press("ArrowDown");
    await expect(period).toHaveValue("50");
    await step.getByRole("button", { name: "Fill Bell Times" }).click();
    await expect(step.getByLabel("1st period · Mathematics ends")).toHaveValue("08:50");

    // Left empty: an error on leaving, and Fill keeps the bell times as they were.
    await clearByHand(period);
    await expect(step.getByText("Enter a whole number from 1 to 240.")).toHaveCount(0);
    await period.press("Tab");
    await expect(period).toHaveAttribute("aria-invalid", "true");
    await expect(period).toHaveAccessibleDescription("Enter a whole number from 1 to 240.");
    await step.getByRole("button", { name: "Fill Bell Times" }).click();
    await expect(step.getByLabel("1st period · Mathematics ends")).toHaveValue("08:50");
    await clearByHand(period);
    await page.keyboard.type("400");
    await period.press("Tab");
    await expect(period).toHaveAccessibleDescription("Enter a whole number from 1 to 240.");
    await clearByHand(period);
    await page.keyboard.type("45");
    await expect(step.getByText("Enter a whole number from 1 to 240.")).toHaveCount(0);

    await step.getByLabel("Timetable").selectOption("cycle");
    const cycle = step.getByLabel("Days in the cycle");
    await expect(cycle).toHaveValue("6");
    await clearByHand(cycle);
    await expect(cycle).toHaveValue("");
    await page.keyboard.type("8");
    await expect(cycle).toHaveValue("8");
    await expect(step.getByLabel("it is").getByRole("option")).toHaveCount(8);
    await clearByHand(cycle);
    await cycle.press("Tab");
    await expect(cycle).toHaveAccessibleDescription("Enter a whole number from 2 to 10.");
    // Saved from the empty field: refused, nothing stored.
    await step.getByLabel("On this date").fill("2026-12-07");
    await step.getByRole("button", { name: "Save School Day" }).click();
    await expect(step.getByRole("alert")).toHaveText("Please fix the highlighted fields.");
    expect(await storedSchedule(user)).toBeNull();
    await cycle.fill("8");
    await step.getByRole("button", { name: "Save School Day" }).click();
    await expect(toast(page, "Success!", "Your school day has been saved.")).toBeVisible();
    expect((await storedSchedule(user))?.rotation?.days).toHaveLength(8);
  });

  test("User Management: compact rows with their actions on one line, how many users match, newest first; the Notifications chooser says search finds the rest", async ({
    page,
  }) => {
    test.slow(); // 64 users, all loaded.
    const tag = `dd3-${Date.now().toString(36)}`;
    const emails = await seedStudents(tag, 64);
    // The newest has a reset pending: its badge takes the role's place, not a line of its own.
    await markResetPending(emails[63]!);
    await signIn(page, await seedUser({ isAdmin: true }));
    await unlocked(page, tag);

    await expect(page.getByRole("status").filter({ hasText: /^64 users$/ })).toBeVisible();
    await expect(userRows(page).first()).toContainText(emails[63]!);
    await expect(userRows(page).first().getByText("Password reset pending")).toBeVisible();
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

/** Enable Notifications where the permission is granted but the push service refuses, as in a private window. */
async function enableInPrivateWindow(page: Page, user: SeededUser) {
  await page.context().grantPermissions(["notifications"]);
  // What Chrome's PushManager answers there.
  await page.addInitScript(() => {
    PushManager.prototype.getSubscription = async () => null;
    PushManager.prototype.subscribe = async () => {
      throw new DOMException("Registration failed - permission denied", "NotAllowedError");
    };
  });
  await signIn(page, user);
  await openHomeTab(page);
  await page.getByRole("region", { name: "Notification settings" }).getByRole("button", { name: "Enable Notifications" }).click();
}

const privateWindowToast = (page: Page) =>
  toast(page, "Failed to enable notifications", "This window can't receive notifications, for example a private window.");

test.describe("on a 375 px phone, in a window that may not subscribe to push", () => {
  test.use({ viewport: { width: 375, height: 800 }, serviceWorkers: "allow" });

  test("Enable Notifications with the permission granted says this window can't receive notifications, not the browser's words", async ({
    page,
    user,
  }) => {
    await enableInPrivateWindow(page, user);
    const card = page.getByRole("region", { name: "Notification settings" });
    await expect(privateWindowToast(page)).toBeVisible();
    await expect(card.getByRole("button", { name: "Enable Notifications" })).toBeEnabled();
    expect(await (await page.request.get("/api/push/subscriptions")).json()).toMatchObject({ subscribed: false, devices: 0 });
  });
});

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`axe at 375 px, ${colorScheme} theme`, () => {
    test.use({ viewport: { width: 375, height: 800 }, colorScheme, reducedMotion: "reduce" });

    test.describe("with the app's worker", () => {
      test.use({ serviceWorkers: "allow" });

      test("the private window's notification failure", async ({ page, user }) => {
        await enableInPrivateWindow(page, user);
        await expect(privateWindowToast(page)).toBeVisible();
        await expectNoAxeViolations(page, "the notifications card with its failure toast");
      });
    });

    test("the passcode gate, its passcode shown", async ({ page }) => {
      const admin = await seedUser({ isAdmin: true });
      await signIn(page, admin);
      await openGate(page);
      await page.getByLabel("Admin Passcode").fill("ZZ");
      await page.getByRole("button", { name: "Show passcode" }).click();
      await expect(page.getByRole("button", { name: "Hide passcode" })).toBeVisible();
      await expectNoAxeViolations(page, "the passcode gate");
    });

    test("the School Day step with a number field's error", async ({ signedInPage: page }) => {
      const step = await openSchoolDayStep(page);
      await step.getByLabel("Timetable").selectOption("cycle");
      await clearByHand(step.getByLabel("Days in the cycle"));
      await step.getByLabel("Days in the cycle").press("Tab");
      await expect(step.getByText("Enter a whole number from 2 to 10.")).toBeVisible();
      await expectNoAxeViolations(page, "the School Day step");
    });

    test("User Management's compact rows and count, and the Notifications chooser's note", async ({ page }) => {
      test.slow(); // Two axe scans over 50 rows.
      const tag = `dd3axe-${Date.now().toString(36)}`;
      const emails = await seedStudents(tag, 64);
      await markResetPending(emails[63]!);
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
