import { dashboardTab, expect, test } from "./fixtures";
import { openHomeTab } from "./task-helpers";

// Issue 14: keyboard shortcuts for what students do most, listed on "?", never while typing.
test.describe("keyboard shortcuts", () => {
  test("? lists them; n opens quick add where you are; e adds an event on the Calendar; 1, 2, 3 switch tabs", async ({
    signedInPage: page,
  }) => {
    await openHomeTab(page);
    await page.keyboard.press("?");
    const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await expect(help).toBeVisible();
    for (const label of ["New task", "New event", "Go to Home", "Go to Tasks", "Go to Calendar", "Show keyboard shortcuts"]) {
      await expect(help.getByText(label, { exact: true })).toBeVisible();
    }
    await page.keyboard.press("Escape");
    await expect(help).toBeHidden();

    // n opens quick add where you are (issue 40): Home's field takes the focus.
    await page.keyboard.press("n");
    const quickAdd = page.getByRole("textbox", { name: "Quick add" });
    await expect(quickAdd).toBeFocused();
    await expect(page).not.toHaveURL(/#(todo|calendar)$/);
    // Typing in it types: no shortcut fires.
    await page.keyboard.type("net 123 ?");
    await expect(quickAdd).toHaveValue("net 123 ?");
    await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toHaveCount(0);
    await expect(page.getByRole("dialog", { name: "Add New Event" })).toHaveCount(0);
    await quickAdd.fill("");
    await quickAdd.blur();

    await page.keyboard.press("2");
    await expect(dashboardTab(page, "Tasks")).toHaveAttribute("aria-selected", "true");
    await expect(page).toHaveURL(/#todo$/);
    await page.keyboard.press("3");
    await expect(dashboardTab(page, "Calendar")).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("1");
    await expect(dashboardTab(page, "Home")).toHaveAttribute("aria-selected", "true");

    await page.keyboard.press("e");
    await expect(page.getByRole("dialog", { name: "Add New Event" })).toBeVisible();
    await expect(page).toHaveURL(/#calendar$/);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Add New Event" })).toBeHidden();

    // From the Calendar, n goes to Tasks and opens quick add there.
    await page.keyboard.press("n");
    await expect(page).toHaveURL(/#todo$/);
    await expect(page.getByRole("textbox", { name: "Quick add" })).toBeFocused();
  });

  test("a key with Ctrl or Cmd held is the browser's, not a shortcut", async ({ signedInPage: page }) => {
    await openHomeTab(page);
    await page.keyboard.press("Control+n").catch(() => {});
    await page.keyboard.press("Alt+2");
    await expect(page.getByRole("textbox", { name: "Quick add" })).not.toBeFocused();
    await expect(dashboardTab(page, "Home")).toHaveAttribute("aria-selected", "true");
  });
});
