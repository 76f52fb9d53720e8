import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { dashboardTab, expect, test } from "./fixtures";
import { schoolDate, seedTasks } from "./task-helpers";

/**
 * An automated WCAG 2.1 A/AA scan (axe-core) of every screen this far. It catches what people
 * using a screen reader or keyboard meet first: missing names, contrast, broken ARIA. It is no
 * substitute for trying the screens by keyboard, which the other suites do.
 */
async function expectNoViolations(page: Page, screen: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const found = results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} → ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(found, `${screen} has accessibility violations`).toEqual([]);
}

// Both themes (decision 075): the system's light and dark, as a device set to either shows them.
for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`accessibility (axe-core, WCAG 2.1 AA), ${colorScheme} theme`, () => {
    test.use({ reducedMotion: "reduce", colorScheme });

    test("the visitor's screens", async ({ page }) => {
      const screens = [
        ["/", "Your Student Productivity Hub"],
        ["/auth", "Sign In"],
        ["/auth?mode=register", "Create Account"],
        ["/password-reset", "Set a New Password"],
        ["/no-such-page", "404 Page Not Found"],
      ] as const;
      for (const [path, heading] of screens) {
        await test.step(path, async () => {
          await page.goto(path);
          await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
          await expectNoViolations(page, path);
        });
      }

      await test.step("register form showing its errors", async () => {
        await page.goto("/auth?mode=register");
        await page.getByRole("button", { name: "Create Account" }).click();
        await expect(page.getByText("First name is required")).toBeVisible();
        await expectNoViolations(page, "register form with errors");
      });
    });

    test("the dashboard, its tabs and its dialogs", async ({ signedInPage: page, user }) => {
      await seedTasks(user, [
        { title: "Lab report", subject: "Science", dueDate: schoolDate(1), dueTime: "09:00", priority: "high" },
        { title: "Essay outline", dueDate: schoolDate(-1), priority: "low" },
        { title: "Read chapter 4", completed: true },
      ]);

      await page.goto("/");
      await expect(page.getByRole("heading", { name: "Urgent Tasks" })).toBeVisible();
      await expectNoViolations(page, "Home tab");

      await dashboardTab(page, "Tasks").click();
      await expect(page.getByRole("heading", { name: "Assignment To-Do List" })).toBeVisible();
      await expect(page.getByText("Lab report")).toBeVisible();
      await expectNoViolations(page, "Tasks tab");

      await page.getByRole("button", { name: "Add Task" }).first().click();
      const addTask = page.getByRole("dialog", { name: "Add Task" });
      await addTask.getByRole("switch", { name: "Set date and time" }).click();
      await expect(addTask.getByRole("button", { name: /Due Date/ })).toBeVisible();
      await expectNoViolations(page, "Add Task dialog");
      await page.keyboard.press("Escape");
      await expect(addTask).toBeHidden();

      await page.getByRole("button", { name: "Edit Lab report" }).click();
      const editTask = page.getByRole("dialog", { name: "Edit Task" });
      await expect(editTask.getByRole("textbox", { name: "Task Title" })).toHaveValue("Lab report");
      await expectNoViolations(page, "Edit Task dialog");
      await editTask.getByRole("button", { name: "Delete" }).click();
      await expect(page.getByRole("alertdialog", { name: "Delete Task" })).toBeVisible();
      await expectNoViolations(page, "Delete Task confirmation");
      await page.getByRole("alertdialog", { name: "Delete Task" }).getByRole("button", { name: "Cancel" }).click();
      await page.keyboard.press("Escape");
      await expect(editTask).toBeHidden();

      await dashboardTab(page, "Calendar").click();
      await expectNoViolations(page, "Calendar tab");

      await page.getByRole("complementary", { name: "Sidebar" }).getByRole("button", { name: "Settings" }).click();
      await expect(page.getByRole("dialog", { name: "Settings" })).toBeVisible();
      await expectNoViolations(page, "Settings dialog");
    });
  });
}
