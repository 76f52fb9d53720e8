import { expectNoAxeViolations } from "./axe";
import type { Locator, Page } from "@playwright/test";
import { dashboardTab, expect, PASSWORD, type SeededUser, test } from "./fixtures";
import { seedEvent, storedEvents } from "./event-helpers";
import { endSessions, schoolDate, seedTasks, toast } from "./task-helpers";

/** "Monday, November 23, 2026", written independently of the app. */
function fullDate(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", {
    timeZone: "UTC",
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
  });
}
function monthTitle(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", { timeZone: "UTC", month: "long", year: "numeric" });
}
/** The dates of one weekday (0 = Sunday) in the month after the school's current one. */
function weekdaysOfNextMonth(weekday: number): string[] {
  const [y, m] = schoolDate().split("-").map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m, 1));
  const dates: string[] = [];
  for (let d = new Date(first); d.getUTCMonth() === first.getUTCMonth(); d.setUTCDate(d.getUTCDate() + 1)) {
    if (d.getUTCDay() === weekday) dates.push(d.toISOString().slice(0, 10));
  }
  return dates;
}
/** The Mondays of next month (there are always at least four). */
const mondaysOfNextMonth = () => weekdaysOfNextMonth(1);

const grid = (page: Page) => page.getByRole("grid");
const day = (page: Page, date: string) => page.getByRole("gridcell", { name: new RegExp(`^${fullDate(date)}, `) });
const dayDialog = (page: Page, date: string) =>
  page.getByRole("dialog", {
    name: new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", { timeZone: "UTC", month: "long", day: "numeric", year: "numeric" }),
  });

async function openCalendar(page: Page) {
  await page.goto("/#calendar");
  await expect(page.getByRole("heading", { level: 2, name: "Calendar" })).toBeVisible();
  await expect(grid(page)).toBeVisible();
}

/** Moves the grid to the month of `date`. */
async function showMonthOf(page: Page, date: string) {
  const title = monthTitle(date);
  for (let i = 0; i < 3 && (await page.getByRole("heading", { level: 3, name: title }).count()) === 0; i++) {
    await page.getByRole("button", { name: "Next month" }).click();
    await page.waitForTimeout(350);
  }
  await expect(page.getByRole("heading", { level: 3, name: title })).toBeVisible();
}

async function openDay(page: Page, date: string): Promise<Locator> {
  await day(page, date).click();
  const dialog = dayDialog(page, date);
  await expect(dialog).toBeVisible();
  return dialog;
}

async function eventForm(page: Page): Promise<Locator> {
  const form = page.getByRole("dialog", { name: /^(Add New Event|Edit Event)$/ });
  await expect(form).toBeVisible();
  return form;
}

async function seedSeries(user: SeededUser, title: string) {
  const mondays = mondaysOfNextMonth();
  const id = await seedEvent(user, {
    title,
    date: mondays[0]!,
    time: "16:00",
    eventType: "study",
    recurring: "weekly",
    customDays: ["monday"],
  });
  return { id, mondays };
}

test.describe("Calendar tab", () => {
  test("adds a one-off event: it shows on its day, in Next 5 Days and in Today's Schedule", async ({ signedInPage: page, user }) => {
    await seedTasks(user, [{ title: "Read chapter 9", dueDate: schoolDate(), dueTime: "23:00" }]);
    await openCalendar(page);
    await expect(page.getByText("View your assignments and events")).toBeVisible();
    await page.getByRole("button", { name: "Add Event" }).click();
    const form = await eventForm(page);
    // The title has the focus shortly after opening.
    await expect(form.getByRole("textbox", { name: "Event Title" })).toBeFocused();
    await form.getByRole("textbox", { name: "Event Title" }).fill("Chemistry quiz");
    await form.getByLabel("Event Time (optional)").fill("10:30");
    await form.getByRole("button", { name: "Exam", exact: true }).click();
    await form.getByRole("button", { name: "Add Event" }).click();
    await expect(toast(page, "Success", "Event created successfully")).toBeVisible();

    await expect(day(page, schoolDate())).toHaveAccessibleName(`${fullDate(schoolDate())}, 2 items: Chemistry quiz, Read chapter 9`);
    await expect(day(page, schoolDate())).toContainText("Chemistry quiz");
    const upcoming = page.getByRole("region", { name: "Next 5 Days" });
    await expect(upcoming).toContainText("Chemistry quiz");
    await expect(upcoming).toContainText("10:30 AM");
    await expect(upcoming).toContainText("Exam");
    expect(await storedEvents(user)).toMatchObject([
      {
        title: "Chemistry quiz",
        date: schoolDate(),
        time: "10:30",
        event_type: "exam",
        recurring: "none",
        description: null,
        subject: null,
      },
    ]);

    await dashboardTab(page, "Home").click();
    const schedule = page.getByRole("region", { name: "Today's Schedule" }).getByRole("listitem");
    await expect(schedule).toHaveCount(2);
    await expect(schedule.nth(0)).toContainText("10:30 AM");
    await expect(schedule.nth(0)).toContainText("Chemistry quiz");
    await expect(schedule.nth(1)).toContainText("Read chapter 9");
    await expect(schedule.nth(1)).toContainText("Due");
  });

  test("Next 5 Days says so when nothing is coming", async ({ signedInPage: page }) => {
    await openCalendar(page);
    const upcoming = page.getByRole("region", { name: "Next 5 Days" });
    await expect(upcoming.getByText("No upcoming events")).toBeVisible();
    await expect(upcoming.getByText("Add tasks with due dates or create events to see them here")).toBeVisible();
  });

  test("a weekly event on two weekdays shows on exactly those days across a month change", async ({ signedInPage: page, user }) => {
    await openCalendar(page);
    await page.getByRole("button", { name: "Add Event" }).click();
    const form = await eventForm(page);
    await form.getByRole("textbox", { name: "Event Title" }).fill("Tutoring");
    await form.getByRole("combobox", { name: "Recurring" }).click();
    await page.getByRole("option", { name: "Weekly", exact: true }).click();
    await form.getByRole("button", { name: "Add Event" }).click();
    await expect(form.getByText("Please select at least one weekday for weekly recurring events")).toBeVisible();
    await form.getByRole("checkbox", { name: "Monday" }).check();
    await form.getByRole("checkbox", { name: "Wednesday" }).check();
    await form.getByRole("button", { name: "Add Event" }).click();
    await expect(toast(page, "Success", "Event created successfully")).toBeVisible();
    expect(await storedEvents(user)).toMatchObject([{ title: "Tutoring", recurring: "weekly", custom_days: '["monday","wednesday"]' }]);

    const mondays = mondaysOfNextMonth();
    await page.getByRole("button", { name: "Next month" }).click();
    await expect(page.getByRole("heading", { level: 3, name: monthTitle(mondays[0]!) })).toBeVisible();
    for (const monday of mondays) {
      const [y, m, d] = monday.split("-").map(Number) as [number, number, number];
      const tuesday = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
      const wednesday = new Date(Date.UTC(y, m - 1, d + 2)).toISOString().slice(0, 10);
      await expect(day(page, monday)).toContainText("Tutoring");
      await expect(day(page, tuesday)).toHaveAccessibleName(/No items$/);
      if (wednesday.slice(0, 7) === monday.slice(0, 7)) await expect(day(page, wednesday)).toContainText("Tutoring");
    }
  });

  test("edits one occurrence, then this and future from the third, keeping the earlier ones", async ({ signedInPage: page, user }) => {
    const { id, mondays } = await seedSeries(user, "Study group");
    await openCalendar(page);
    await showMonthOf(page, mondays[0]!);

    let detail = await openDay(page, mondays[1]!);
    await detail.getByRole("button", { name: "Edit Study group" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "This event only" }).click();
    let form = await eventForm(page);
    await expect(form.getByRole("combobox", { name: "Recurring" })).toBeDisabled();
    await expect(form.getByText("Disabled for single event edits")).toBeVisible();
    await form.getByRole("textbox", { name: "Event Title" }).fill("Study group (library)");
    await form.getByRole("button", { name: "Update Event" }).click();
    await expect(toast(page, "Success", "Event updated successfully")).toBeVisible();
    await expect(day(page, mondays[1]!)).toContainText("Study group (library)");
    await expect(day(page, mondays[0]!)).toContainText("Study group");
    await expect(day(page, mondays[0]!)).not.toContainText("library");
    await expect(day(page, mondays[2]!)).not.toContainText("library");

    detail = await openDay(page, mondays[2]!);
    await detail.getByRole("button", { name: "Edit Study group" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "This and future events" }).click();
    form = await eventForm(page);
    await form.getByRole("textbox", { name: "Event Title" }).fill("Study group B");
    await form.getByRole("button", { name: "Update Event" }).click();
    await expect(toast(page, "Success", "Event series updated successfully")).toBeVisible();
    await expect(day(page, mondays[0]!)).toContainText("Study group");
    await expect(day(page, mondays[0]!)).not.toContainText("Study group B");
    await expect(day(page, mondays[1]!)).toContainText("Study group (library)");
    await expect(day(page, mondays[2]!)).toContainText("Study group B");
    await expect(day(page, mondays[3]!)).toContainText("Study group B");
    const rows = await storedEvents(user);
    expect(rows.find((r) => r.id === id)?.custom_end_date).toBe(
      new Date(Date.parse(`${mondays[2]}T12:00:00Z`) - 86400000).toISOString().slice(0, 10),
    );
  });

  test("deletes one occurrence, and this and future from the first after confirming", async ({ signedInPage: page, user }) => {
    const { mondays } = await seedSeries(user, "Robotics");
    await openCalendar(page);
    await showMonthOf(page, mondays[0]!);

    let detail = await openDay(page, mondays[1]!);
    await detail.getByRole("button", { name: "Delete Robotics" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "This event only" }).click();
    await expect(toast(page, "Success", "Event instance deleted successfully")).toBeVisible();
    await expect(day(page, mondays[1]!)).toHaveAccessibleName(/No items$/);
    await expect(day(page, mondays[2]!)).toContainText("Robotics");

    detail = await openDay(page, mondays[0]!);
    await detail.getByRole("button", { name: "Delete Robotics" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "This and future events" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete Event" });
    await expect(confirm).toContainText("This cannot be undone.");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Success", "Event deleted successfully")).toBeVisible();
    for (const monday of mondays) await expect(day(page, monday)).toHaveAccessibleName(/No items$/);
    expect(await storedEvents(user)).toEqual([]);
  });

  test("Early Dismissal fills its title and comes first in the day", async ({ signedInPage: page, user }) => {
    await seedEvent(user, { title: "Algebra test", date: schoolDate(), time: "08:00", eventType: "exam" });
    await seedTasks(user, [{ title: "Essay due", dueDate: schoolDate() }]);
    await openCalendar(page);
    await page.getByRole("button", { name: "Add Event" }).click();
    const form = await eventForm(page);
    await form.getByRole("button", { name: "Early Dismissal" }).click();
    await expect(form.getByRole("textbox", { name: "Event Title" })).toHaveValue("Early Dismissal");
    await form.getByLabel("Event Time (optional)").fill("12:30");
    await form.getByRole("button", { name: "Add Event" }).click();
    await expect(toast(page, "Success", "Event created successfully")).toBeVisible();

    const detail = await openDay(page, schoolDate());
    await expect(detail.getByRole("listitem")).toHaveCount(3);
    await expect(detail.getByRole("listitem").nth(0)).toContainText("Early Dismissal");
    await expect(detail.getByRole("listitem").nth(1)).toContainText("Algebra test");
    await expect(detail.getByRole("listitem").nth(2)).toContainText("Essay due");
    // Tasks have no edit or delete here.
    await expect(detail.getByRole("button", { name: "Edit Essay due" })).toHaveCount(0);
    await detail.getByRole("button", { name: "Close" }).click();
    await expect(detail).toBeHidden();
  });

  test("a day with 3 items shows 2 chips and “+1 more”", async ({ signedInPage: page, user }) => {
    for (const [title, time] of [
      ["First", "08:00"],
      ["Second", "09:00"],
      ["Third", "10:00"],
    ]) {
      await seedEvent(user, { title: title!, date: schoolDate(), time });
    }
    await openCalendar(page);
    const cell = day(page, schoolDate());
    await expect(cell.getByText("First", { exact: true })).toBeVisible();
    await expect(cell.getByText("Second", { exact: true })).toBeVisible();
    await expect(cell.getByText("Third", { exact: true })).toBeHidden();
    await expect(cell.getByText("+1 more")).toBeVisible();
  });

  test("a create the server refuses is rolled back with the toast", async ({ signedInPage: page, user }) => {
    await page.route("**/api/events", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({
            status: 503,
            contentType: "application/json",
            body: JSON.stringify({ message: "The service is briefly unavailable." }),
          })
        : route.fallback(),
    );
    await openCalendar(page);
    await page.getByRole("button", { name: "Add Event" }).click();
    const form = await eventForm(page);
    await form.getByRole("textbox", { name: "Event Title" }).fill("Doomed event");
    await form.getByRole("button", { name: "Add Event" }).click();
    await expect(toast(page, "Error", "The service is briefly unavailable.")).toBeVisible();
    // The form stays as typed, to try again; the event is gone from the calendar.
    await expect(form.getByRole("textbox", { name: "Event Title" })).toHaveValue("Doomed event");
    await form.getByRole("button", { name: "Cancel" }).click();
    await expect(day(page, schoolDate())).toHaveAccessibleName(/No items$/);
    expect(await storedEvents(user)).toEqual([]);
  });
});

test.describe("recurrence in the month grid", () => {
  test("monthly on the 15th", async ({ signedInPage: page, user }) => {
    await openCalendar(page);
    await page.getByRole("button", { name: "Add Event" }).click();
    const form = await eventForm(page);
    await form.getByRole("textbox", { name: "Event Title" }).fill("Club dues");
    await form.getByRole("combobox", { name: "Recurring" }).click();
    await page.getByRole("option", { name: "Monthly, on dates" }).click();
    // The chosen date's day comes preselected (when it is one of 1 to 28); the chooser ends at 28.
    const today = Number(schoolDate().slice(8, 10));
    if (today <= 28) await expect(form.getByRole("checkbox", { name: `Day ${today}` })).toBeChecked();
    await expect(form.getByRole("checkbox", { name: "Day 29" })).toHaveCount(0);
    // By keyboard: the day boxes are drawn as chips around visually hidden checkboxes.
    if (today !== 15 && today <= 28) {
      await form.getByRole("checkbox", { name: `Day ${today}` }).focus();
      await page.keyboard.press("Space");
    }
    await form.getByRole("checkbox", { name: "Day 15" }).focus();
    await page.keyboard.press("Space");
    await expect(form.getByRole("checkbox", { name: "Day 15" })).toBeChecked();
    await form.getByRole("button", { name: "Add Event" }).click();
    await expect(toast(page, "Success", "Event created successfully")).toBeVisible();
    expect(await storedEvents(user)).toMatchObject([{ recurring: "monthly", custom_days: '["15"]' }]);

    const nextMonth = mondaysOfNextMonth()[0]!.slice(0, 7);
    await showMonthOf(page, `${nextMonth}-01`);
    await expect(day(page, `${nextMonth}-15`)).toContainText("Club dues");
    await expect(day(page, `${nextMonth}-14`)).toHaveAccessibleName(/No items$/);
    await expect(day(page, `${nextMonth}-16`)).toHaveAccessibleName(/No items$/);
  });

  test("the last Friday of the month", async ({ signedInPage: page, user }) => {
    const fridays = weekdaysOfNextMonth(5);
    await seedEvent(user, { title: "Pep rally", date: `${fridays[0]!.slice(0, 7)}-01`, recurring: "last-monthly", customDays: ["friday"] });
    await openCalendar(page);
    await showMonthOf(page, fridays[0]!);
    await expect(day(page, fridays[fridays.length - 1]!)).toContainText("Pep rally");
    for (const friday of fridays.slice(0, -1)) await expect(day(page, friday)).toHaveAccessibleName(/No items$/);
  });
});

test.describe("when the session expires", () => {
  test("the event being added is kept and comes back after signing in again", async ({ signedInPage: page, user }) => {
    await openCalendar(page);
    await page.getByRole("button", { name: "Add Event" }).click();
    const form = await eventForm(page);
    await form.getByRole("textbox", { name: "Event Title" }).fill("Science fair");
    await form.getByRole("textbox", { name: "Description (optional)" }).fill("Bring the poster");
    await form.getByRole("button", { name: "Meeting" }).click();
    await endSessions(user);
    await form.getByRole("button", { name: "Add Event" }).click();
    await expect(
      toast(page, "Session Expired", "You'll be redirected to login. Your event data is saved and will be restored."),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    expect(await storedEvents(user)).toEqual([]);

    await page.getByRole("textbox", { name: "Email" }).fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    const restored = await eventForm(page);
    await expect(restored.getByRole("textbox", { name: "Event Title" })).toHaveValue("Science fair");
    await expect(restored.getByRole("textbox", { name: "Description (optional)" })).toHaveValue("Bring the poster");
    await expect(restored.getByRole("button", { name: "Meeting" })).toHaveAttribute("aria-pressed", "true");
    await restored.getByRole("button", { name: "Add Event" }).click();
    await expect(toast(page, "Success", "Event created successfully")).toBeVisible();
    await expect
      .poll(async () => (await storedEvents(user)).map((e) => [e.title, e.event_type, e.description]))
      .toEqual([["Science fair", "meeting", "Bring the poster"]]);
  });
});

test.describe("on a touch phone", () => {
  test.use({ viewport: { width: 320, height: 700 }, hasTouch: true, isMobile: true });

  test("a tap opens the day; a scroll that starts on a day does not; everything fits 320 px", async ({ signedInPage: page, user }) => {
    await seedEvent(user, { title: "Band", date: schoolDate(), time: "07:15" });
    await openCalendar(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    const box = (await day(page, schoolDate()).boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: "touchStart" | "touchMove" | "touchEnd", points: Array<{ x: number; y: number }>) =>
      cdp.send("Input.dispatchTouchEvent", { type, touchPoints: points });

    // A swipe of 40 px that starts on the day: a scroll, not a tap.
    await touch("touchStart", [{ x, y }]);
    await touch("touchMove", [{ x, y: y - 20 }]);
    await touch("touchMove", [{ x, y: y - 40 }]);
    await touch("touchEnd", []);
    await page.waitForTimeout(400);
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // The swipe may have scrolled the page: tap where the day is now.
    await day(page, schoolDate()).tap();
    const detail = dayDialog(page, schoolDate());
    await expect(detail).toBeVisible();
    await expect(detail).toContainText("Band");
    await detail.getByRole("button", { name: "Close" }).click();

    await page.getByRole("button", { name: "Add Event" }).click();
    const form = await eventForm(page);
    await form.getByRole("combobox", { name: "Recurring" }).click();
    await page.getByRole("option", { name: "Weekly", exact: true }).click();
    const sideways = await page.evaluate(() => {
      const dialog = document.querySelector('[role="dialog"]')!;
      return dialog.scrollWidth > dialog.clientWidth + 1 || document.documentElement.scrollWidth > 320;
    });
    expect(sideways).toBe(false);
  });
});

test.describe("on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("a day with 3 items shows 1 chip and “+2”, and the grid fits", async ({ signedInPage: page, user }) => {
    for (const title of ["First", "Second", "Third"]) await seedEvent(user, { title, date: schoolDate(), time: "08:00" });
    await openCalendar(page);
    const cell = day(page, schoolDate());
    await expect(cell.getByText("First", { exact: true })).toBeVisible();
    await expect(cell.getByText("Second", { exact: true })).toBeHidden();
    await expect(cell.getByText("+2", { exact: true })).toBeVisible();
    await expect(page.getByText("Tap any day for details")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

test.describe("a device in Tokyo", () => {
  test.use({ timezoneId: "Asia/Tokyo" });

  test("highlights the school's today (New York), not the device's", async ({ signedInPage: page }) => {
    await openCalendar(page);
    await expect(page.locator('[aria-current="date"]')).toHaveAccessibleName(new RegExp(`^${fullDate(schoolDate())}`));
  });
});

test.describe("accessibility of the calendar (axe-core, WCAG 2.1 AA)", () => {
  test.use({ reducedMotion: "reduce" });

  test("finds nothing on the tab, the day detail, the event dialog and the series choice", async ({ signedInPage: page, user }) => {
    // Four axe scans of a busy page: on a loaded 2-core machine they alone can take most of the
    // default 30 s, so this test gets three times that.
    test.slow();
    const check = (where: string) => expectNoAxeViolations(page, where);
    await seedEvent(user, {
      title: "Chess club",
      date: schoolDate(),
      time: "15:00",
      recurring: "weekly",
      customDays: ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"],
    });
    await seedEvent(user, { title: "Early Dismissal", date: schoolDate(), eventType: "early-dismissal" });
    await seedTasks(user, [{ title: "Lab report", dueDate: schoolDate(1), completed: true }]);
    await openCalendar(page);
    await check("Calendar tab");
    const detail = await openDay(page, schoolDate());
    await check("day detail");
    await detail.getByRole("button", { name: "Edit Chess club" }).click();
    await expect(page.getByRole("alertdialog")).toBeVisible();
    await check("series choice");
    await page.getByRole("alertdialog").getByRole("button", { name: "This and future events" }).click();
    const form = await eventForm(page);
    await expect(form.getByRole("checkbox", { name: "Monday" })).toBeVisible();
    await check("event dialog");
    await form.getByRole("button", { name: "Cancel" }).click();
    const again = await openDay(page, schoolDate());
    await again.getByRole("button", { name: "Delete Early Dismissal" }).click();
    await expect(page.getByRole("alertdialog", { name: "Delete Event" })).toBeVisible();
    await check("Delete Event confirmation");
  });

  test("the grid works by keyboard: arrows move between days, Enter opens one", async ({ signedInPage: page }) => {
    await openCalendar(page);
    const today = day(page, schoolDate());
    await today.focus();
    await expect(today).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(day(page, schoolDate(1))).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("Enter");
    await expect(dayDialog(page, schoolDate())).toBeVisible();
  });
});
