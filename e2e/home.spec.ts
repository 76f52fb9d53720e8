import type { Page } from "@playwright/test";
import { budgetedScripts, chunkOf, idleScripts, recordScripts } from "./bundles";
import { dashboardTab, expect, seedUser, signIn, test } from "./fixtures";
import { loadingTasks, openHomeTab, SCHOOL_TIME_ZONE, schoolDate, seedTasks, storedTasks, toast } from "./task-helpers";

const tasksCard = (page: Page, title: "Urgent Tasks" | "Your Tasks") => page.getByRole("region", { name: title });
const scheduleCard = (page: Page) => page.getByRole("region", { name: "Today's Schedule" });

/** The task titles of a Home task card, top to bottom, read from each row's checkbox. */
async function titlesIn(page: Page, title: "Urgent Tasks" | "Your Tasks"): Promise<string[]> {
  const names = await tasksCard(page, title)
    .getByRole("checkbox")
    .evaluateAll((boxes) => boxes.map((b) => b.getAttribute("aria-label") ?? ""));
  return names.map((n) => n.replace(/^Mark (.*) as completed$/, "$1"));
}

/** "morning" | "afternoon" | "evening" in the school's time zone, worked out independently of the app. */
function timeOfDayNow(): string {
  const hour = Number(
    new Intl.DateTimeFormat("en-US", { timeZone: SCHOOL_TIME_ZONE, hour: "numeric", hourCycle: "h23" }).format(new Date()),
  );
  return hour < 12 ? "morning" : hour < 17 ? "afternoon" : "evening";
}

test.describe("Home tab", () => {
  test("downloads exactly the scripts the bundle budget counts, then, once the Home tab shows, those it reports for when idle; the Calendar tab and the date picker come when used", async ({
    signedInPage: page,
  }) => {
    const scripts = recordScripts(page);
    // The toast library comes after the first screen, not with it (decision 102).
    let homeShownWhenToastsAsked: boolean | undefined;
    await page.route(`**${chunkOf("lib/toast-library.ts")}`, async (route) => {
      homeShownWhenToastsAsked = await page.getByRole("heading", { level: 2, name: /^Good (morning|afternoon|evening)/ }).isVisible();
      await route.continue();
    });
    await page.goto("/");
    await expect(scheduleCard(page).getByText("No events or tasks today")).toBeVisible();
    await expect(tasksCard(page, "Your Tasks").getByText("No tasks", { exact: true })).toBeVisible();
    await page.waitForLoadState("networkidle");
    const firstScreen = budgetedScripts("/ signed in (Home tab)");
    const whenIdle = idleScripts("/ signed in (Home tab)");
    // The toast library, after the first screen (decision 102).
    expect(whenIdle).toContain(chunkOf("lib/toast-library.ts"));
    expect(firstScreen).not.toContain(chunkOf("lib/toast-library.ts"));
    await expect.poll(() => scripts.read()).toEqual([...firstScreen, ...whenIdle].sort());
    expect(homeShownWhenToastsAsked).toBe(true);

    // The month grid comes with the Calendar tab, the date picker with the first form that has a date.
    const calendarTab = chunkOf("features/calendar/components/calendar-tab.tsx");
    const datePicker = chunkOf("components/ui/calendar.tsx");
    await dashboardTab(page, "Calendar").click();
    await expect(page.getByRole("heading", { level: 2, name: "Calendar" })).toBeVisible();
    expect(scripts.read()).toContain(calendarTab);
    expect(scripts.read()).not.toContain(datePicker);

    await page.getByRole("button", { name: "Add Event" }).click();
    await expect(page.getByRole("dialog", { name: "Add New Event" })).toBeVisible();
    await expect.poll(() => scripts.read()).toContain(datePicker);
  });

  test("greets the student by first name with the school's full date", async ({ page }) => {
    const student = await seedUser({ firstName: "Jordan", lastName: "Lee" });
    await signIn(page, student);
    const before = timeOfDayNow();
    await page.goto("/");
    const after = timeOfDayNow();
    await expect(page.getByRole("tab", { name: "Home" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("heading", { level: 2 })).toHaveText(new RegExp(`^Good (${before}|${after}), Jordan$`));
    const fullDate = new Date(`${schoolDate()}T12:00:00Z`).toLocaleDateString("en-US", {
      timeZone: "UTC",
      weekday: "long",
      month: "long",
      day: "numeric",
      year: "numeric",
    });
    await expect(page.getByText(fullDate, { exact: true })).toBeVisible();
  });

  test("shows “No tasks” / “You're all caught up!” without tasks, and adds one from Home", async ({ signedInPage: page, user }) => {
    await openHomeTab(page);
    const card = tasksCard(page, "Your Tasks");
    await expect(card.getByText("No tasks", { exact: true })).toBeVisible();
    await expect(card.getByText("You're all caught up!")).toBeVisible();
    await expect(scheduleCard(page).getByText("No events or tasks today")).toBeVisible();
    await expect(scheduleCard(page).getByText("Your schedule is free!")).toBeVisible();

    await card.getByRole("button", { name: "Add Task" }).click();
    const form = page.getByRole("dialog", { name: "Add Task" });
    await form.getByRole("textbox", { name: "Task Title" }).fill("Pack gym clothes");
    await form.getByRole("button", { name: "Add Task" }).click();
    await expect(toast(page, "Success", "Task created successfully")).toBeVisible();
    await expect.poll(() => titlesIn(page, "Your Tasks")).toEqual(["Pack gym clothes"]);
    await expect(card.getByText("No tasks", { exact: true })).toHaveCount(0);
    expect(await storedTasks(user)).toMatchObject([{ title: "Pack gym clothes" }]);
  });

  test("a task due tomorrow makes the list “Urgent Tasks”; tasks due today are on Today's Schedule", async ({
    signedInPage: page,
    user,
  }) => {
    await seedTasks(user, [
      { title: "Far project", dueDate: schoolDate(30) },
      { title: "Quiz prep", dueDate: schoolDate(1), subject: "Biology" },
      { title: "Already done", dueDate: schoolDate(1), completed: true },
      { title: "Poem reading", dueDate: schoolDate(0), dueTime: "15:30", subject: "English" },
    ]);
    await openHomeTab(page);

    await expect(page.getByRole("heading", { name: "Urgent Tasks" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your Tasks" })).toHaveCount(0);
    await expect.poll(() => titlesIn(page, "Urgent Tasks")).toEqual(["Poem reading", "Quiz prep"]);
    // No due time: the row reads the day alone (decision 069); it still sorts as due at the end of the day.
    const quiz = tasksCard(page, "Urgent Tasks").getByRole("listitem", { name: "Quiz prep" });
    await expect(quiz).toContainText("Tomorrow");
    await expect(quiz).not.toContainText("11:59 PM");

    const schedule = scheduleCard(page).getByRole("listitem");
    await expect(schedule).toHaveCount(1);
    await expect(schedule).toContainText("3:30 PM");
    await expect(schedule).toContainText("Poem reading");
    await expect(schedule).toContainText("English");
  });

  test("with only far-off tasks the list is “Your Tasks”, earliest due first", async ({ signedInPage: page, user }) => {
    await seedTasks(user, [
      { title: "Science fair", dueDate: schoolDate(20) },
      { title: "Book report", dueDate: schoolDate(10) },
      { title: "Someday reading" },
      { title: "Done long ago", dueDate: schoolDate(12), completed: true },
    ]);
    await openHomeTab(page);
    await expect(page.getByRole("heading", { name: "Your Tasks" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Urgent Tasks" })).toHaveCount(0);
    await expect.poll(() => titlesIn(page, "Your Tasks")).toEqual(["Book report", "Science fair", "Someday reading"]);
  });

  test("shows five urgent tasks and a “+2 more tasks” link to the Tasks tab", async ({ signedInPage: page, user }) => {
    // Seeded out of order; the Home list is earliest due first.
    await seedTasks(user, [
      { title: "Urgent 6", dueDate: schoolDate(1), dueTime: "08:00" },
      { title: "Urgent 2", dueDate: schoolDate(-2) },
      { title: "Urgent 7", dueDate: schoolDate(1) },
      { title: "Urgent 4", dueDate: schoolDate(0), dueTime: "10:00" },
      { title: "Urgent 1", dueDate: schoolDate(-3) },
      { title: "Urgent 5", dueDate: schoolDate(0) },
      { title: "Urgent 3", dueDate: schoolDate(0), dueTime: "07:00" },
      { title: "Later", dueDate: schoolDate(9) },
    ]);
    await openHomeTab(page);
    const card = tasksCard(page, "Urgent Tasks");
    await expect(card.getByRole("listitem")).toHaveCount(5);
    expect(await titlesIn(page, "Urgent Tasks")).toEqual(["Urgent 1", "Urgent 2", "Urgent 3", "Urgent 4", "Urgent 5"]);

    await card.getByRole("link", { name: "+2 more tasks" }).click();
    await expect(page).toHaveURL(/#todo$/);
    await expect(page.getByRole("heading", { name: "Assignment To-Do List" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Tasks", exact: true }).getByRole("listitem")).toHaveCount(8);
  });

  test("checking off an urgent task on Home takes it off the list", async ({ signedInPage: page, user }) => {
    await seedTasks(user, [
      { title: "Return library book", dueDate: schoolDate(1) },
      { title: "Sign permission slip", dueDate: schoolDate(0) },
    ]);
    await openHomeTab(page);
    await expect.poll(() => titlesIn(page, "Urgent Tasks")).toEqual(["Sign permission slip", "Return library book"]);
    await page.getByRole("checkbox", { name: "Mark Sign permission slip as completed" }).click();
    await expect.poll(() => titlesIn(page, "Urgent Tasks")).toEqual(["Return library book"]);
    await expect.poll(async () => (await storedTasks(user)).find((t) => t.title === "Sign permission slip")?.completed).toBe(1);
  });

  test("shows a “Loading tasks” spinner until the tasks arrive", async ({ signedInPage: page, user }) => {
    await seedTasks(user, [{ title: "Slow task", dueDate: schoolDate(1) }]);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/tasks", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/#home");
    await expect(loadingTasks(page)).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "Mark Slow task as completed" })).toHaveCount(0);
    release();
    await expect(loadingTasks(page)).toHaveCount(0);
    await expect(page.getByRole("checkbox", { name: "Mark Slow task as completed" })).toBeVisible();
  });
});

test.describe("a student whose device is in another time zone", () => {
  // 03:30 UTC on 23 Nov 2026: 22:30 on Sunday 22 Nov at the school (New York), but already
  // 12:30 on Monday 23 Nov on a device set to Tokyo. The app must answer with the school's day.
  test.use({ timezoneId: "Asia/Tokyo" });
  const SCHOOL_EVENING = new Date("2026-11-23T03:30:00Z");

  test("sees today, tomorrow, overdue and the greeting as the school does", async ({ page }) => {
    const student = await seedUser({ firstName: "Kenji" });
    await seedTasks(student, [
      { title: "Due school-today", dueDate: "2026-11-22" },
      { title: "Due school-tomorrow", dueDate: "2026-11-23", dueTime: "08:00" },
      { title: "Due school-yesterday", dueDate: "2026-11-21" },
      { title: "Due in two days", dueDate: "2026-11-24" },
    ]);
    await signIn(page, student);
    await page.clock.setFixedTime(SCHOOL_EVENING);

    await openHomeTab(page);
    await expect(page.getByRole("heading", { level: 2 })).toHaveText("Good evening, Kenji");
    await expect(page.getByText("Sunday, November 22, 2026", { exact: true })).toBeVisible();
    // Today's Schedule holds the school's today: Tokyo's today ("Due school-tomorrow") is not in it.
    const schedule = scheduleCard(page).getByRole("listitem");
    await expect(schedule).toHaveCount(1);
    await expect(schedule).toContainText("Due school-today");
    // Urgent = due tomorrow (school time) or earlier; the task two days out is not.
    await expect.poll(() => titlesIn(page, "Urgent Tasks")).toEqual(["Due school-yesterday", "Due school-today", "Due school-tomorrow"]);

    await page.goto("/#todo");
    const overdue = page.getByRole("list", { name: "Task statistics" }).getByRole("listitem").filter({ hasText: "Overdue" });
    await expect(overdue).toHaveText(/^Overdue\s*1$/);
    const list = page.getByRole("region", { name: "Tasks", exact: true });
    await expect(list.getByRole("listitem", { name: "Due school-yesterday" })).toContainText("Overdue");
    await expect(list.getByRole("listitem", { name: "Due school-today" })).not.toContainText("Overdue");
  });
});
