import type { Page } from "@playwright/test";
import { e2eDb, expect, test } from "./fixtures";
import { createSchoolRepository, SCHOOL_SCHEDULE_SETTING } from "../server/repositories/school";

/**
 * The school's day on a student's Home (issue 36, decision 112), end to end: a 2-hour delay
 * published into the real server, its agenda worked out there, on Home at 375 px. Today's Schedule
 * for given agendas (Now/Next, the School badge, Spanish), the "From your school" card and Settings
 * → School Day's choice of whose school day are the component tests' (docs/decisions/120):
 * client/app/screens/dashboard/todays-schedule-school.test.tsx,
 * client/features/classes/components/school-day-step-save.test.tsx.
 */

/** Monday, Dec 7, 2026: a 2-hour delay, on the school's alternate bell schedule. */
const DELAY_DAY = "2026-12-07";

async function at(page: Page, local: string) {
  await page.clock.setFixedTime(new Date(`${local}-05:00`));
}

const todaysSchedule = (page: Page) => page.getByRole("region", { name: "Today's Schedule" });

test.describe("the server's own agenda for a student on the school's schedule", () => {
  // Published straight into the suite's database (the school's state is read from it on every
  // request), and taken away after, so the rest of the suite's students have no school schedule.
  test.afterEach(async () => {
    const db = e2eDb();
    await db.deleteFrom("school_events").execute();
    await db.deleteFrom("app_settings").where("key", "=", SCHOOL_SCHEDULE_SETTING).execute();
    await createSchoolRepository(db).bumpVersion();
  });
  test.use({ viewport: { width: 375, height: 812 } });

  test("a published 2-hour delay shows its alternate's times and name on Home at 375 px", async ({ signedInPage: page }) => {
    const school = createSchoolRepository(e2eDb());
    await school.setSchedule({
      bellTimes: [
        { period: 1, start: "07:45", end: "09:15" },
        { period: 2, start: "09:25", end: "10:55" },
      ],
      schoolDays: ["monday", "tuesday", "wednesday", "thursday", "friday"],
      rotation: null,
      daysOff: [],
      alternates: [
        {
          id: "delay",
          name: "2-Hour Delay",
          bellTimes: [
            { period: 1, start: "09:45", end: "10:25" },
            { period: 2, start: "10:35", end: "11:15" },
          ],
        },
      ],
    });
    await school.insert({
      title: "Snow: buses two hours late",
      description: null,
      date: DELAY_DAY,
      endDate: null,
      time: null,
      eventType: "delay",
      alternateId: "delay",
      notify: false,
    });
    await school.bumpVersion();
    await at(page, `${DELAY_DAY}T09:50`);
    await page.goto("/");
    const schedule = todaysSchedule(page);
    await expect(schedule.getByText("2-Hour Delay schedule", { exact: true })).toBeVisible();
    await expect(schedule.getByRole("listitem").filter({ hasText: "Mathematics" })).toContainText("9:45 AM");
    await expect(schedule.getByRole("listitem").filter({ hasText: "Mathematics" })).toContainText("Now · 35 min left");
    await expect(schedule.getByRole("listitem").first()).toContainText("School");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
