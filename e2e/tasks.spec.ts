import type { Page } from "@playwright/test";
import { expect, PASSWORD, test } from "./fixtures";
import { choose, endSessions, openTasksTab, relativeDue, schoolDate, shortDate, storedTasks, toast } from "./task-helpers";

// The Tasks tab's journeys against the real server. Its words, states, counts, order, dialogs and
// what they send are component tests (client/features/tasks/components/tasks-tab.test.tsx,
// docs/decisions/120).

const taskRow = (page: Page, title: string) =>
  page.getByRole("region", { name: "Tasks", exact: true }).getByRole("listitem", { name: title, exact: true });
const dialog = (page: Page, name: "Add Task" | "Edit Task") => page.getByRole("dialog", { name });

/** A stat card reads "{label}{count}". */
async function expectStat(page: Page, label: "Total Tasks" | "Overdue" | "Completed", count: number) {
  const card = page
    .getByRole("list", { name: "Task statistics" })
    .getByRole("listitem")
    .filter({ has: page.getByText(label, { exact: true }) });
  await expect(card).toHaveText(new RegExp(`^${label}\\s*${count}$`));
}

test.describe("Tasks tab", () => {
  // The completion confetti is decoration; without it the clicks after a completion are not slowed down.
  test.use({ reducedMotion: "reduce" });

  test("a student adds a task with a subject, a picked due date, a due time and a priority", async ({ signedInPage: page, user }) => {
    await openTasksTab(page);
    await expect(page.getByText("No tasks yet")).toBeVisible();
    await page.getByRole("button", { name: "Add Task" }).click();

    const form = dialog(page, "Add Task");
    await form.getByRole("textbox", { name: "Task Title" }).fill("Lab report");
    await form.getByRole("textbox", { name: "Description" }).fill("Photosynthesis lab, 2 pages");
    await choose(form, page, "Subject", "Science (2nd period)");

    // The date fields appear only with the switch, which starts from the school's today.
    await expect(form.getByRole("button", { name: /Due Date/ })).toHaveCount(0);
    await form.getByRole("switch", { name: "Set date and time" }).click();
    await expect(form.getByRole("switch", { name: "Set date and time" })).toBeChecked();
    const today = schoolDate();
    await expect(form.getByRole("button", { name: /Due Date/ })).toHaveAccessibleName(`Due Date ${shortDate(today)}`);

    // Pick the 15th of next month in the calendar.
    const [y, m] = today.split("-").map(Number);
    const nextMonth = new Date(Date.UTC(y!, m!, 15));
    const due = nextMonth.toISOString().slice(0, 10);
    const monthName = nextMonth.toLocaleDateString("en-US", { timeZone: "UTC", month: "long" });
    await form.getByRole("button", { name: /Due Date/ }).click();
    const picker = page.getByRole("grid");
    await page.getByRole("button", { name: /next month/i }).click();
    await picker.getByRole("button", { name: new RegExp(`${monthName} 15(th)?, ${nextMonth.getUTCFullYear()}`) }).click();
    await expect(picker).toBeHidden();
    await expect(form.getByRole("button", { name: /Due Date/ })).toHaveAccessibleName(`Due Date ${shortDate(due)}`);

    await form.getByLabel("Due Time (optional)").fill("09:15");
    await choose(form, page, "Priority", "High");
    await form.getByRole("button", { name: "Add Task" }).click();

    await expect(toast(page, "Success", "Task created successfully")).toBeVisible();
    await expect(form).toBeHidden();
    const row = taskRow(page, "Lab report");
    await expect(row).toContainText("Photosynthesis lab, 2 pages");
    await expect(row).toContainText("Science");
    await expect(row).toContainText(relativeDue(due, "9:15 AM"));
    await expect(row).toContainText("High priority");
    await expect(row).not.toContainText("Overdue");
    await expectStat(page, "Total Tasks", 1);

    expect(await storedTasks(user)).toMatchObject([
      {
        title: "Lab report",
        description: "Photosynthesis lab, 2 pages",
        subject: "Science",
        due_date: due,
        due_time: "09:15",
        priority: "high",
        completed: 0,
      },
    ]);
  });

  test("an answer lost on the way: the change waits, is sent again by itself with the same key, and the task is created once", async ({
    signedInPage: page,
    user,
  }) => {
    await openTasksTab(page);
    // The offline edits (decision 116) have loaded, after the first screen.
    await expect(page.getByRole("status", { name: "Saving changes" })).toBeAttached();
    const keys: string[] = [];
    let loseNextAnswer = true;
    await page.route("**/api/tasks", async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      keys.push(route.request().headers()["idempotency-key"] ?? "");
      if (!loseNextAnswer) return route.continue();
      // The server creates the task, but the answer never reaches the browser (Wi-Fi dropped).
      loseNextAnswer = false;
      await route.fetch();
      return route.abort("connectionreset");
    });
    await page.getByRole("button", { name: "Add Your First Task" }).click();
    const form = dialog(page, "Add Task");
    await form.getByRole("textbox", { name: "Task Title" }).fill("History essay");
    await form.getByRole("button", { name: "Add Task" }).click();
    // The task shows and the dialog closes; the change waits until the health check passes, then goes again.
    await expect(form).toHaveCount(0);
    await expect(taskRow(page, "History essay")).toBeVisible();
    await expect.poll(() => keys.length, { timeout: 20_000 }).toBe(2);
    await expect(page.getByRole("status", { name: "Saving changes" })).toHaveText("");
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    await expect.poll(async () => (await storedTasks(user)).map((t) => t.title)).toEqual(["History essay"]);
    await expect(taskRow(page, "History essay")).toHaveCount(1);
  });

  test("after the session expires, the typed task survives signing in again", async ({ signedInPage: page, user }) => {
    await openTasksTab(page);
    await page.getByRole("button", { name: "Add Task" }).click();
    const form = dialog(page, "Add Task");
    await form.getByRole("textbox", { name: "Task Title" }).fill("Chemistry project");
    await form.getByRole("textbox", { name: "Description" }).fill("Poster on titration");
    await choose(form, page, "Subject", "Chemistry (5th period)");
    await form.getByRole("switch", { name: "Set date and time" }).click();
    await form.getByLabel("Due Time (optional)").fill("07:30");
    await choose(form, page, "Priority", "High");

    await endSessions(user);
    await form.getByRole("button", { name: "Add Task" }).click();

    await expect(toast(page, "Session Expired", "Your task data is saved and will be restored.")).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    expect(await storedTasks(user)).toEqual([]);

    await page.getByRole("textbox", { name: "Email" }).fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();

    const restored = dialog(page, "Add Task");
    await expect(restored).toBeVisible();
    await expect(restored.getByRole("textbox", { name: "Task Title" })).toHaveValue("Chemistry project");
    await expect(restored.getByRole("textbox", { name: "Description" })).toHaveValue("Poster on titration");
    await expect(restored.getByRole("combobox", { name: "Subject" })).toHaveText("Chemistry (5th period)");
    await expect(restored.getByRole("switch", { name: "Set date and time" })).toBeChecked();
    await expect(restored.getByRole("button", { name: /Due Date/ })).toHaveAccessibleName(`Due Date ${shortDate(schoolDate())}`);
    await expect(restored.getByLabel("Due Time (optional)")).toHaveValue("07:30");
    await expect(restored.getByRole("combobox", { name: "Priority" })).toHaveText("High");

    await restored.getByRole("button", { name: "Add Task" }).click();
    await expect(toast(page, "Success", "Task created successfully")).toBeVisible();
    expect(await storedTasks(user)).toMatchObject([
      {
        title: "Chemistry project",
        description: "Poster on titration",
        subject: "Chemistry",
        due_date: schoolDate(),
        due_time: "07:30",
        priority: "high",
      },
    ]);
  });
});
