import type { Page } from "@playwright/test";
import { budgetedScripts, chunkOf, idleScripts, recordScripts } from "./bundles";
import { dashboardTab, expect, seedUser, signIn, test } from "./fixtures";
import { openHomeTab, seedTasks } from "./task-helpers";

const tasksCard = (page: Page, title: "Urgent Tasks" | "Your Tasks") => page.getByRole("region", { name: title });
const scheduleCard = (page: Page) => page.getByRole("region", { name: "Today's Schedule" });

/** The task titles of a Home task card, top to bottom, read from each row's checkbox. */
async function titlesIn(page: Page, title: "Urgent Tasks" | "Your Tasks"): Promise<string[]> {
  const names = await tasksCard(page, title)
    .getByRole("checkbox")
    .evaluateAll((boxes) => boxes.map((b) => b.getAttribute("aria-label") ?? ""));
  return names.map((n) => n.replace(/^Mark (.*) as completed$/, "$1"));
}

// The Home tab's greeting, task card, Today's Schedule and their states are component tests
// (client/app/screens/dashboard/home-tab.test.tsx, docs/decisions/120); here, what only a browser
// shows: the scripts downloaded, and the device's own time zone.

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
    // Today's study blocks show faintly among the rows (issue 51) as the clock allows: counted apart.
    const schedule = scheduleCard(page).getByRole("listitem").filter({ hasNotText: "Study block" });
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
