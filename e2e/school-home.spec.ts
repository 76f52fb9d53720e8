import type { Page, Route } from "@playwright/test";
import { e2eDb, expect, seedUser, serverNoticesOutsideWrite, signIn, test } from "./fixtures";
import { createSchoolRepository, SCHOOL_SCHEDULE_SETTING } from "../server/repositories/school";
import { expectSpanish } from "./spanish";

/**
 * The school's day on a student's Home (issue 36, decision 112): Today's Schedule from GET
 * /api/user/agenda (stubbed here with the route's own shape: the server's agenda has its own API
 * tests) on a 2-hour delay day, the school's events with their School badge, and the "From your
 * school" card from GET /api/school/announcements, dismissed on this device.
 */

type AgendaDay = {
  date: string;
  schoolDay: boolean;
  offLabel: string | null;
  rotationDay: string | null;
  bellSchedule: { id: string; name: string } | null;
  classes: { period: number; name: string; start: string | null; end: string | null }[];
  schoolEvents: { id: number; title: string; time: string | null; eventType: string }[];
};

const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

const ENGLISH = {
  delay: "2-Hour Delay",
  notice: "Snow: buses two hours late",
  concert: "Winter concert",
  first: "Mathematics",
  second: "Science",
};
const SPANISH = {
  delay: "Retraso de 2 horas",
  notice: "Nieve: autobuses dos horas tarde",
  concert: "Concierto de invierno",
  first: "Álgebra",
  second: "Biología",
};

/** Monday, Dec 7, 2026: a 2-hour delay, on the school's alternate bell schedule. */
const DELAY_DAY = "2026-12-07";

/**
 * The agenda the server would answer for a student on the school's A/B schedule: the usual day
 * 7:45 to 9:15 and 9:25 to 10:55; the delay day 9:45 to 10:25 and 10:35 to 11:15 with the
 * alternate's name, a delay event and a concert in the evening.
 */
function agendaFor(from: string, to: string, names: typeof ENGLISH): AgendaDay[] {
  const days: AgendaDay[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    const schoolDay = weekday >= 1 && weekday <= 5;
    const delay = date === DELAY_DAY;
    days.push({
      date,
      schoolDay,
      offLabel: null,
      rotationDay: schoolDay ? "A" : null,
      bellSchedule: delay ? { id: "delay", name: names.delay } : null,
      classes: !schoolDay
        ? []
        : delay
          ? [
              { period: 1, name: names.first, start: "09:45", end: "10:25" },
              { period: 2, name: names.second, start: "10:35", end: "11:15" },
            ]
          : [
              { period: 1, name: names.first, start: "07:45", end: "09:15" },
              { period: 2, name: names.second, start: "09:25", end: "10:55" },
            ],
      schoolEvents: delay
        ? [
            { id: 7, title: names.notice, time: null, eventType: "delay" },
            { id: 8, title: names.concert, time: "18:00", eventType: "other" },
          ]
        : [],
    });
  }
  return days;
}

async function stubAgenda(page: Page, names: typeof ENGLISH) {
  await page.route("**/api/user/agenda?*", (route: Route) => {
    const url = new URL(route.request().url());
    return route.fulfill({ json: agendaFor(url.searchParams.get("from")!, url.searchParams.get("to")!, names) });
  });
}

/** Two days before the delay, and ten (past the card's week). */
const ANNOUNCEMENTS = [
  { id: 21, title: "Snow day plan", body: "If it snows, watch this space.", createdAt: "2026-12-05T14:00:00Z" },
  { id: 20, title: "Picture day", body: "Smile!", createdAt: "2026-11-27T14:00:00Z" },
];

async function stubAnnouncements(page: Page, answer: { status: number; json: unknown }) {
  await page.route("**/api/school/announcements", (route) => route.fulfill(answer));
}

async function at(page: Page, local: string) {
  await page.clock.setFixedTime(new Date(`${local}-05:00`));
}

const todaysSchedule = (page: Page) => page.getByRole("region", { name: "Today's Schedule" });
const fromYourSchool = (page: Page) => page.getByRole("region", { name: "From your school" });

test.describe("Home on the school's schedule", () => {
  test("a delay day: the alternate's name and times, Now/Next, and the school's events with their School badge", async ({
    signedInPage: page,
  }) => {
    await stubAgenda(page, ENGLISH);
    await stubAnnouncements(page, { status: 404, json: { message: "Not found", code: "server.not_found" } });
    await at(page, `${DELAY_DAY}T09:50`);
    await page.goto("/");
    const schedule = todaysSchedule(page);
    await expect(schedule.getByText("A day · 2-Hour Delay schedule", { exact: true })).toBeVisible();
    const math = schedule.getByRole("listitem").filter({ hasText: "Mathematics" });
    await expect(math).toContainText("9:45 AM");
    await expect(math).toContainText("Now · 35 min left");
    await expect(schedule.getByRole("listitem").filter({ hasText: "Science" })).toContainText("Next");
    // The delay leads the day; the concert takes its place by the clock, after the classes.
    const items = schedule.getByRole("listitem");
    await expect(items.first()).toContainText("Snow: buses two hours late");
    await expect(items.first()).toContainText("School");
    await expect(items.last()).toContainText("Winter concert");
    await expect(items.last()).toContainText("6:00 PM");
    await expect(items.last()).toContainText("School");
    // No announcements route (404): no card.
    await expect(fromYourSchool(page)).toHaveCount(0);
  });

  test("the usual day names no bell schedule", async ({ signedInPage: page }) => {
    await stubAgenda(page, ENGLISH);
    await at(page, "2026-12-08T08:00");
    await page.goto("/");
    const schedule = todaysSchedule(page);
    await expect(schedule.getByText("A day", { exact: true })).toBeVisible();
    await expect(schedule.getByRole("listitem").filter({ hasText: "Mathematics" })).toContainText("7:45 AM");
    await expect(schedule.getByText(/schedule$/)).toHaveCount(0);
  });

  test("“From your school” lists the week's announcements; one dismissed stays dismissed on this device", async ({
    signedInPage: page,
  }) => {
    await stubAgenda(page, ENGLISH);
    await stubAnnouncements(page, { status: 200, json: ANNOUNCEMENTS });
    await at(page, `${DELAY_DAY}T09:50`);
    await page.goto("/");
    const card = fromYourSchool(page);
    await expect(card).toContainText("Snow day plan");
    await expect(card).toContainText("If it snows, watch this space.");
    await expect(card).not.toContainText("Picture day");
    await card.getByRole("button", { name: "Dismiss “Snow day plan”" }).click();
    await expect(fromYourSchool(page)).toHaveCount(0);
    await page.reload();
    await expect(todaysSchedule(page).getByText("A day · 2-Hour Delay schedule")).toBeVisible();
    await expect(fromYourSchool(page)).toHaveCount(0);
  });
});

test.describe("in Spanish on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the delay day, the School badge and the card read in Spanish and fit", async ({ page }) => {
    const user = await seedUser({ firstName: "Lucía", lastName: "Gómez", userClasses: ["Álgebra", "Biología"] });
    await e2eDb().updateTable("users").set({ locale: "es" }).where("id", "=", user.id).execute();
    await serverNoticesOutsideWrite();
    await stubAgenda(page, SPANISH);
    await stubAnnouncements(page, {
      status: 200,
      json: [{ id: 30, title: "Plan para la nieve", body: "Mira aquí si nieva.", createdAt: "2026-12-06T14:00:00Z" }],
    });
    await at(page, `${DELAY_DAY}T09:50`);
    await signIn(page, user);
    await page.goto("/");
    const schedule = page.getByRole("region", { name: "Horario de hoy" });
    await expect(schedule.getByText("Día A · Horario de timbres: Retraso de 2 horas", { exact: true })).toBeVisible();
    await expect(schedule.getByRole("listitem").filter({ hasText: "Concierto de invierno" })).toContainText("Escuela");
    const card = page.getByRole("region", { name: "De tu escuela" });
    await expect(card).toContainText("Plan para la nieve");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectSpanish(page, "Home on a delay day");
    await card.getByRole("button", { name: "Descartar «Plan para la nieve»" }).click();
    await expect(card).toHaveCount(0);
  });
});

test.describe("Settings → School Day: whose school day", () => {
  const PUBLISHED = {
    bellTimes: [{ period: 1, start: "07:45", end: "09:15" }],
    schoolDays: ["monday", "tuesday", "wednesday", "thursday", "friday"],
    rotation: null,
    daysOff: [],
  };

  async function openSchoolDay(page: Page) {
    await page.goto("/");
    await page.getByRole("complementary", { name: "Sidebar" }).getByRole("button", { name: "Settings" }).click();
    await page.getByRole("dialog", { name: "Settings" }).getByRole("button", { name: "School Day" }).click();
    const step = page.getByRole("dialog", { name: "School Day" });
    await expect(step.getByRole("button", { name: "Save School Day" })).toBeVisible();
    return step;
  }

  test("with a published school schedule: the choice, saved; the own fields only for “My own school day”", async ({
    signedInPage: page,
    user,
  }) => {
    await page.route("**/api/school/schedule", (route) => route.fulfill({ json: PUBLISHED }));
    const step = await openSchoolDay(page);
    const choice = step.getByRole("group", { name: "Which school day to follow" });
    // A student with no school day of their own, on a server that has published none itself: "mine" as resolved.
    await expect(choice.getByRole("radio", { name: "My own school day" })).toBeChecked();
    await expect(step.getByRole("button", { name: "Fill Bell Times" })).toBeVisible();
    await choice.getByRole("radio", { name: "My school's schedule" }).check();
    await expect(step.getByRole("button", { name: "Fill Bell Times" })).toHaveCount(0);
    const saved = page.waitForRequest((r) => r.method() === "PUT" && new URL(r.url()).pathname === "/api/user/preferences");
    const ownSaved: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "PUT" && new URL(r.url()).pathname === "/api/user/schedule") ownSaved.push(r.url());
    });
    await step.getByRole("button", { name: "Save School Day" }).click();
    expect((await saved).postDataJSON()).toEqual({ scheduleSource: "school" });
    await expect(step).toHaveCount(0);
    const row = await e2eDb().selectFrom("users").select("schedule_source").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(row.schedule_source).toBe("school");
    expect(ownSaved).toEqual([]);
    // Opened again, the choice is as saved.
    const again = await openSchoolDay(page);
    await expect(again.getByRole("radio", { name: "My school's schedule" })).toBeChecked();
  });

  test("until the school publishes (404), no choice is offered", async ({ signedInPage: page }) => {
    const step = await openSchoolDay(page);
    await expect(step.getByRole("button", { name: "Fill Bell Times" })).toBeVisible();
    await expect(step.getByRole("group", { name: "Which school day to follow" })).toHaveCount(0);
  });
});

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
