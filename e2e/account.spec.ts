import type { Page } from "@playwright/test";
import { e2eDb, expect, test } from "./fixtures";
import { seedTask, toast } from "./task-helpers";

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

test("Download my data saves the export, and Import restores it into a new account", async ({ page, user }) => {
  const { seedUser, signIn } = await import("./fixtures");
  await seedTask(user, { title: "Lab report", dueDate: "2099-03-01" });
  await signIn(page, user);
  await page.goto("/");
  let settings = await openSettings(page, false);
  const [download] = await Promise.all([page.waitForEvent("download"), settings.getByRole("link", { name: "Download my data" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^student-hub-export-\d{4}-\d{2}-\d{2}\.json$/);
  const file = await download.path();

  // Another student, with no tasks yet, imports it.
  const other = await seedUser();
  await page.context().clearCookies();
  await signIn(page, other);
  await page.goto("/");
  settings = await openSettings(page, false);
  const answer = page.waitForResponse((r) => r.url().endsWith("/api/user/import"));
  await settings.getByLabel("Export file to import").setInputFiles(file);
  const imported = await answer;
  expect(imported.status(), await imported.text()).toBe(200);
  await expect(toast(page, "Data imported", "1 task, 0 events and 8 classes restored.")).toBeVisible();
  expect(await e2eDb().selectFrom("tasks").select("title").where("user_id", "=", other.id).execute()).toEqual([{ title: "Lab report" }]);

  // Importing again into the now full account is refused, with the reason.
  await settings.getByLabel("Export file to import").setInputFiles(file);
  await expect(toast(page, "Import failed", /already has tasks or events/)).toBeVisible();
});
