import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { openTasksTab, seedTasks, toast } from "./task-helpers";

/**
 * Closing a dialog or the drawer puts the keyboard focus back on the control that opened it, or on
 * a neighbour when that control is gone (docs/product.md#dialogs-and-focus). The neighbour rule
 * reads which controls are displayed, so one case stays here on real layout; the others are
 * component tests (client/features/tasks/components/task-dialog-focus.test.tsx,
 * client/app/screens/dashboard/shell-focus.test.tsx, docs/decisions/120).
 */

/** What has the focus, for a readable failure: "BODY" when nothing does. */
function focusedElement(page: Page) {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return "BODY";
    return `${active.tagName} ${active.getAttribute("aria-label") ?? active.textContent?.trim() ?? ""}`;
  });
}

test.describe("focus after a dialog closes", () => {
  // Back in the browser from the component layer: whether the Settings button counts as displayed
  // is read from the real layout, which jsdom's stand-in got right only when not under load.
  test("Edit Classes opened from Settings gives the focus back to the Settings button", async ({ signedInPage: page }) => {
    await page.goto("/");
    const opener = page.getByRole("complementary", { name: "Sidebar" }).getByRole("button", { name: "Settings" });
    await opener.click();
    await page.getByRole("dialog", { name: "Settings" }).getByRole("button", { name: "Edit Classes" }).click();
    const editor = page.getByRole("dialog", { name: "Edit Classes" });
    await expect(editor).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(editor).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("after a task is deleted from Edit Task, the focus lands on the next row", async ({ signedInPage: page, user }) => {
    await seedTasks(user, [{ title: "Essay outline" }, { title: "Lab report" }, { title: "Math worksheet" }]);
    await openTasksTab(page);
    const list = page.getByRole("region", { name: "Tasks", exact: true });
    // The rows top to bottom, read from their checkboxes ("Mark {title} as completed").
    const titles = (await list.getByRole("checkbox").evaluateAll((boxes) => boxes.map((box) => box.getAttribute("aria-label") ?? ""))).map(
      (name) => name.replace(/^Mark (.*) as completed$/, "$1"),
    );
    const at = titles.indexOf("Lab report");
    const next = titles[at + 1] ?? titles[at - 1]!;

    await page.getByRole("button", { name: "Edit Lab report", exact: true }).click();
    const form = page.getByRole("dialog", { name: "Edit Task" });
    await form.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("alertdialog", { name: "Delete Task" }).getByRole("button", { name: "Delete" }).click();

    await expect(toast(page, "Success", "Task deleted successfully")).toBeVisible();
    await expect(form).toBeHidden();
    await expect(list.getByRole("listitem", { name: "Lab report", exact: true })).toHaveCount(0);
    await expect.poll(() => focusedElement(page)).not.toBe("BODY");
    await expect(list.getByRole("checkbox", { name: `Mark ${next} as completed`, exact: true })).toBeFocused();
  });
});
