import type { Page } from "@playwright/test";
import { e2eDb, expect, test } from "./fixtures";
import { seedTask } from "./task-helpers";

/** Settings → Delete my account (docs/product.md#settings-dialog), on a computer and on a phone. */

async function openSettings(page: Page, phone: boolean) {
  if (phone) {
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Settings" }).click();
  } else {
    await page.getByRole("complementary", { name: "Sidebar" }).getByRole("button", { name: "Settings" }).click();
  }
  return page.getByRole("dialog", { name: "Settings" });
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("a wrong password is said in the dialog; the right one deletes everything and lands on the landing page", async ({
      signedInPage: page,
      user,
    }) => {
      await seedTask(user, { title: "Essay" });
      await page.goto("/");
      const settings = await openSettings(page, viewport.width < 768);
      await settings.getByRole("button", { name: "Delete my account" }).click();
      const confirm = page.getByRole("alertdialog", { name: "Delete your account?" });
      await expect(confirm).toBeVisible();
      await expect(confirm.getByRole("button", { name: "Delete Account" })).toBeDisabled();
      await confirm.getByLabel("Password").fill("Wrong!Passw0rd");
      await confirm.getByRole("button", { name: "Delete Account" }).click();
      await expect(confirm.getByRole("alert")).toHaveText("Password is incorrect");
      // Still signed in, still here.
      await expect(confirm).toBeVisible();
      expect(await e2eDb().selectFrom("users").select("id").where("id", "=", user.id).executeTakeFirst()).toBeDefined();

      await confirm.getByLabel("Password").fill(user.password);
      await confirm.getByRole("button", { name: "Delete Account" }).click();
      await expect(page).toHaveURL("/");
      await expect(page.getByRole("link", { name: /Sign In|Get Started/ }).first()).toBeVisible();
      expect(await e2eDb().selectFrom("users").select("id").where("id", "=", user.id).executeTakeFirst()).toBeUndefined();
      expect(await e2eDb().selectFrom("tasks").select("id").where("user_id", "=", user.id).execute()).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    });
  });
}
