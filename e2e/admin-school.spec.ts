import type { Browser, Page } from "@playwright/test";
import { createSchoolRepository, SCHOOL_SCHEDULE_SETTING } from "../server/repositories/school";
import { e2eDb, expect, seedUser, serverNoticesOutsideWrite, signIn, test } from "./fixtures";
import { expectSpanish } from "./spanish";
import { toast } from "./task-helpers";

/**
 * /admin/school (issue 36): staff publish a bell schedule with a 2-hour delay alternate, add a delay
 * event on a date that follows it, and send an announcement whose progress shows; a student's Home
 * on that date then shows the alternate's times.
 */

/** The passcode the browser suite's server runs with (playwright.config.ts). */
const PASSCODE = "K7QM";
/** A Monday 8 to 14 days ahead: within the page's coming events, whenever the suite runs. */
const DELAY_DAY = (() => {
  const day = new Date(Date.now() + 8 * 86_400_000);
  while (day.getUTCDay() !== 1) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
})();

async function at(page: Page, local: string) {
  await page.clock.setFixedTime(new Date(`${local}-05:00`));
}

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    timezoneId: "America/New_York",
    viewport: { width: 375, height: 812 },
  });
  return context.newPage();
}

test.describe("the school's page at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 }, timezoneId: "America/New_York" });
  // The school's state is app-wide: taken away after, so the rest of the suite has no school schedule
  // and no announcement.
  test.afterEach(async () => {
    const db = e2eDb();
    await db.deleteFrom("school_events").execute();
    await db.deleteFrom("announcement_deliveries").execute();
    await db.deleteFrom("announcements").execute();
    await db.deleteFrom("app_settings").where("key", "=", SCHOOL_SCHEDULE_SETTING).execute();
    await createSchoolRepository(db).bumpVersion();
  });

  test("publish a delay schedule, a delay event on it and an announcement; the student's Home follows", async ({ page, browser }) => {
    test.slow();
    const admin = await seedUser({ firstName: "Rosa", lastName: "Diaz", isAdmin: true });
    // The admin's clock runs: the passcode's 30 minutes are the server's real ones.
    await signIn(page, admin);

    await test.step("the panel's header leads to the school's page, behind the passcode", async () => {
      await page.goto("/admin");
      await page.getByLabel("Admin Passcode").fill(PASSCODE);
      await page.getByRole("button", { name: "Unlock Admin Panel" }).click();
      await page.getByRole("link", { name: "School Day" }).click();
      await expect(page).toHaveURL(/\/admin\/school$/);
      await expect(page.getByRole("heading", { level: 1, name: "School Day" })).toBeVisible();
      await expect(page.getByText("Not published yet", { exact: false })).toBeVisible();
    });

    await test.step("the bell schedule with a 2-hour delay alternate, published", async () => {
      const bells = page.getByRole("region", { name: "Bell Schedule" });
      await bells.getByLabel("Period 1 start").first().fill("07:45");
      await bells.getByLabel("Period 1 end").first().fill("09:15");
      await bells.getByRole("button", { name: "Add Period" }).first().click();
      await bells.getByLabel("Period 2 start").first().fill("09:25");
      await bells.getByLabel("Period 2 end").first().fill("10:55");
      await bells.getByRole("button", { name: "Add Alternate Schedule" }).click();
      await bells.getByLabel("Name").fill("2-Hour Delay");
      await bells.getByRole("button", { name: "2 hours later" }).click();
      await expect(bells.getByLabel("Period 1 start").nth(1)).toHaveValue("09:45");
      await expect(bells.getByLabel("Period 2 end").nth(1)).toHaveValue("12:55");
      // A rotation whose date's day is not one of its days is refused on the page, in words.
      await bells.getByLabel("Rotation days, separated by commas (A, B)").fill("A, B");
      await bells.getByLabel("A school day of the rotation").fill(DELAY_DAY);
      await bells.getByLabel("Its rotation day").fill("C");
      await bells.getByRole("button", { name: "Publish Schedule" }).click();
      await expect(bells.getByRole("alert")).toHaveText(/.+/);
      await expect(bells.getByRole("alert")).not.toContainText("classes.");
      // No rotation after all; a day off a week after the delay.
      await bells.getByLabel("Rotation days, separated by commas (A, B)").fill("");
      await bells.getByRole("button", { name: "Add Day Off" }).click();
      const breakDay = new Date(Date.parse(`${DELAY_DAY}T12:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
      await bells.getByLabel("From").fill(breakDay);
      await bells.getByLabel("Label", { exact: true }).fill("Teacher workday");
      await bells.getByRole("button", { name: "Publish Schedule" }).click();
      await expect(toast(page, "Schedule Published", "Schedule Published")).toBeVisible();
      const saved = await e2eDb()
        .selectFrom("app_settings")
        .select("value")
        .where("key", "=", SCHOOL_SCHEDULE_SETTING)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(saved.value)).toMatchObject({
        daysOff: [{ from: breakDay, to: breakDay, label: "Teacher workday" }],
        alternates: [
          {
            name: "2-Hour Delay",
            bellTimes: [
              { period: 1, start: "09:45", end: "11:15" },
              { period: 2, start: "11:25", end: "12:55" },
            ],
          },
        ],
      });
      await expect(page.getByText("Not published yet", { exact: false })).toHaveCount(0);
    });

    await test.step("a delay event on that alternate", async () => {
      const events = page.getByRole("region", { name: "School Events" });
      await expect(events.getByText("No events in the coming months")).toBeVisible();
      await events.getByRole("button", { name: "Add Event" }).click();
      const dialog = page.getByRole("dialog", { name: "Add Event" });
      await dialog.getByLabel("Title").fill("Snow: buses two hours late");
      await dialog.getByLabel("Date", { exact: true }).fill(DELAY_DAY);
      await dialog.getByRole("combobox", { name: "Type" }).click();
      await page.getByRole("option", { name: /delay/i }).click();
      await dialog.getByRole("combobox", { name: "Bell schedule" }).click();
      await page.getByRole("option", { name: "2-Hour Delay" }).click();
      await dialog.getByRole("button", { name: "Save Event" }).click();
      await expect(toast(page, "Event Saved", "Event Saved")).toBeVisible();
      const item = events.getByRole("listitem").filter({ hasText: "Snow: buses two hours late" });
      await expect(item).toContainText("2-Hour Delay");
    });

    await test.step("an announcement, and its progress", async () => {
      const section = page.getByRole("region", { name: "Announcements" });
      await section.getByLabel("Title").fill("Snow tomorrow");
      await section.getByLabel("Message").fill("Buses run two hours late.");
      await section.getByRole("button", { name: "Send Announcement" }).click();
      await expect(toast(page, "Announcement Sent", "Announcement Sent")).toBeVisible();
      // No device has subscribed in this suite: the progress says so once nothing is pending.
      await expect(section.getByRole("status")).toContainText(/Snow tomorrow: (No device to send to|Sent to \d+ of \d+ devices)/);
      await expect(section.getByRole("list", { name: "Recent Announcements" }).getByRole("listitem").first()).toContainText(
        "Snow tomorrow",
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    });

    await test.step("a student's Home on the delay day follows the alternate", async () => {
      const student = await seedUser({ firstName: "Sam", lastName: "Lee", userClasses: ["Mathematics", "Science"] });
      const studentPage = await freshPage(browser);
      await at(studentPage, `${DELAY_DAY}T09:50`);
      await signIn(studentPage, student);
      await studentPage.goto("/");
      const schedule = studentPage.getByRole("region", { name: "Today's Schedule" });
      await expect(schedule.getByText("2-Hour Delay schedule", { exact: true })).toBeVisible();
      await expect(schedule.getByRole("listitem").filter({ hasText: "Mathematics" })).toContainText("9:45 AM");
      await expect(schedule.getByRole("listitem").filter({ hasText: "Snow: buses two hours late" })).toContainText("School");
      await studentPage.context().close();
    });
  });

  test("the page reads in Spanish and fits", async ({ page }) => {
    const admin = await seedUser({ firstName: "Lucía", lastName: "Gómez", isAdmin: true });
    await e2eDb().updateTable("users").set({ locale: "es" }).where("id", "=", admin.id).execute();
    await serverNoticesOutsideWrite();
    await signIn(page, admin);
    await page.goto("/admin/school");
    await page.getByLabel("Código de acceso").fill(PASSCODE);
    await page.getByRole("button", { name: /Desbloquear/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Jornada escolar" })).toBeVisible();
    await expect(page.getByText("Anuncios recientes")).toBeVisible();
    await expect(page.getByText("No hay eventos en los próximos meses")).toBeVisible();
    await expect(page.getByRole("button", { name: "Publicar horario" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectSpanish(page, "/admin/school");
  });
});
