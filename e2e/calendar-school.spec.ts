import { type APIRequestContext, type Page, request as apiRequest } from "@playwright/test";
import { createSchoolRepository, SCHOOL_SCHEDULE_SETTING } from "../server/repositories/school";
import { expectNoAxeViolations } from "./axe";
import { e2eDb, expect, seedUser, test } from "./fixtures";
import { WIDTHS } from "./spanish";

/**
 * The school's day on the Calendar tab (issue 36, decision 112): staff publish a schedule with a day
 * off, a 2-hour delay alternate and school events through the API; a student who follows the
 * school's schedule sees the day off and the events (a School mark, each day of a multi-day one) in
 * the month grid, the day's detail (read-only) and Next 5 Days, published through the real API,
 * at a phone's width, clean for axe. What each state reads (the bell schedule named, another
 * month's read, the Spanish words) is the component tests' (client/features/calendar/components/
 * calendar-school-days.test.tsx, docs/decisions/120).
 */

/** The passcode the browser suite's server runs with (playwright.config.ts). */
const PASSCODE = "K7QM";

/** Monday, Dec 7, 2026, 8:00 in the school's zone: the student's "today". */
const TODAY = "2026-12-07";
const CONCERT_DAY = "2026-12-08";
const DAY_OFF = "2026-12-09";
const DELAY_DAY = "2026-12-10";

type Words = { concert: string; dayOff: string; delay: string; delayEvent: string; fair: string };
const ENGLISH: Words = {
  concert: "Winter concert",
  dayOff: "Teacher Workday",
  delay: "2-Hour Delay",
  delayEvent: "Snow: buses late",
  fair: "Book fair",
};

/** An unlocked admin's API session, signed in with a password, passcode given, as the admin page would be. */
async function staffSession(): Promise<{ api: APIRequestContext; headers: Record<string, string> }> {
  const admin = await seedUser({ firstName: "Rosa", lastName: "Diaz", isAdmin: true });
  const api = await apiRequest.newContext({ baseURL: test.info().project.use.baseURL });
  expect((await api.post("/api/login", { data: { email: admin.email, password: admin.password } })).status()).toBe(200);
  const csrf = async () => ({ "X-CSRF-Token": ((await (await api.get("/api/csrf-token")).json()) as { csrfToken: string }).csrfToken });
  expect((await api.post("/api/admin/login", { headers: await csrf(), data: { passcode: PASSCODE } })).status()).toBe(200);
  // The passcode's step-up gives the session a new id, and its token with it.
  return { api, headers: await csrf() };
}

/** Staff publish the school's schedule (a day off, a delay alternate) and three events through the API. */
async function publishSchool(words: Words) {
  const { api, headers } = await staffSession();
  const schedule = await api.put("/api/admin/school/schedule", {
    headers,
    data: {
      bellTimes: [{ period: 1, start: "07:45", end: "09:15" }],
      schoolDays: ["monday", "tuesday", "wednesday", "thursday", "friday"],
      rotation: null,
      daysOff: [{ from: DAY_OFF, to: DAY_OFF, label: words.dayOff }],
      alternates: [{ id: "delay", name: words.delay, bellTimes: [{ period: 1, start: "09:45", end: "11:15" }] }],
    },
  });
  expect(schedule.status()).toBe(200);
  for (const event of [
    { title: words.concert, date: CONCERT_DAY, time: "18:00", eventType: "custom" },
    { title: words.delayEvent, date: DELAY_DAY, eventType: "delay", alternateId: "delay" },
    { title: words.fair, date: DELAY_DAY, endDate: "2026-12-11", eventType: "custom" },
  ]) {
    const created = await api.post("/api/admin/school/events", { headers, data: event });
    expect(created.status(), await created.text()).toBe(201);
  }
  await api.dispose();
}

async function at(page: Page, local: string) {
  await page.clock.setFixedTime(new Date(`${local}-05:00`));
}

async function openCalendar(page: Page) {
  await page.goto("/#calendar");
  await expect(page.getByRole("heading", { level: 2, name: "Calendar" })).toBeVisible();
  await expect(page.getByRole("grid")).toBeVisible();
}

const cell = (page: Page, date: string) => page.locator(`[role="gridcell"][data-date="${date}"]`);

// The school's state is app-wide: taken away after each test, so the rest of the suite has none.
test.afterEach(async () => {
  const db = e2eDb();
  await db.deleteFrom("school_events").execute();
  await db.deleteFrom("app_settings").where("key", "=", SCHOOL_SCHEDULE_SETTING).execute();
  await createSchoolRepository(db).bumpVersion();
});

const size = WIDTHS.find((width) => width.name === "phone")!;

test.describe(`at ${size.width} px`, () => {
  test.use({ viewport: { width: size.width, height: size.height }, timezoneId: "America/New_York" });

  test("the school's day off and events show in the grid, the day's detail and Next 5 Days", async ({ signedInPage: page }) => {
    await publishSchool(ENGLISH);
    await at(page, `${TODAY}T08:00`);
    const agendaReads: string[] = [];
    page.on("request", (r) => {
      const url = new URL(r.url());
      if (url.pathname === "/api/user/agenda") agendaReads.push(`${url.searchParams.get("from")}..${url.searchParams.get("to")}`);
    });
    await openCalendar(page);

    await test.step("the grid: the day off marked, the events with their school mark, a two-day fair on both days", async () => {
      await expect(cell(page, DAY_OFF)).toHaveAccessibleName(/^Wednesday, December 9, 2026 \(Teacher Workday\), No items$/);
      // The phone's narrow cell: a marker, named by its title, for the day off.
      await expect(cell(page, DAY_OFF).getByTestId("day-off-marker")).toHaveAttribute("title", "Teacher Workday");
      await expect(cell(page, CONCERT_DAY)).toHaveAccessibleName(/1 item: Winter concert \(school event\)$/);
      await expect(cell(page, CONCERT_DAY).locator("[data-school]")).toHaveText("Winter concert");
      await expect(cell(page, DELAY_DAY)).toHaveAccessibleName(/Book fair \(school event\)/);
      await expect(cell(page, "2026-12-11")).toHaveAccessibleName(/1 item: Book fair \(school event\)$/);
      // One read for the shown weeks (Nov 29 to Jan 2), which also serves Next 5 Days.
      expect(agendaReads).toEqual(["2026-11-29..2027-01-02"]);
    });

    await test.step("Next 5 Days: the events with their School badge and the day off", async () => {
      const card = page.getByRole("region", { name: "Next 5 Days" });
      const concert = card.getByRole("listitem").filter({ hasText: "Winter concert" });
      await expect(concert).toContainText("6:00 PM");
      await expect(concert).toContainText("School");
      await expect(card.getByRole("listitem").filter({ hasText: "Teacher Workday" })).toContainText("Day Off");
      await expect(card.getByRole("listitem").filter({ hasText: "Snow: buses late" })).toContainText("School");
      await expectNoAxeViolations(page, `the calendar with the school's day (${size.name})`);
    });

    await test.step("the day's detail: the event read-only with its School badge; the delay day's bell schedule; the day off", async () => {
      await cell(page, CONCERT_DAY).click();
      let dialog = page.getByRole("dialog", { name: "December 8, 2026" });
      const concert = dialog.getByRole("listitem").filter({ hasText: "Winter concert" });
      await expect(concert).toContainText("6:00 PM");
      await expect(concert).toContainText("Custom Event");
      await expect(concert).toContainText("School");
      await expect(dialog.getByRole("button", { name: /Winter concert/ })).toHaveCount(0);
      await expectNoAxeViolations(page, `a day with a school event (${size.name})`);
      await dialog.getByRole("button", { name: "Close" }).click();

      await cell(page, DELAY_DAY).click();
      dialog = page.getByRole("dialog", { name: "December 10, 2026" });
      await expect(dialog.getByText("Thursday · 2-Hour Delay schedule · 2 items", { exact: true })).toBeVisible();
      await expect(dialog.getByRole("listitem").first()).toContainText("Snow: buses late");
      await dialog.getByRole("button", { name: "Close" }).click();

      await cell(page, DAY_OFF).click();
      dialog = page.getByRole("dialog", { name: "December 9, 2026" });
      await expect(dialog.getByText("Wednesday · No school: Teacher Workday · No items", { exact: true })).toBeVisible();
      await dialog.getByRole("button", { name: "Close" }).click();
    });
  });
});
