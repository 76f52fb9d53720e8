import { expect, test } from "./fixtures";

/**
 * The app icon's shortcuts (decision 119): a long press on the installed icon opens /?new=task or
 * /?new=event, which the dashboard treats as its `n` / `e` keys (quick add, the event dialog), once;
 * a share from another app (decision 118) comes back after sign-in the same way.
 */
test.describe("the app icon's shortcuts", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("New task opens quick add on Home (as n does), once: the address loses ?new, and a reload opens nothing", async ({
    signedInPage: page,
  }) => {
    await page.goto("/?new=task");
    const quickAdd = page.getByRole("textbox", { name: "Quick add" });
    await expect(quickAdd).toBeFocused();
    await expect(page).toHaveURL(/\/$/);
    await quickAdd.blur();
    await page.reload();
    await expect(page.getByRole("heading", { name: /^Good (morning|afternoon|evening)/ })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Quick add" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Quick add" })).not.toBeFocused();
  });

  test("New event opens the event dialog on the Calendar", async ({ signedInPage: page }) => {
    await page.goto("/?new=event");
    await expect(page.getByRole("dialog", { name: "Add New Event" })).toBeVisible();
    await expect(page).toHaveURL(/\/#calendar$/);
  });

  test("signed out, the shortcut leads to sign in, and from there to quick add", async ({ page, user }) => {
    await page.goto("/?new=task");
    await expect(page).toHaveURL(/\/auth\?new=task$/);
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("textbox", { name: "Quick add" })).toBeFocused();
    await expect(page).toHaveURL(/\/$/);
  });

  test("signed out, a share from another app leads to sign in, and from there to quick add with what was shared", async ({
    page,
    user,
  }) => {
    await page.goto(`/?share_text=${encodeURIComponent("Lab report due fri\nhttps://lms.example/c/7")}`);
    await expect(page).toHaveURL(/\/auth\?share_text=/);
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    const quickAdd = page.getByRole("textbox", { name: "Quick add" });
    await expect(quickAdd).toHaveValue("Lab report due fri");
    await expect(page.getByRole("list", { name: "Understood" }).getByRole("listitem").last()).toHaveText(
      "Description: https://lms.example/c/7",
      { useInnerText: true },
    );
    await expect(page).toHaveURL(/\/$/);
  });
});
