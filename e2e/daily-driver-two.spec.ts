import type { Locator, Page } from "@playwright/test";
import { MONTHLY_NEEDS_DAYS as MONTHLY_NEEDS_DAYS_REF, MONTHLY_NEEDS_OPTION as MONTHLY_NEEDS_OPTION_REF } from "../core/schemas/event";
import { inEnglish } from "../core/test/in-english";

import { dashboardTab, expect, seedUser, signIn, test } from "./fixtures";
import { expectNoAxeViolations } from "./axe";
import { seedEvent, storedEvents } from "./event-helpers";
import { schoolDate, seedTasks, toast } from "./task-helpers";

const MONTHLY_NEEDS_OPTION = inEnglish(MONTHLY_NEEDS_OPTION_REF)!;
const MONTHLY_NEEDS_DAYS = inEnglish(MONTHLY_NEEDS_DAYS_REF)!;

// Issue 26's defects, found trying the app as a student would on a phone, one test each (each
// failed before the fix), at 375 px.

const fullDate = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", {
    timeZone: "UTC",
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
  });
const day = (page: Page, date: string) => page.getByRole("gridcell", { name: new RegExp(`^${fullDate(date)}, `) });

async function openCalendar(page: Page) {
  await page.goto("/#calendar");
  await expect(page.getByRole("heading", { level: 2, name: "Calendar" })).toBeVisible();
  await expect(page.getByRole("grid")).toBeVisible();
}

async function openEventForm(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: "Add Event" }).first().click();
  const form = page.getByRole("dialog", { name: "Add New Event" });
  await expect(form).toBeVisible();
  return form;
}

test.describe("on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("Today's Schedule reads by the clock, and Next 5 Days lists the same day the same way", async ({ page }) => {
    const student = await seedUser({
      firstName: "Ana",
      userClasses: ["Mathematics", "Biology", "English", "Spanish II", "History", "Art"],
    });
    const today = schoolDate();
    await seedEvent(student, { title: "Early Dismissal", date: today, time: "12:30", eventType: "early-dismissal" });
    await seedEvent(student, { title: "Biology exam", date: today, time: "09:00", eventType: "exam", subject: "Biology" });
    await seedEvent(student, { title: "Soccer practice", date: today, time: "15:30", eventType: "practice" });
    await seedTasks(student, [{ title: "Spanish vocab", subject: "Spanish II", dueDate: today, dueTime: "20:00" }]);
    await signIn(page, student);

    await page.goto("/");
    const schedule = page.getByRole("list", { name: "Today's schedule" }).getByRole("listitem");
    const inOrder = [
      ["Early Dismissal", "12:30 PM"],
      ["Biology exam", "9:00 AM"],
      ["Soccer practice", "3:30 PM"],
      ["Spanish vocab", "8:00 PM"],
    ];
    await expect(schedule).toHaveCount(4);
    for (const [i, [title, time]] of inOrder.entries()) {
      await expect(schedule.nth(i)).toContainText(title!);
      await expect(schedule.nth(i)).toContainText(time!);
    }

    await dashboardTab(page, "Calendar").click();
    const upcoming = page.getByRole("list", { name: "Upcoming events and tasks" }).getByRole("listitem");
    await expect(upcoming).toHaveCount(4);
    for (const [i, [title]] of inOrder.entries()) await expect(upcoming.nth(i)).toContainText(title!);
  });

  test("Monthly asks for a date option or specific dates, with the spec's messages on each field, and saves the same date each month", async ({
    signedInPage: page,
    user,
  }) => {
    await openCalendar(page);
    const form = await openEventForm(page);
    await form.getByRole("textbox", { name: "Event Title" }).fill("Club dues");
    await form.getByRole("combobox", { name: "Recurring" }).click();
    await page.getByRole("option", { name: "Monthly, on dates" }).click();
    const option = form.getByRole("combobox", { name: "Date option" });
    await expect(option).toBeVisible();
    // Nothing ticked: no option and no dates.
    for (const box of await form.getByRole("checkbox", { name: /^Day \d+$/, checked: true }).all()) {
      await box.focus();
      await page.keyboard.press("Space");
    }
    await form.getByRole("button", { name: "Add Event" }).click();
    await expect(option).toHaveAccessibleDescription(MONTHLY_NEEDS_OPTION);
    await expect(form.getByText(MONTHLY_NEEDS_OPTION)).toBeVisible();
    await expect(form.getByText(MONTHLY_NEEDS_DAYS)).toBeVisible();
    await expectNoAxeViolations(page, "the event dialog with the monthly messages");
    expect(await storedEvents(user)).toEqual([]);

    await option.click();
    const today = Number(schoolDate().slice(8, 10));
    await page.getByRole("option", { name: new RegExp(`^On the same date each month \\(the ${today}(st|nd|rd|th)\\)$`) }).click();
    // The same date takes no dates: the chooser and both messages go.
    await expect(form.getByRole("group", { name: "Repeat on dates" })).toHaveCount(0);
    await expect(form.getByText(MONTHLY_NEEDS_OPTION)).toHaveCount(0);
    await form.getByRole("button", { name: "Add Event" }).click();
    await expect(toast(page, "Success", "Event created successfully")).toBeVisible();
    expect(await storedEvents(user)).toMatchObject([
      { title: "Club dues", recurring: "monthly", custom_when_to_repeat: "same-date", custom_days: "[]", date: schoolDate() },
    ]);

    // Reopened, the series shows the option it was saved with.
    await day(page, schoolDate()).click();
    await page.getByRole("button", { name: "Edit Club dues" }).click();
    await page.getByRole("button", { name: "This and future events" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Event" });
    await expect(edit.getByRole("combobox", { name: "Date option" })).toContainText("On the same date each month");
  });

  test("the server's date-option message lands on the Date option field", async ({ signedInPage: page }) => {
    // What the server itself answers a monthly event with neither (read first, then replayed for
    // the dialog's save, which the form's own check would otherwise never let through).
    const csrf = (await (await page.request.get("/api/csrf-token")).json()) as { csrfToken: string };
    const refused = await page.request.post("/api/events", {
      headers: { "X-CSRF-Token": csrf.csrfToken },
      data: { title: "Club dues", date: schoolDate(), recurring: "monthly", customDays: [] },
    });
    expect(refused.status()).toBe(400);
    const body = await refused.text();
    await page.route("**/api/events", (route) =>
      route.request().method() === "POST" ? route.fulfill({ status: 400, contentType: "application/json", body }) : route.fallback(),
    );

    await openCalendar(page);
    const form = await openEventForm(page);
    await form.getByRole("textbox", { name: "Event Title" }).fill("Club dues");
    await form.getByRole("combobox", { name: "Recurring" }).click();
    await page.getByRole("option", { name: "Monthly, on dates" }).click();
    await form.getByRole("combobox", { name: "Date option" }).click();
    await page.getByRole("option", { name: /^On the same date each month/ }).click();
    await form.getByRole("button", { name: "Add Event" }).click();
    await expect(form.getByRole("combobox", { name: "Date option" })).toHaveAccessibleDescription(MONTHLY_NEEDS_OPTION);
    await expect(form.getByText(MONTHLY_NEEDS_OPTION)).toBeVisible();
  });

  test("a day with 4 items shows one chip and “+3” in full, at 375 px and at 320 px", async ({ signedInPage: page, user }) => {
    for (const title of ["Band", "Chess club", "Debate", "Essay draft"])
      await seedEvent(user, { title, date: schoolDate(), time: "08:00" });
    await openCalendar(page);
    for (const width of [375, 320]) {
      await page.setViewportSize({ width, height: 800 });
      const cell = day(page, schoolDate());
      const more = cell.getByText("+3", { exact: true });
      await expect(more).toBeVisible();
      await expect(more).toHaveAttribute("title", "3 more");
      // Shown in full: nothing of it is cut off.
      expect(
        await more.evaluate(
          (el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= el.parentElement!.getBoundingClientRect().right,
        ),
      ).toBe(true);
      // A screen reader hears every item of the day from the cell's name.
      await expect(cell).toHaveAccessibleName(`${fullDate(schoolDate())}, 4 items: Band, Chess club, Debate, Essay draft`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
  });
});

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`axe at 375 px, ${colorScheme} theme`, () => {
    test.use({ viewport: { width: 375, height: 800 }, colorScheme, reducedMotion: "reduce" });

    test("Home's schedule, the calendar with “+N” and the monthly date option", async ({ signedInPage: page, user }) => {
      test.slow(); // Three axe scans.
      for (const title of ["Band", "Chess club", "Debate"]) await seedEvent(user, { title, date: schoolDate(), time: "08:00" });
      await seedEvent(user, { title: "Early Dismissal", date: schoolDate(), eventType: "early-dismissal" });
      await page.goto("/");
      await expect(page.getByRole("list", { name: "Today's schedule" }).getByRole("listitem")).toHaveCount(4);
      await expectNoAxeViolations(page, "Home");

      await openCalendar(page);
      await expect(day(page, schoolDate()).getByText("+3", { exact: true })).toBeVisible();
      await expectNoAxeViolations(page, "Calendar");

      const form = await openEventForm(page);
      await form.getByRole("combobox", { name: "Recurring" }).click();
      await page.getByRole("option", { name: "Monthly, on dates" }).click();
      await expect(form.getByRole("combobox", { name: "Date option" })).toBeVisible();
      await expectNoAxeViolations(page, "the event dialog's monthly fields");
    });
  });
}
