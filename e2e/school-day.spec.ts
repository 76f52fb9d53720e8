import type { Locator, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { e2eDb, expect, type SeededUser, test } from "./fixtures";
import { toast } from "./task-helpers";

/**
 * The school day (docs/product.md#school-day): the class editor's School Day step, Home's
 * Now/Next with a frozen clock, and the calendar's rotation letters and days off.
 */

/** Periods 1-8 of the seeded classes (e2e/fixtures.ts DEFAULT_CLASSES): 50 minutes from 8:00, 5 between. */
const BELL_TIMES = Array.from({ length: 8 }, (_, i) => {
  const start = 8 * 60 + i * 55;
  const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
  return { period: i + 1, start: hhmm(start), end: hhmm(start + 50) };
});

const SCHEDULE = {
  bellTimes: BELL_TIMES,
  schoolDays: ["monday", "tuesday", "wednesday", "thursday", "friday"],
  // Monday 7 December 2026 is an A day; B days meet periods 5 to 8 only.
  rotation: { days: ["A", "B"], anchorDate: "2026-12-07", anchorDay: "A", periodsByDay: { B: [5, 6, 7, 8] } },
  daysOff: [{ from: "2026-12-21", to: "2027-01-01", label: "Winter break" }],
};

async function saveSchedule(user: SeededUser) {
  await e2eDb()
    .updateTable("users")
    .set({ school_schedule: JSON.stringify(SCHEDULE) })
    .where("id", "=", user.id)
    .execute();
}

/** The page's clock fixed at a New York wall-clock time (the suite's school zone is New York). */
async function at(page: Page, local: string) {
  await page.clock.setFixedTime(new Date(`${local}-05:00`));
}

const todaysSchedule = (page: Page) => page.getByRole("region", { name: "Today's Schedule" });
const item = (scope: Locator, text: string) => scope.getByRole("listitem").filter({ hasText: text });

async function openSchoolDayStep(page: Page, phone = false): Promise<Locator> {
  if (phone) {
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Settings" }).click();
  } else {
    await page.getByRole("complementary", { name: "Sidebar" }).getByRole("button", { name: "Settings" }).click();
  }
  await page.getByRole("dialog", { name: "Settings" }).getByRole("button", { name: "School Day" }).click();
  const step = page.getByRole("dialog", { name: "School Day" });
  await expect(step).toBeVisible();
  return step;
}

test.describe("the School Day step", () => {
  test("quick fill, adjust, A/B rotation and a day off are saved; an anchor on a weekend is refused first", async ({
    signedInPage: page,
    user,
  }) => {
    await page.goto("/");
    const step = await openSchoolDayStep(page);
    await step.getByLabel("First period starts").fill("08:10");
    await step.getByLabel("Period (minutes)").fill("45");
    await step.getByRole("button", { name: "Fill Bell Times" }).click();
    await expect(step.getByLabel("1st period · Mathematics starts")).toHaveValue("08:10");
    await expect(step.getByLabel("1st period · Mathematics ends")).toHaveValue("08:55");
    await expect(step.getByLabel("2nd period · Science starts")).toHaveValue("09:00");
    await step.getByLabel("2nd period · Science ends").fill("09:50");

    await step.getByLabel("Timetable").selectOption("ab");
    await step.getByLabel("On this date").fill("2026-12-06"); // a Sunday
    await step.getByRole("button", { name: "Add Day Off" }).click();
    await step.getByLabel("From", { exact: true }).fill("2026-12-24");
    await step.getByLabel("To", { exact: true }).fill("2027-01-01");
    await step.getByLabel("Name", { exact: true }).fill("Winter break");
    await step.getByRole("button", { name: "Save School Day" }).click();
    await expect(step.getByRole("alert")).toHaveText("Please fix the highlighted fields.");
    await expect(step.getByText("The anchor date must be a school day")).toBeVisible();

    await step.getByLabel("On this date").fill("2026-12-07");
    await step.getByRole("button", { name: "Save School Day" }).click();
    await expect(toast(page, "Success!", "Your school day has been saved.")).toBeVisible();
    await expect(step).toBeHidden();
    const stored = await e2eDb().selectFrom("users").select("school_schedule").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.school_schedule!)).toMatchObject({
      bellTimes: expect.arrayContaining([
        { period: 1, start: "08:10", end: "08:55" },
        { period: 2, start: "09:00", end: "09:50" },
      ]),
      rotation: { days: ["A", "B"], anchorDate: "2026-12-07", anchorDay: "A" },
      daysOff: [{ from: "2026-12-24", to: "2027-01-01", label: "Winter break" }],
    });
  });

  test.describe("on a 375 px phone", () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test("fits the screen, is clean for axe, and is worked with the keyboard", async ({ signedInPage: page }) => {
      await page.goto("/");
      const step = await openSchoolDayStep(page, true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await expectNoAxeViolations(page, "the School Day step on a phone");
      await step.getByRole("button", { name: "Fill Bell Times" }).focus();
      await page.keyboard.press("Enter");
      await expect(step.getByLabel("1st period · Mathematics starts")).toHaveValue("08:00");
      // Saturday on as a school day, by keyboard.
      await step.getByRole("button", { name: "Saturday" }).focus();
      await page.keyboard.press("Space");
      await expect(step.getByRole("button", { name: "Saturday" })).toHaveAttribute("aria-pressed", "true");
      await step.getByRole("button", { name: "Save School Day" }).focus();
      await page.keyboard.press("Enter");
      await expect(toast(page, "Success!", "Your school day has been saved.")).toBeVisible();
    });
  });
});

test.describe("Home's Today's Schedule with a school day", () => {
  test.beforeEach(async ({ user }) => saveSchedule(user));

  test("during a class: Now with the minutes left, and Next", async ({ signedInPage: page }) => {
    await at(page, "2026-12-07T08:20");
    await page.goto("/");
    const schedule = todaysSchedule(page);
    await expect(schedule.getByText("A day", { exact: true })).toBeVisible();
    await expect(item(schedule, "Mathematics")).toContainText("Now · 30 min left");
    await expect(item(schedule, "Science")).toContainText("Next");
    await expect(item(schedule, "Mathematics")).toContainText("8:00 AM");
  });

  test("between classes: only Next", async ({ signedInPage: page }) => {
    await at(page, "2026-12-07T08:52");
    await page.goto("/");
    const schedule = todaysSchedule(page);
    await expect(item(schedule, "Science")).toContainText("Next");
    await expect(schedule.getByText(/^Now/)).toHaveCount(0);
  });

  test("after school: the next school day's first classes", async ({ signedInPage: page }) => {
    await at(page, "2026-12-07T16:00");
    await page.goto("/");
    const next = todaysSchedule(page).getByRole("group", { name: "Next school day" });
    await expect(next).toContainText("Next school day: Tuesday, Dec 8, 2026 (B day)");
    await expect(next).toContainText("11:40 AM · Chemistry");
  });

  test("on a weekend and on a day off it says so", async ({ signedInPage: page }) => {
    await at(page, "2026-12-12T10:00");
    await page.goto("/");
    await expect(todaysSchedule(page).getByText("No school today", { exact: true })).toBeVisible();
    await expect(todaysSchedule(page).getByRole("group", { name: "Next school day" })).toContainText("Monday, Dec 14, 2026 (B day)");
    await page.clock.setFixedTime(new Date("2026-12-22T10:00:00-05:00"));
    await page.reload();
    await expect(todaysSchedule(page).getByText("No school today: Winter break")).toBeVisible();
    await expect(todaysSchedule(page).getByRole("group", { name: "Next school day" })).toContainText("Monday, Jan 4, 2027");
  });

  test("a B day lists only the periods that meet on B days", async ({ signedInPage: page }) => {
    await at(page, "2026-12-08T07:30");
    await page.goto("/");
    const schedule = todaysSchedule(page);
    await expect(schedule.getByText("B day", { exact: true })).toBeVisible();
    await expect(item(schedule, "Chemistry")).toContainText("Next");
    await expect(item(schedule, "Mathematics")).toHaveCount(0);
    await expect(item(schedule, "Biology")).toBeVisible();
  });

  test("the calendar grid shows the A/B letters and the day off, and the day detail names them", async ({ signedInPage: page }) => {
    await at(page, "2026-12-07T08:20");
    await page.goto("/#calendar");
    const cell = (date: string) => page.locator(`[role="gridcell"][data-date="${date}"]`);
    await expect(cell("2026-12-07").getByTestId("day-note")).toHaveText("A");
    await expect(cell("2026-12-08").getByTestId("day-note")).toHaveText("B");
    await expect(cell("2026-12-12").getByTestId("day-note")).toHaveCount(0);
    await expect(cell("2026-12-14").getByTestId("day-note")).toHaveText("B");
    await expect(cell("2026-12-22").getByTestId("day-note")).toHaveText("Winter break");
    await cell("2026-12-08").click();
    await expect(page.getByRole("dialog", { name: "December 8, 2026" })).toContainText("Tuesday · B day");
  });
});
