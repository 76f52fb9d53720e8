import { dashboardTab, expect, test } from "./fixtures";
import { openHomeTab } from "./task-helpers";

// Issue 14: keyboard shortcuts for what students do most, listed on "?", never while typing. What
// the list says, typing in a field and modifier keys are component tests
// (client/app/components/keyboard-shortcuts.test.tsx, docs/decisions/120); here the journey
// through the tabs and dialogs by keyboard in a real browser.
test.describe("keyboard shortcuts", () => {
  test("? lists them; n opens quick add where you are; e adds an event on the Calendar; 1, 2, 3 switch tabs", async ({
    signedInPage: page,
  }) => {
    await openHomeTab(page);
    const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    // The shortcuts listen once the first screen is up and the browser idle: "?" until they do.
    await expect(async () => {
      await page.keyboard.press("?");
      await expect(help).toBeVisible({ timeout: 500 });
    }).toPass();
    await page.keyboard.press("Escape");
    await expect(help).toBeHidden();

    // n opens quick add where you are (issue 40): Home's field takes the focus.
    await page.keyboard.press("n");
    const quickAdd = page.getByRole("textbox", { name: "Quick add" });
    await expect(quickAdd).toBeFocused();
    await expect(page).not.toHaveURL(/#(todo|calendar)$/);
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
});
