import { expectNoAxeViolations } from "./axe";
import { dashboardTab, expect, test } from "./fixtures";
import { schoolDate, seedTasks } from "./task-helpers";

// Both themes (decision 075): the system's light and dark, as a device set to either shows them.
for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`accessibility (axe-core, WCAG 2.1 AA), ${colorScheme} theme`, () => {
    test.use({ reducedMotion: "reduce", colorScheme });

    test("the visitor's screens", async ({ page }) => {
      // Six axe scans, each injecting and running axe-core (2-3 s apiece on CI's machine).
      test.slow();
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
          await expectNoAxeViolations(page, path);
        });
      }

      await test.step("register form showing its errors", async () => {
        await page.goto("/auth?mode=register");
        await page.getByRole("button", { name: "Create Account" }).click();
        await expect(page.getByText("First name is required")).toBeVisible();
        await expectNoAxeViolations(page, "register form with errors");
      });
    });

    test("the dashboard, its tabs and its dialogs", async ({ signedInPage: page, user }) => {
      // Eight axe scans, each injecting and running axe-core (2-3 s apiece on CI's machine).
      test.slow();
      await seedTasks(user, [
        { title: "Lab report", subject: "Science", dueDate: schoolDate(1), dueTime: "09:00", priority: "high" },
        { title: "Essay outline", dueDate: schoolDate(-1), priority: "low" },
        { title: "Read chapter 4", completed: true },
      ]);

      await page.goto("/");
      await expect(page.getByRole("heading", { name: "Urgent Tasks" })).toBeVisible();
      await expectNoAxeViolations(page, "Home tab");

      await dashboardTab(page, "Tasks").click();
      await expect(page.getByRole("heading", { name: "Assignment To-Do List" })).toBeVisible();
      await expect(page.getByText("Lab report")).toBeVisible();
      await expectNoAxeViolations(page, "Tasks tab");

      await page.getByRole("button", { name: "Add Task" }).first().click();
      const addTask = page.getByRole("dialog", { name: "Add Task" });
      await addTask.getByRole("switch", { name: "Set date and time" }).click();
      await expect(addTask.getByRole("button", { name: /Due Date/ })).toBeVisible();
      await expectNoAxeViolations(page, "Add Task dialog");
      await page.keyboard.press("Escape");
      await expect(addTask).toBeHidden();

      await page.getByRole("button", { name: "Edit Lab report" }).click();
      const editTask = page.getByRole("dialog", { name: "Edit Task" });
      await expect(editTask.getByRole("textbox", { name: "Task Title" })).toHaveValue("Lab report");
      await expectNoAxeViolations(page, "Edit Task dialog");
      await editTask.getByRole("button", { name: "Delete" }).click();
      await expect(page.getByRole("alertdialog", { name: "Delete Task" })).toBeVisible();
      await expectNoAxeViolations(page, "Delete Task confirmation");
      await page.getByRole("alertdialog", { name: "Delete Task" }).getByRole("button", { name: "Cancel" }).click();
      await page.keyboard.press("Escape");
      await expect(editTask).toBeHidden();

      await dashboardTab(page, "Calendar").click();
      await expectNoAxeViolations(page, "Calendar tab");

      await page.getByRole("complementary", { name: "Sidebar" }).getByRole("button", { name: "Settings" }).click();
      await expect(page.getByRole("dialog", { name: "Settings" })).toBeVisible();
      await expectNoAxeViolations(page, "Settings dialog");
    });
  });
}
