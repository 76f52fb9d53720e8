import type { Locator, Page } from "@playwright/test";
import { e2eDb, expect, PASSWORD, seedUser, signIn, test } from "./fixtures";
import {
  choose,
  endSessions,
  openTasksTab,
  relativeDue,
  schoolDate,
  seedTask,
  seedTasks,
  shortDate,
  storedTasks,
  toast,
} from "./task-helpers";

const taskList = (page: Page) => page.getByRole("region", { name: "Tasks", exact: true });
const taskRow = (page: Page, title: string) => taskList(page).getByRole("listitem", { name: title, exact: true });
const dialog = (page: Page, name: "Add Task" | "Edit Task") => page.getByRole("dialog", { name });
const filterTab = (page: Page, label: string) => page.getByRole("tab", { name: new RegExp(`^${label}`) });

/** A stat card reads "{label}{count}". */
async function expectStat(page: Page, label: "Total Tasks" | "Overdue" | "Completed", count: number) {
  const card = page
    .getByRole("list", { name: "Task statistics" })
    .getByRole("listitem")
    .filter({ has: page.getByText(label, { exact: true }) });
  await expect(card).toHaveText(new RegExp(`^${label}\\s*${count}$`));
}

/** Each filter tab reads "{label} {count}". */
async function expectFilterCounts(page: Page, counts: { all: number; pending: number; completed: number; overdue: number }) {
  await expect(filterTab(page, "All Tasks")).toHaveText(new RegExp(`^All Tasks\\s*${counts.all}$`));
  await expect(filterTab(page, "Pending")).toHaveText(new RegExp(`^Pending\\s*${counts.pending}$`));
  await expect(filterTab(page, "Completed")).toHaveText(new RegExp(`^Completed\\s*${counts.completed}$`));
  await expect(filterTab(page, "Overdue")).toHaveText(new RegExp(`^Overdue\\s*${counts.overdue}$`));
}

/** The task titles top to bottom, read from each row's checkbox ("Mark {title} as completed"). */
async function titlesInOrder(page: Page): Promise<string[]> {
  const names = await taskList(page)
    .getByRole("checkbox")
    .evaluateAll((boxes) => boxes.map((b) => b.getAttribute("aria-label") ?? ""));
  return names.map((n) => n.replace(/^Mark (.*) as completed$/, "$1"));
}

function optionNames(page: Page): Locator {
  return page.getByRole("listbox").getByRole("option");
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

  test("a student adds a task without a due date; it gets medium priority and no date", async ({ signedInPage: page, user }) => {
    await openTasksTab(page);
    await page.getByRole("button", { name: "Add Your First Task" }).click();

    const form = dialog(page, "Add Task");
    await form.getByRole("textbox", { name: "Task Title" }).fill("Read chapter 5");
    // Switching the date on and off again leaves the task undated.
    await form.getByRole("switch", { name: "Set date and time" }).click();
    await expect(form.getByLabel("Due Time (optional)")).toBeVisible();
    await form.getByRole("switch", { name: "Set date and time" }).click();
    await expect(form.getByLabel("Due Time (optional)")).toBeHidden();
    await expect(form.getByRole("combobox", { name: "Priority" })).toHaveText("Medium");
    await form.getByRole("button", { name: "Add Task" }).click();

    await expect(toast(page, "Success", "Task created successfully")).toBeVisible();
    const row = taskRow(page, "Read chapter 5");
    await expect(row).toContainText("Medium priority");
    await expect(row).not.toContainText("Due");
    expect(await storedTasks(user)).toMatchObject([
      { title: "Read chapter 5", subject: null, due_date: null, due_time: null, priority: "medium" },
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

  test("an empty title shows “Title is required” and creates nothing", async ({ signedInPage: page, user }) => {
    let posted = false;
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().endsWith("/api/tasks")) posted = true;
    });
    await openTasksTab(page);
    await page.getByRole("button", { name: "Add Task" }).click();
    const form = dialog(page, "Add Task");
    await form.getByRole("textbox", { name: "Description" }).fill("No title here");
    await form.getByRole("button", { name: "Add Task" }).click();
    await expect(form.getByText("Title is required")).toBeVisible();

    // Blank spaces are no title either.
    await form.getByRole("textbox", { name: "Task Title" }).fill("   ");
    await form.getByRole("button", { name: "Add Task" }).click();
    await expect(form.getByText("Title is required")).toBeVisible();
    await expect(form).toBeVisible();

    await form.getByRole("button", { name: "Cancel" }).click();
    await expect(form).toBeHidden();
    await expect(page.getByText("No tasks yet")).toBeVisible();
    expect(posted).toBe(false);
    expect(await storedTasks(user)).toEqual([]);
  });

  test("a student edits a task and sees the change", async ({ signedInPage: page, user }) => {
    await seedTask(user, {
      title: "Essay draft",
      description: "Intro only",
      subject: "English",
      dueDate: schoolDate(5),
      dueTime: "14:00",
      priority: "medium",
    });
    await openTasksTab(page);
    await expect(taskRow(page, "Essay draft")).toContainText(relativeDue(schoolDate(5), "2:00 PM"));

    await page.getByRole("button", { name: "Edit Essay draft" }).click();
    const form = dialog(page, "Edit Task");
    await expect(form.getByRole("textbox", { name: "Task Title" })).toHaveValue("Essay draft");
    await expect(form.getByRole("textbox", { name: "Description" })).toHaveValue("Intro only");
    await expect(form.getByRole("combobox", { name: "Subject" })).toHaveText("English (4th period)");
    await expect(form.getByRole("switch", { name: "Set date and time" })).toBeChecked();
    await expect(form.getByLabel("Due Time (optional)")).toHaveValue("14:00");
    await expect(form.getByRole("checkbox", { name: "Mark as completed" })).not.toBeChecked();

    await form.getByRole("textbox", { name: "Task Title" }).fill("Essay final");
    await form.getByLabel("Due Time (optional)").fill("18:45");
    await choose(form, page, "Priority", "Low");
    await form.getByRole("button", { name: "Update Task" }).click();

    await expect(toast(page, "Success", "Task updated successfully")).toBeVisible();
    await expect(form).toBeHidden();
    await expect(taskRow(page, "Essay draft")).toHaveCount(0);
    const row = taskRow(page, "Essay final");
    await expect(row).toContainText(relativeDue(schoolDate(5), "6:45 PM"));
    await expect(row).toContainText("Low priority");
    expect(await storedTasks(user)).toMatchObject([
      { title: "Essay final", description: "Intro only", subject: "English", due_time: "18:45", priority: "low" },
    ]);
  });

  test("checking a task moves it to Completed and updates the counts; unchecking moves it back", async ({ signedInPage: page, user }) => {
    await seedTasks(user, [
      { title: "Math worksheet", dueDate: schoolDate(2) },
      { title: "History notes", dueDate: schoolDate(3) },
    ]);
    await openTasksTab(page);
    await expectStat(page, "Total Tasks", 2);
    await expectStat(page, "Completed", 0);
    await expectFilterCounts(page, { all: 2, pending: 2, completed: 0, overdue: 0 });

    const box = page.getByRole("checkbox", { name: "Mark Math worksheet as completed" });
    await box.click();
    // In All it goes behind "Completed (1)", last (decision 069); opened, the row says Completed.
    const completedToggle = page.getByRole("button", { name: "Completed (1)" });
    await expect(completedToggle).toHaveAttribute("aria-expanded", "false");
    await completedToggle.click();
    await expect(box).toBeChecked();
    await expect(taskRow(page, "Math worksheet")).toContainText("Completed");
    await expectStat(page, "Total Tasks", 1);
    await expectStat(page, "Completed", 1);
    await expectFilterCounts(page, { all: 1, pending: 1, completed: 1, overdue: 0 });
    await expect.poll(async () => (await storedTasks(user)).find((t) => t.title === "Math worksheet")?.completed).toBe(1);

    await filterTab(page, "Pending").click();
    await expect(taskList(page).getByRole("listitem")).toHaveCount(1);
    await expect(taskRow(page, "History notes")).toBeVisible();

    await filterTab(page, "Completed").click();
    await expect(taskList(page).getByRole("listitem")).toHaveCount(1);
    await expect(taskRow(page, "Math worksheet")).toBeVisible();

    // Un-complete it from the Completed tab.
    await page.getByRole("checkbox", { name: "Mark Math worksheet as completed" }).click();
    await expect(page.getByText("No completed tasks")).toBeVisible();
    await expectStat(page, "Total Tasks", 2);
    await expectStat(page, "Completed", 0);
    await expectFilterCounts(page, { all: 2, pending: 2, completed: 0, overdue: 0 });
    await expect.poll(async () => (await storedTasks(user)).find((t) => t.title === "Math worksheet")?.completed).toBe(0);
    await filterTab(page, "Pending").click();
    await expect(taskList(page).getByRole("listitem")).toHaveCount(2);
  });

  test("a task due yesterday (school time) is listed under Overdue with an overdue mark", async ({ signedInPage: page, user }) => {
    await seedTasks(user, [
      { title: "Late lab", dueDate: schoolDate(-1), dueTime: "08:00" },
      { title: "Due today", dueDate: schoolDate(0) },
      { title: "Old but done", dueDate: schoolDate(-3), completed: true },
    ]);
    await openTasksTab(page);
    await expectStat(page, "Overdue", 1);
    await expectFilterCounts(page, { all: 2, pending: 2, completed: 1, overdue: 1 });
    await expect(taskRow(page, "Late lab")).toContainText("Overdue");
    await expect(taskRow(page, "Due today")).not.toContainText("Overdue");
    await expect(taskRow(page, "Due today")).toContainText("Today");
    await page.getByRole("button", { name: "Completed (1)" }).click();
    await expect(taskRow(page, "Old but done")).toBeVisible();
    await expect(taskRow(page, "Old but done")).not.toContainText("Overdue");

    await filterTab(page, "Overdue").click();
    await expect(taskList(page).getByRole("listitem")).toHaveCount(1);
    const row = taskRow(page, "Late lab");
    await expect(row).toContainText("Yesterday 8:00 AM");
    await expect(row.getByText("Overdue", { exact: true })).toBeVisible();
  });

  test("sorting by priority orders the tasks high to low and low to high", async ({ signedInPage: page, user }) => {
    await seedTasks(user, [
      { title: "Low one", priority: "low" },
      { title: "High one", priority: "high" },
      { title: "Medium one", priority: "medium" },
    ]);
    await openTasksTab(page);
    // Unsorted: newest first.
    await expect(taskList(page).getByRole("listitem")).toHaveCount(3);
    expect(await titlesInOrder(page)).toEqual(["Medium one", "High one", "Low one"]);
    await expect(page.getByRole("combobox", { name: "Sort tasks" })).toHaveText("No sorting");

    await choose(page, page, "Sort tasks", "Priority High to Low");
    await expect.poll(() => titlesInOrder(page)).toEqual(["High one", "Medium one", "Low one"]);

    await choose(page, page, "Sort tasks", "Priority Low to High");
    await expect.poll(() => titlesInOrder(page)).toEqual(["Low one", "Medium one", "High one"]);

    await choose(page, page, "Sort tasks", "No sorting");
    await expect.poll(() => titlesInOrder(page)).toEqual(["Medium one", "High one", "Low one"]);
  });

  test("a student deletes a task from the Edit dialog after confirming", async ({ signedInPage: page, user }) => {
    await seedTasks(user, [{ title: "Keep me" }, { title: "Drop me" }]);
    await openTasksTab(page);
    await page.getByRole("button", { name: "Edit Drop me" }).click();
    await dialog(page, "Edit Task").getByRole("button", { name: "Delete" }).click();

    const confirm = page.getByRole("alertdialog", { name: "Delete Task" });
    await expect(confirm).toContainText("Drop me");
    // Cancelling keeps it.
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(dialog(page, "Edit Task")).toBeVisible();
    await dialog(page, "Edit Task").getByRole("button", { name: "Delete" }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();

    await expect(confirm).toBeHidden();
    await expect(dialog(page, "Edit Task")).toBeHidden();
    await expect(taskRow(page, "Drop me")).toHaveCount(0);
    await expect(taskRow(page, "Keep me")).toBeVisible();
    await expectStat(page, "Total Tasks", 1);
    expect((await storedTasks(user)).map((t) => t.title)).toEqual(["Keep me"]);
  });

  test("a failed completion rolls the checkbox back and shows the server's message", async ({ signedInPage: page, user }) => {
    const id = await seedTask(user, { title: "Ghost task", dueDate: schoolDate(1) });
    await openTasksTab(page);
    const box = page.getByRole("checkbox", { name: "Mark Ghost task as completed" });
    await expect(box).not.toBeChecked();

    // Another session deletes the task meanwhile.
    await e2eDb().deleteFrom("tasks").where("id", "=", id).execute();

    // Hold the save and the refetch after it, so each step can be watched.
    let releaseSave!: () => void;
    const saveHeld = new Promise<void>((resolve) => (releaseSave = resolve));
    let releaseRefetch!: () => void;
    const refetchHeld = new Promise<void>((resolve) => (releaseRefetch = resolve));
    await page.route(`**/api/tasks/${id}`, async (route) => {
      await saveHeld;
      await route.continue();
    });
    await page.route("**/api/tasks", async (route) => {
      if (route.request().method() === "GET") await refetchHeld;
      await route.continue();
    });

    const failed = page.waitForResponse((r) => r.url().endsWith(`/api/tasks/${id}`) && r.request().method() === "PUT");
    await box.click();
    // Optimistic: at once behind "Completed (1)", last in All (decision 069).
    await expect(page.getByRole("button", { name: "Completed (1)" })).toBeVisible();
    await expect(box).toHaveCount(0);
    await expectStat(page, "Completed", 1);
    releaseSave();
    expect((await failed).status()).toBe(404);

    // Rolled back, with the server's message, at once: not only after the refetch is back.
    await expect(box).not.toBeChecked();
    await expectStat(page, "Completed", 0);
    await expectStat(page, "Total Tasks", 1);
    await expect(toast(page, "Error", "Task not found")).toBeVisible();

    // Once the refetch is back, the deleted task is gone.
    releaseRefetch();
    await expect(page.getByText("No tasks yet")).toBeVisible();
  });

  test("while a task is being added the dialog reads “Adding...” and cannot be closed", async ({ signedInPage: page, user }) => {
    await openTasksTab(page);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/tasks", async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Add Task" }).click();
    const form = dialog(page, "Add Task");
    await form.getByRole("textbox", { name: "Task Title" }).fill("History timeline");
    await form.getByRole("button", { name: "Add Task" }).click();

    await expect(form.getByRole("button", { name: "Adding..." })).toBeDisabled();
    await expect(form.getByRole("button", { name: "Cancel" })).toBeDisabled();
    await page.keyboard.press("Escape");
    await expect(form).toBeVisible();

    release();
    await expect(toast(page, "Success", "Task created successfully")).toBeVisible();
    await expect(form).toBeHidden();
    expect(await storedTasks(user)).toMatchObject([{ title: "History timeline" }]);
  });

  test("while a task is being updated the dialog reads “Updating...”", async ({ signedInPage: page, user }) => {
    const id = await seedTask(user, { title: "Map quiz" });
    await openTasksTab(page);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/tasks/${id}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Edit Map quiz" }).click();
    const form = dialog(page, "Edit Task");
    await form.getByRole("textbox", { name: "Task Title" }).fill("Map quiz: Europe");
    await form.getByRole("button", { name: "Update Task" }).click();
    await expect(form.getByRole("button", { name: "Updating..." })).toBeDisabled();
    release();
    await expect(toast(page, "Success", "Task updated successfully")).toBeVisible();
    await expect(taskRow(page, "Map quiz: Europe")).toBeVisible();
  });

  test("when one of two quick completions fails, only that one rolls back, with the toast", async ({ signedInPage: page, user }) => {
    const [ghostId] = await seedTasks(user, [{ title: "Ghost task" }, { title: "Real task" }]);
    await openTasksTab(page);
    await e2eDb().deleteFrom("tasks").where("id", "=", ghostId!).execute();
    let releaseGhost!: () => void;
    const ghostHeld = new Promise<void>((resolve) => (releaseGhost = resolve));
    await page.route(`**/api/tasks/${ghostId}`, async (route) => {
      await ghostHeld;
      await route.continue();
    });

    const ghost = page.getByRole("checkbox", { name: "Mark Ghost task as completed" });
    const real = page.getByRole("checkbox", { name: "Mark Real task as completed" });
    await ghost.click();
    const realSaved = page.waitForResponse((r) => r.request().method() === "PUT" && r.url().endsWith(`/api/tasks/${ghostId! + 1}`));
    await real.click();
    expect((await realSaved).status()).toBe(200);
    releaseGhost();

    await expect(toast(page, "Error", "Task not found")).toBeVisible();
    await page.getByRole("button", { name: "Completed (1)" }).click();
    await expect(real).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Mark Ghost task as completed" })).toHaveCount(0);
    await expectStat(page, "Completed", 1);
    expect(await storedTasks(user)).toMatchObject([{ title: "Real task", completed: 1 }]);
  });

  test("a completion after the session expired says to sign in and try again, promising no restore", async ({
    signedInPage: page,
    user,
  }) => {
    await seedTask(user, { title: "Vocab list" });
    await openTasksTab(page);
    await endSessions(user);
    await page.getByRole("checkbox", { name: "Mark Vocab list as completed" }).click();
    await expect(toast(page, "Session Expired", "You'll be redirected to login. Please sign in and try again.")).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("the other filters have their own empty states", async ({ signedInPage: page, user }) => {
    await seedTask(user, { title: "Done already", completed: true });
    await openTasksTab(page);
    await filterTab(page, "Pending").click();
    await expect(page.getByText("No pending tasks")).toBeVisible();
    await filterTab(page, "Overdue").click();
    await expect(page.getByText("No overdue tasks")).toBeVisible();
    await filterTab(page, "Completed").click();
    await expect(taskRow(page, "Done already")).toBeVisible();
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

test.describe("Subject choices", () => {
  test("a student with classes picks from their classes, labelled with periods", async ({ page }) => {
    const student = await seedUser({ userClasses: ["Algebra II", "Biology", "English 10", "US History", "Chemistry", "Spanish"] });
    await signIn(page, student);
    await openTasksTab(page);
    await page.getByRole("button", { name: "Add Task" }).click();
    const form = dialog(page, "Add Task");
    await form.getByRole("combobox", { name: "Subject" }).click();
    await expect(optionNames(page)).toHaveText([
      "No subject",
      "Algebra II (1st period)",
      "Biology (2nd period)",
      "English 10 (3rd period)",
      "US History (4th period)",
      "Chemistry (5th period)",
      "Spanish (6th period)",
    ]);
    await page.getByRole("option", { name: "Biology (2nd period)" }).click();
    await form.getByRole("textbox", { name: "Task Title" }).fill("Cell diagram");
    await form.getByRole("button", { name: "Add Task" }).click();
    await expect(taskRow(page, "Cell diagram")).toContainText("Biology");
    expect(await storedTasks(student)).toMatchObject([{ title: "Cell diagram", subject: "Biology" }]);
  });

  test("a student without classes picks from the fallback subjects", async ({ page }) => {
    await signIn(page, await seedUser({ userClasses: [] }));
    await page.goto("/#todo");
    // The class setup opens by itself for a student without classes; they may close it for now.
    await page.getByRole("dialog", { name: "Complete Your Setup" }).getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("button", { name: "Add Task" }).click();
    await dialog(page, "Add Task").getByRole("combobox", { name: "Subject" }).click();
    await expect(optionNames(page)).toHaveText([
      "No subject",
      "Mathematics (1st period)",
      "Science (2nd period)",
      "History (3rd period)",
      "English (4th period)",
      "Chemistry (5th period)",
      "Physics (6th period)",
      "Biology (7th period)",
      "Other (8th period)",
    ]);
  });
});

test.describe("No sorting: the order a student reads a list in", () => {
  const seedMixed = (user: Parameters<typeof seedTasks>[0]) =>
    seedTasks(user, [
      { title: "Done long ago", dueDate: schoolDate(-5), completed: true },
      { title: "Undated idea" },
      { title: "Next month essay", dueDate: schoolDate(30) },
      { title: "In four days", dueDate: schoolDate(4), dueTime: "10:00" },
      { title: "Tomorrow quiz", dueDate: schoolDate(1), dueTime: "08:00" },
      { title: "Today no time", dueDate: schoolDate(0) },
      { title: "Today 7am", dueDate: schoolDate(0), dueTime: "07:00" },
      { title: "Two days late", dueDate: schoolDate(-2) },
      { title: "Done today", dueDate: schoolDate(0), completed: true },
      { title: "Yesterday lab", dueDate: schoolDate(-1), dueTime: "09:00" },
    ]);

  /** "Group: title, title" per group heading, top to bottom. */
  async function groupsInOrder(page: Page): Promise<string[]> {
    return taskList(page)
      .getByRole("list")
      .evaluateAll((lists) =>
        lists.map((list) => {
          const titles = [...list.querySelectorAll('[role="checkbox"]')].map((b) =>
            (b.getAttribute("aria-label") ?? "").replace(/^Mark (.*) as completed$/, "$1"),
          );
          return `${list.getAttribute("aria-label")}: ${titles.join(", ")}`;
        }),
      );
  }

  test("groups incomplete tasks Overdue · Today · Tomorrow · This week · Later · No date, and keeps completed ones last behind Completed (N)", async ({
    signedInPage: page,
    user,
  }) => {
    await seedMixed(user);
    await openTasksTab(page);
    await expectFilterCounts(page, { all: 8, pending: 8, completed: 2, overdue: 2 });
    expect(await groupsInOrder(page)).toEqual([
      "Overdue: Two days late, Yesterday lab",
      "Today: Today 7am, Today no time",
      "Tomorrow: Tomorrow quiz",
      "This week: In four days",
      "Later: Next month essay",
      "No date: Undated idea",
    ]);
    // "All Tasks 8" lists 8 rows until the completed ones are asked for.
    await expect(taskList(page).getByRole("checkbox")).toHaveCount(8);
    const completed = page.getByRole("button", { name: "Completed (2)" });
    await expect(completed).toHaveAttribute("aria-expanded", "false");
    await completed.press("Enter");
    await expect(completed).toHaveAttribute("aria-expanded", "true");
    // Completed ones in the API's order, newest first.
    expect((await groupsInOrder(page)).at(-1)).toBe("Completed: Done today, Done long ago");

    // Relative dates: the time only where one was set.
    await expect(taskRow(page, "Tomorrow quiz")).toContainText("Tomorrow 8:00 AM");
    await expect(taskRow(page, "Today no time")).toContainText("Today");
    await expect(taskRow(page, "Today no time")).not.toContainText("11:59");
    await expect(taskRow(page, "In four days")).toContainText(relativeDue(schoolDate(4), "10:00 AM"));
    await expect(taskRow(page, "Next month essay")).toContainText(relativeDue(schoolDate(30)));

    // Pending has the same groups without Completed; a sort gives the flat list back.
    await filterTab(page, "Pending").click();
    expect((await groupsInOrder(page)).map((g) => g.split(":")[0])).toEqual([
      "Overdue",
      "Today",
      "Tomorrow",
      "This week",
      "Later",
      "No date",
    ]);
    await choose(page, page, "Sort tasks", "Priority High to Low");
    expect(await groupsInOrder(page)).toHaveLength(1);
  });

  test.describe("on a device in another time zone", () => {
    // Tokyo is 13 or 14 hours ahead of the school: its "today" is often the school's tomorrow.
    test.use({ timezoneId: "Asia/Tokyo" });

    test("groups and dates follow the school's today, not the device's", async ({ signedInPage: page, user }) => {
      await seedMixed(user);
      await openTasksTab(page);
      expect((await groupsInOrder(page)).slice(0, 3)).toEqual([
        "Overdue: Two days late, Yesterday lab",
        "Today: Today 7am, Today no time",
        "Tomorrow: Tomorrow quiz",
      ]);
      await expect(taskRow(page, "Yesterday lab")).toContainText("Yesterday 9:00 AM");
    });
  });
});

test.describe("a task list that cannot be loaded", () => {
  test("shows no numbers: the stat cards and filter tabs wait for a list instead of reading 0", async ({ signedInPage: page, user }) => {
    await seedTasks(user, [{ title: "Exists", dueDate: schoolDate(-1) }]);
    let failing = true;
    await page.route("**/api/tasks", (route) =>
      failing && route.request().method() === "GET" ? route.fulfill({ status: 500, json: { message: "Down" } }) : route.continue(),
    );
    await page.goto("/#todo");
    await expect(page.getByText("Your tasks could not be loaded.")).toBeVisible();
    const stats = page.getByRole("list", { name: "Task statistics" });
    await expect(stats).not.toContainText(/\d/);
    await expect(stats.getByRole("listitem").first()).toHaveText("Total Tasks–not available");
    await expect(page.getByRole("tablist", { name: "Filter tasks" })).not.toContainText(/\d/);

    failing = false;
    await page.getByRole("button", { name: /Retry|Try again/ }).click();
    await expectStat(page, "Overdue", 1);
    await expectFilterCounts(page, { all: 1, pending: 1, completed: 0, overdue: 1 });
  });
});

/**
 * canvas-confetti draws each burst on a canvas it adds to <body>: counts those from the next page
 * load on, and returns a reader of the count.
 */
async function countConfettiCanvases(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const w = window as unknown as { confettiCanvases: number };
    w.confettiCanvases = 0;
    new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes) if (n.nodeName === "CANVAS") w.confettiCanvases += 1;
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { confettiCanvases: number }).confettiCanvases);
}

test.describe("the completion burst", () => {
  test.use({ reducedMotion: "no-preference" });

  test("completing a task fires the confetti; un-completing one does not", async ({ signedInPage: page, user }) => {
    await seedTasks(user, [
      { title: "Already done", completed: true },
      { title: "Still to do", dueDate: schoolDate(2) },
    ]);
    const canvases = await countConfettiCanvases(page);
    await openTasksTab(page);
    await page.getByRole("button", { name: "Completed (1)" }).click();

    await page.getByRole("checkbox", { name: "Mark Already done as completed" }).click();
    await expect.poll(async () => (await storedTasks(user)).find((t) => t.title === "Already done")?.completed).toBe(0);
    await page.waitForTimeout(500);
    expect(await canvases()).toBe(0);

    await page.getByRole("checkbox", { name: "Mark Still to do as completed" }).click();
    await expect.poll(canvases).toBe(1);
  });

  test("a completion the server refuses fires no confetti: the checkbox rolls back under the error toast alone", async ({
    signedInPage: page,
    user,
  }) => {
    const [id] = await seedTasks(user, [
      { title: "Refused", dueDate: schoolDate(2) },
      { title: "Kept", dueDate: schoolDate(3) },
    ]);
    const canvases = await countConfettiCanvases(page);
    await openTasksTab(page);
    await page.route(`**/api/tasks/${id}`, (route) => route.fulfill({ status: 409, json: { message: "This task was changed elsewhere" } }));

    await page.getByRole("checkbox", { name: "Mark Refused as completed" }).click();
    await expect(toast(page, "Error", "This task was changed elsewhere")).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "Mark Refused as completed" })).not.toBeChecked();
    await page.waitForTimeout(500);
    expect(await canvases()).toBe(0);

    // The burst still comes for a completion the server keeps.
    await page.getByRole("checkbox", { name: "Mark Kept as completed" }).click();
    await expect.poll(canvases).toBe(1);
  });
});
