import { expect, test } from "./fixtures";

/**
 * The app icon's shortcuts (decision 119): a long press on the installed icon opens /?new=task or
 * /?new=event, which the dashboard treats as its `n` / `e` keys, once.
 */
test.describe("the app icon's shortcuts", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("New task opens the task dialog on Home, once: the address loses ?new, and a reload opens nothing", async ({
    signedInPage: page,
  }) => {
    await page.goto("/?new=task");
    await expect(page.getByRole("dialog", { name: "Add Task" })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await page.keyboard.press("Escape");
    await page.reload();
    await expect(page.getByRole("heading", { name: /^Good (morning|afternoon|evening)/ })).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Add Task" })).toHaveCount(0);
  });

  test("New event opens the event dialog on the Calendar", async ({ signedInPage: page }) => {
    await page.goto("/?new=event");
    await expect(page.getByRole("dialog", { name: "Add New Event" })).toBeVisible();
    await expect(page).toHaveURL(/\/#calendar$/);
  });

  test("signed out, the shortcut leads to sign in, and from there to the new task", async ({ page, user }) => {
    await page.goto("/?new=task");
    await expect(page).toHaveURL(/\/auth\?new=task$/);
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Add Task" })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });
});
