import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { seedEvent } from "./event-helpers";
import { openTasksTab, schoolDate, seedTask, seedTasks, toast } from "./task-helpers";

/**
 * Closing a dialog or the drawer puts the keyboard focus back on the control that opened it, or on
 * a neighbour when that control is gone (docs/product.md#dialogs-and-focus).
 */

/** What has the focus, for a readable failure: "BODY" when nothing does. */
function focusedElement(page: Page) {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return "BODY";
    return `${active.tagName} ${active.getAttribute("aria-label") ?? active.textContent?.trim() ?? ""}`;
  });
}

const addTaskButton = (page: Page) =>
  page.getByRole("tabpanel", { name: "Tasks", exact: true }).getByRole("button", { name: "Add Task", exact: true });

test.describe("focus after a dialog closes", () => {
  test("Add Task gives the focus back to Add Task after Escape, Cancel and a save", async ({ signedInPage: page }) => {
    await openTasksTab(page);
    const opener = addTaskButton(page);
    const form = page.getByRole("dialog", { name: "Add Task" });

    await opener.click();
    await expect(form.getByRole("textbox", { name: "Task Title" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(form).toBeHidden();
    await expect(opener).toBeFocused();

    await opener.click();
    await form.getByRole("button", { name: "Cancel" }).click();
    await expect(form).toBeHidden();
    await expect(opener).toBeFocused();

    await opener.click();
    await form.getByRole("textbox", { name: "Task Title" }).fill("Read chapter 5");
    await form.getByRole("button", { name: "Add Task" }).click();
    await expect(toast(page, "Success", "Task created successfully")).toBeVisible();
    await expect(form).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("Edit Task closed with Escape gives the focus back to the row's Edit button", async ({ signedInPage: page, user }) => {
    await seedTasks(user, [{ title: "Essay outline" }, { title: "Lab report" }]);
    await openTasksTab(page);
    const edit = page.getByRole("button", { name: "Edit Lab report", exact: true });

    await edit.click();
    const form = page.getByRole("dialog", { name: "Edit Task" });
    await expect(form.getByRole("textbox", { name: "Task Title" })).toHaveValue("Lab report");
    await page.keyboard.press("Escape");
    await expect(form).toBeHidden();
    await expect(edit).toBeFocused();
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

  test("after the only task is deleted, the focus lands on Add Your First Task", async ({ signedInPage: page, user }) => {
    await seedTask(user, { title: "Lab report" });
    await openTasksTab(page);
    await page.getByRole("button", { name: "Edit Lab report", exact: true }).click();
    await page.getByRole("dialog", { name: "Edit Task" }).getByRole("button", { name: "Delete" }).click();
    await page.getByRole("alertdialog", { name: "Delete Task" }).getByRole("button", { name: "Delete" }).click();

    await expect(toast(page, "Success", "Task deleted successfully")).toBeVisible();
    await expect(page.getByText("No tasks yet")).toBeVisible();
    await expect(page.getByRole("button", { name: "Add Your First Task" })).toBeFocused();
  });

  test("the delete question's Cancel gives the focus back to Delete in Edit Task", async ({ signedInPage: page, user }) => {
    await seedTask(user, { title: "Lab report" });
    await openTasksTab(page);
    await page.getByRole("button", { name: "Edit Lab report", exact: true }).click();
    const form = page.getByRole("dialog", { name: "Edit Task" });
    const remove = form.getByRole("button", { name: "Delete" });
    await remove.click();
    const question = page.getByRole("alertdialog", { name: "Delete Task" });
    await question.getByRole("button", { name: "Cancel" }).click();
    await expect(question).toBeHidden();
    await expect(remove).toBeFocused();
  });

  test("Settings closed with Escape gives the focus back to the sidebar's Settings button", async ({ signedInPage: page }) => {
    await page.goto("/");
    const opener = page.getByRole("complementary", { name: "Sidebar" }).getByRole("button", { name: "Settings" });
    await opener.click();
    const settings = page.getByRole("dialog", { name: "Settings" });
    await expect(settings).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(settings).toBeHidden();
    await expect(opener).toBeFocused();
  });

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

  test("the day detail, and an event edited from it, give the focus back to the day", async ({ signedInPage: page, user }) => {
    const today = schoolDate();
    await seedEvent(user, { title: "Chess club", date: today, time: "15:30" });
    await page.goto("/#calendar");
    const longDate = new Date(`${today}T12:00:00Z`).toLocaleDateString("en-US", {
      timeZone: "UTC",
      month: "long",
      day: "numeric",
      year: "numeric",
    });
    const cell = page.getByRole("gridcell").filter({ hasText: "Chess club" });
    const detail = page.getByRole("dialog", { name: longDate });

    await cell.click();
    await expect(detail).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(detail).toBeHidden();
    await expect(cell).toBeFocused();

    await cell.click();
    await detail.getByRole("button", { name: "Edit Chess club" }).click();
    const form = page.getByRole("dialog", { name: "Edit Event" });
    await expect(form.getByRole("textbox", { name: "Event Title" })).toHaveValue("Chess club");
    await page.keyboard.press("Escape");
    await expect(form).toBeHidden();
    await expect(cell).toBeFocused();
  });
});

test.describe("focus after the phone drawer closes", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the drawer closed with Escape gives the focus back to Open menu", async ({ signedInPage: page }) => {
    await page.goto("/");
    const menu = page.getByRole("button", { name: "Open menu" });
    await menu.click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await expect(drawer.getByRole("button", { name: "Settings" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();
  });

  test("Settings opened from the drawer gives the focus back to Open menu when it closes", async ({ signedInPage: page }) => {
    await page.goto("/");
    const menu = page.getByRole("button", { name: "Open menu" });
    await menu.click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Settings" }).click();
    const settings = page.getByRole("dialog", { name: "Settings" });
    await expect(settings).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
    await page.keyboard.press("Escape");
    await expect(settings).toBeHidden();
    await expect(menu).toBeFocused();
  });
});
