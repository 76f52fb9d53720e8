import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { expect, seedUser, signIn, test } from "./fixtures";
import { toast } from "./task-helpers";

// Issue 32's defects a student and a staff member trip over on a phone (items 3, 6, 7 and 9), one
// test each at the size where it showed (each failed before its fix).

/** The passcode the browser suite's server runs with (playwright.config.ts). */
const PASSCODE = "K7QM";

async function openGate(page: Page) {
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Panel" })).toBeVisible();
}

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
  });
}
