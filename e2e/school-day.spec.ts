import type { Locator, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { dashboardTab, e2eDb, expect, type SeededUser, test } from "./fixtures";
import { toast } from "./task-helpers";

/**
 * The school day (docs/product.md#school-day) in the browser: the School Day step on a phone
 * (fit, axe, keyboard) and a saved school day worked out by the real server on Home and in the
 * calendar, with a frozen clock. What the step saves and Home's and the grid's every state are
 * the component tests' (docs/decisions/120): client/features/classes/components/
 * school-day-step-save.test.tsx, client/app/screens/dashboard/todays-schedule-school.test.tsx,
 * client/features/calendar/components/calendar-school-days.test.tsx.
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

/** Settings → School Day from a phone's menu drawer. */
async function openSchoolDayStep(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Settings" }).click();
  await page.getByRole("dialog", { name: "Settings" }).getByRole("button", { name: "School Day" }).click();
  const step = page.getByRole("dialog", { name: "School Day" });
  await expect(step).toBeVisible();
  return step;
}

test.describe("the School Day step", () => {
  test.describe("on a 375 px phone", () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test("fits the screen, is clean for axe, and is worked with the keyboard", async ({ signedInPage: page }) => {
      await page.goto("/");
      const step = await openSchoolDayStep(page);
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

test.describe("a saved A/B school day, worked out by the server", () => {
  test.beforeEach(async ({ user }) => saveSchedule(user));

  test("Home shows Now and Next during a class; the calendar grid the A/B letters and the day off, the day detail names them", async ({
    signedInPage: page,
  }) => {
    await at(page, "2026-12-07T08:20");
    await page.goto("/");
    const schedule = todaysSchedule(page);
    await expect(schedule.getByText("A day", { exact: true })).toBeVisible();
    await expect(item(schedule, "Mathematics")).toContainText("Now · 30 min left");
    await expect(item(schedule, "Science")).toContainText("Next");

    await dashboardTab(page, "Calendar").click();
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
