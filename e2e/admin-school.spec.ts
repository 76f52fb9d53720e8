import type { Browser, Locator, Page } from "@playwright/test";
import { createSchoolRepository, SCHOOL_SCHEDULE_SETTING } from "../server/repositories/school";
import { e2eDb, expect, seedUser, serverNoticesOutsideWrite, signIn, test } from "./fixtures";
import { shortDate, toast } from "./task-helpers";

/**
 * /admin/school (issue 36): staff publish a bell schedule with a 2-hour delay alternate, add a delay
 * event on a date that follows it, and send an announcement whose progress shows; a student's Home
 * on that date then shows the alternate's times. The page's fields, refusals, per-day editors, what
 * each part sends and its words in both languages are client/app/screens/admin-school.test.tsx's
 * (docs/decisions/120); here the journey against the real server and the page's width on a phone.
 */

/** The passcode the browser suite's server runs with (playwright.config.ts). */
const PASSCODE = "K7QM";
/** A Monday 8 to 14 days ahead: within the page's coming events, whenever the suite runs. */
const DELAY_DAY = (() => {
  const day = new Date(Date.now() + 8 * 86_400_000);
  while (day.getUTCDay() !== 1) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
})();

/** The day after `date` (yyyy-MM-dd), `days` later. */
const daysAfter = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Picks `date` in the app's date picker opened from `field`, moving on a month at a time. */
async function pickDate(page: Page, field: Locator, date: string) {
  await field.click();
  const grid = page.getByRole("grid");
  await expect(grid).toBeVisible();
  const d = new Date(`${date}T12:00:00Z`);
  const month = d.toLocaleDateString("en-US", { timeZone: "UTC", month: "long" });
  const day = grid.getByRole("button", { name: new RegExp(`${month} ${d.getUTCDate()}(st|nd|rd|th)?, ${d.getUTCFullYear()}`) }).first();
  for (let i = 0; i < 14 && !(await day.isVisible()); i++) await page.getByRole("button", { name: /next month/i }).click();
  await day.click();
  await expect(grid).toBeHidden();
}

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
      // A day off a week after the delay.
      await bells.getByRole("button", { name: "Add Day Off" }).click();
      const breakDay = daysAfter(DELAY_DAY, 7);
      // By keyboard, as the task form's picker: it opens on today, the arrows move a day, Enter picks.
      await bells.getByRole("button", { name: /^From/ }).click();
      await expect(page.getByRole("grid")).toBeVisible();
      const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());
      await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="grid"]') !== null)).toBe(true);
      for (let d = today; d < breakDay; d = daysAfter(d, 1)) await page.keyboard.press("ArrowRight");
      await page.keyboard.press("Enter");
      await expect(bells.getByRole("button", { name: /^From/ })).toHaveAccessibleName(`From ${shortDate(breakDay)}`);
      await bells.getByRole("list", { name: "Days off" }).getByLabel("Name", { exact: true }).fill("Teacher workday");
      await bells.getByRole("button", { name: "Publish Schedule" }).click();
      await expect(toast(page, "Schedule Published", "Schedule Published")).toBeVisible();
      await expect(page.getByText("Not published yet", { exact: false })).toHaveCount(0);
    });

    await test.step("a delay event on that alternate", async () => {
      const events = page.getByRole("region", { name: "School Events" });
      await expect(events.getByText("No events in the coming months")).toBeVisible();
      await events.getByRole("button", { name: "Add Event" }).click();
      const dialog = page.getByRole("dialog", { name: "Add Event" });
      await dialog.getByLabel("Title").fill("Snow: buses two hours late");
      await pickDate(page, dialog.getByRole("button", { name: /^Date/ }), DELAY_DAY);
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
      await expect(section.getByRole("status")).toContainText(
        /Snow tomorrow: In the app: \d+ (students?|people|person) · (No device has notifications on|Sent to \d+ of \d+ devices?)/,
      );
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

  // Its words, in Spanish too, are client/app/screens/admin-school.test.tsx's; here the longest of them,
  // with the per-day tables open, must fit a phone.
  test("in Spanish, with the per-day tables open, nothing scrolls sideways at 375 px", async ({ page }) => {
    const admin = await seedUser({ firstName: "Lucía", lastName: "Gómez", isAdmin: true });
    await e2eDb().updateTable("users").set({ locale: "es" }).where("id", "=", admin.id).execute();
    await serverNoticesOutsideWrite();
    await signIn(page, admin);
    await page.goto("/admin/school");
    await page.getByLabel("Código de acceso").fill(PASSCODE);
    await page.getByRole("button", { name: /Desbloquear/ }).click();
    const bells = page.getByRole("region", { name: "Horario de timbres" });
    await bells.getByLabel("Días de la rotación, separados por comas (A, B)").fill("A, B");
    await bells.getByRole("switch", { name: "Horarios distintos en cada día de la rotación" }).click();
    await bells.getByRole("switch", { name: "Periodos distintos en cada día de la rotación" }).click();
    await expect(bells.getByLabel("Inicio del periodo 1, día de rotación B")).toHaveValue("08:00");
    await expect(page.getByText("No hay eventos en los próximos meses")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
