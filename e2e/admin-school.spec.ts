import type { Browser, Locator, Page } from "@playwright/test";
import { createSchoolRepository, SCHOOL_SCHEDULE_SETTING } from "../server/repositories/school";
import { e2eDb, expect, seedUser, serverNoticesOutsideWrite, signIn, test } from "./fixtures";
import { expectSpanish } from "./spanish";
import { holdPushes, receivedPushes, releasePushes, subscribeDeviceThrough } from "./push-helpers";
import { shortDate, toast } from "./task-helpers";

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
      // A rotation whose date's day is not one of its days is refused on the page, in words.
      await bells.getByLabel("Rotation days, separated by commas (A, B)").fill("A, B");
      await pickDate(page, bells.getByRole("button", { name: /^A school day of the rotation/ }), DELAY_DAY);
      await bells.getByLabel("Its rotation day").fill("C");
      await bells.getByRole("button", { name: "Publish Schedule" }).click();
      await expect(bells.getByRole("alert")).toHaveText(/.+/);
      await expect(bells.getByRole("alert")).not.toContainText("classes.");
      // No rotation after all; a day off a week after the delay.
      await bells.getByLabel("Rotation days, separated by commas (A, B)").fill("");
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

  test("an A/B block schedule: each rotation day its own times and periods, and a student's B day at the morning's times", async ({
    page,
    browser,
  }) => {
    test.slow();
    const admin = await seedUser({ firstName: "Ana", lastName: "Ruiz", isAdmin: true });
    await signIn(page, admin);
    await page.goto("/admin/school");
    await page.getByLabel("Admin Passcode").fill(PASSCODE);
    await page.getByRole("button", { name: "Unlock Admin Panel" }).click();
    const bells = page.getByRole("region", { name: "Bell Schedule" });
    const B_DAY = daysAfter(DELAY_DAY, 1);

    await test.step("the usual times, and a rotation of A and B days", async () => {
      await bells.getByLabel("Period 1 start").fill("07:45");
      await bells.getByLabel("Period 1 end").fill("09:15");
      await bells.getByRole("button", { name: "Add Period" }).click();
      await bells.getByLabel("Period 2 start").fill("09:25");
      await bells.getByLabel("Period 2 end").fill("10:55");
      // The per-day parts are offered once there is a rotation.
      await expect(bells.getByRole("switch", { name: "Different times on each rotation day" })).toHaveCount(0);
      await bells.getByLabel("Rotation days, separated by commas (A, B)").fill("A, B");
      await pickDate(page, bells.getByRole("button", { name: /^A school day of the rotation/ }), DELAY_DAY);
      await bells.getByLabel("Its rotation day").fill("A");
    });

    await test.step("B days ring their own periods, copied from A and then changed; a clash is refused in words", async () => {
      await bells.getByRole("switch", { name: "Different times on each rotation day" }).click();
      await bells.getByLabel("Period 1 start, rotation day A").fill("07:40");
      await bells.getByRole("button", { name: "Copy day A's times to day B" }).click();
      await expect(bells.getByLabel("Period 1 start, rotation day B")).toHaveValue("07:40");
      // A period added an hour after the last one overlaps it: refused under the field, in words.
      await bells.getByRole("button", { name: "Add Period to Day B" }).click();
      await bells.getByRole("button", { name: "Publish Schedule" }).click();
      await expect(bells.getByRole("alert")).toHaveText("Periods must not overlap");
      await expect(bells.getByLabel("Period 3 start, rotation day B")).toHaveAttribute("aria-invalid", "true");
      // B day: periods 3 and 4 at the morning's times.
      await bells.getByRole("button", { name: "Add Period to Day B" }).click();
      await bells.getByRole("button", { name: "Remove period 1 from rotation day B" }).click();
      await bells.getByRole("button", { name: "Remove period 2 from rotation day B" }).click();
      await bells.getByLabel("Period 3 start, rotation day B").fill("07:45");
      await bells.getByLabel("Period 3 end, rotation day B").fill("09:15");
      await bells.getByLabel("Period 4 start, rotation day B").fill("09:25");
      await bells.getByLabel("Period 4 end, rotation day B").fill("10:55");
      await bells.getByRole("switch", { name: "Different periods on each rotation day" }).click();
      await bells.getByRole("button", { name: "Period 3, rotation day A" }).click();
      await bells.getByRole("button", { name: "Period 4, rotation day A" }).click();
      await bells.getByRole("button", { name: "Period 1, rotation day B" }).click();
      await bells.getByRole("button", { name: "Period 2, rotation day B" }).click();
      await expect(bells.getByRole("button", { name: "Period 3, rotation day B" })).toHaveAttribute("aria-pressed", "true");
    });

    await test.step("a delay alternate with its own B-day times, two hours later", async () => {
      await bells.getByRole("button", { name: "Add Alternate Schedule" }).click();
      await bells.getByLabel("Name").fill("2-Hour Delay");
      await bells.getByRole("switch", { name: "Different times on each rotation day" }).nth(1).click();
      await bells.getByRole("button", { name: "2 hours later" }).click();
      await expect(bells.getByLabel("Period 3 start, rotation day B").nth(1)).toHaveValue("09:45");
      await bells.getByRole("button", { name: "Publish Schedule" }).click();
      await expect(toast(page, "Schedule Published", "Schedule Published")).toBeVisible();
      const saved = await e2eDb()
        .selectFrom("app_settings")
        .select("value")
        .where("key", "=", SCHOOL_SCHEDULE_SETTING)
        .executeTakeFirstOrThrow();
      const morning = [
        { period: 3, start: "07:45", end: "09:15" },
        { period: 4, start: "09:25", end: "10:55" },
      ];
      expect(JSON.parse(saved.value)).toMatchObject({
        bellTimesByDay: {
          A: [
            { period: 1, start: "07:40", end: "09:15" },
            { period: 2, start: "09:25", end: "10:55" },
          ],
          B: morning,
        },
        rotation: { days: ["A", "B"], anchorDate: DELAY_DAY, anchorDay: "A", periodsByDay: { A: [1, 2], B: [3, 4] } },
        alternates: [
          {
            name: "2-Hour Delay",
            bellTimesByDay: {
              B: [
                { period: 3, start: "09:45", end: "11:15" },
                { period: 4, start: "11:25", end: "12:55" },
              ],
            },
          },
        ],
      });
    });

    await test.step("what was published reads back into the page", async () => {
      await page.reload();
      await expect(bells.getByRole("switch", { name: "Different times on each rotation day" }).first()).toBeChecked();
      await expect(bells.getByLabel("Period 4 end, rotation day B").first()).toHaveValue("10:55");
      await expect(bells.getByRole("button", { name: "Period 1, rotation day B" })).toHaveAttribute("aria-pressed", "false");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    });

    await test.step("a school event's dates from the picker; deleting it asks first", async () => {
      const events = page.getByRole("region", { name: "School Events" });
      await events.getByRole("button", { name: "Add Event" }).click();
      const dialog = page.getByRole("dialog", { name: "Add Event" });
      await dialog.getByLabel("Title").fill("Field trip");
      await pickDate(page, dialog.getByRole("button", { name: /^Date/ }), B_DAY);
      await expect(dialog.getByRole("button", { name: /^End date/ })).toHaveAccessibleName("End date (optional) Same day");
      await pickDate(page, dialog.getByRole("button", { name: /^End date/ }), daysAfter(B_DAY, 2));
      await expect(dialog.getByRole("button", { name: /^End date/ })).toHaveAccessibleName(
        `End date (optional) ${shortDate(daysAfter(B_DAY, 2))}`,
      );
      await dialog.getByRole("button", { name: "Save Event" }).click();
      await expect(toast(page, "Event Saved", "Event Saved")).toBeVisible();
      const item = events.getByRole("listitem").filter({ hasText: "Field trip" });
      await expect(item).toBeVisible();

      await item.getByRole("button", { name: "Delete Field trip" }).click();
      const confirm = page.getByRole("alertdialog", { name: "Delete School Event" });
      await expect(confirm).toContainText("Delete “Field trip” from every student's calendar? This cannot be undone.");
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await expect(confirm).toBeHidden();
      await expect(item).toBeVisible();
      expect(await e2eDb().selectFrom("school_events").select("id").execute()).toHaveLength(1);

      await item.getByRole("button", { name: "Delete Field trip" }).click();
      await confirm.getByRole("button", { name: "Delete" }).click();
      await expect(toast(page, "Event Deleted", "Event Deleted")).toBeVisible();
      await expect(item).toHaveCount(0);
      expect(await e2eDb().selectFrom("school_events").select("id").execute()).toHaveLength(0);
    });

    await test.step("a student's B day: the third and fourth periods' classes at the morning's times", async () => {
      const student = await seedUser({ firstName: "Noa", lastName: "Kim", userClasses: ["Mathematics", "Science", "History", "Art"] });
      const studentPage = await freshPage(browser);
      await at(studentPage, `${B_DAY}T07:30`);
      await signIn(studentPage, student);
      await studentPage.goto("/");
      const schedule = studentPage.getByRole("region", { name: "Today's Schedule" });
      await expect(schedule.getByRole("listitem").filter({ hasText: "History" })).toContainText("7:45 AM");
      await expect(schedule.getByRole("listitem").filter({ hasText: "4th period" })).toContainText(/9:25 AM.*Art/);
      await expect(schedule.getByRole("listitem").filter({ hasText: "Mathematics" })).toHaveCount(0);
      await studentPage.context().close();
    });
  });

  test("an announcement to students with devices: the progress line moves live to every device sent", async ({ page, browser }) => {
    test.slow();
    // The total counts every subscribed device: ones left by other files' students are taken away,
    // so this test's three are the only ones.
    await e2eDb().deleteFrom("push_subscriptions").execute();
    const devices = [];
    for (const firstName of ["Ivy", "Omar", "Priya"]) {
      const student = await seedUser({ firstName, lastName: "Student" });
      const studentPage = await freshPage(browser);
      await signIn(studentPage, student);
      devices.push(await subscribeDeviceThrough(studentPage));
      await studentPage.context().close();
    }
    // The push service takes the pushes but does not answer yet: the page shows them on their way.
    for (const device of devices) await holdPushes(device.id);

    const admin = await seedUser({ firstName: "Rosa", lastName: "Diaz", isAdmin: true });
    await signIn(page, admin);
    await page.goto("/admin/school");
    await page.getByLabel("Admin Passcode").fill(PASSCODE);
    await page.getByRole("button", { name: "Unlock Admin Panel" }).click();
    const section = page.getByRole("region", { name: "Announcements" });
    await section.getByLabel("Title").fill("Early dismissal today");
    await section.getByLabel("Message").fill("School ends at 12:30.");
    await section.getByRole("combobox", { name: "Send to" }).click();
    await page.getByRole("option", { name: "Students" }).click();
    await section.getByRole("button", { name: "Send Announcement" }).click();
    await expect(toast(page, "Announcement Sent", "Announcement Sent")).toBeVisible();

    const status = section.getByRole("status");
    await expect(status).toHaveText("Early dismissal today: Sent to 0 of 3 devices, 3 still sending");
    // Answered now (a push reaching the service after this is answered at once).
    for (const device of devices) await releasePushes(device.id);
    await expect(status).toHaveText("Early dismissal today: Sent to 3 of 3 devices");

    // Each device got it once.
    const received = (await receivedPushes()).filter((push) => (push.payload as { title: string }).title === "Early dismissal today");
    expect(received.map((push) => push.device).sort()).toEqual(devices.map((d) => d.id).sort());
    await expect(section.getByRole("list", { name: "Recent Announcements" }).getByRole("listitem").first()).toContainText(
      "Sent to 3 of 3 devices",
    );
    const rows = await e2eDb().selectFrom("announcement_deliveries").select("status").execute();
    expect(rows.map((row) => row.status)).toEqual(["sent", "sent", "sent"]);
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
    // The per-day parts too, once there is a rotation: switches, tables and the copy in Spanish.
    const bells = page.getByRole("region", { name: "Horario de timbres" });
    await bells.getByLabel("Días de la rotación, separados por comas (A, B)").fill("A, B");
    await bells.getByRole("switch", { name: "Horarios distintos en cada día de la rotación" }).click();
    await bells.getByRole("switch", { name: "Periodos distintos en cada día de la rotación" }).click();
    await expect(bells.getByRole("button", { name: "Copiar el horario del día A al día B" })).toBeVisible();
    await expect(bells.getByLabel("Inicio del periodo 1, día de rotación B")).toHaveValue("08:00");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectSpanish(page, "/admin/school");
  });
});
