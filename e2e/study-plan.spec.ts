import type { Page } from "@playwright/test";
import { e2eDb, expect, seedUser, signIn, test, type SeededUser } from "./fixtures";
import { expectNoAxeViolations } from "./axe";
import { expectSpanish } from "./spanish";
import { schoolDate, seedTasks } from "./task-helpers";

/**
 * The study plan at 375 px (issue 51), in English and Spanish, against the real server and its
 * clock: Home's Tonight card, its honest line, the study plan's week (/plan) and what does not fit, and
 * the focus timer (/focus) started from a block, through a reload, to the minutes on the task. The
 * placement rules themselves are core/study-plan.test.ts's and the endpoint's server/routes'.
 */

/** A student who can study all day every day, 2 hours at most a day, with work that cannot all fit. */
async function studentWithWork(locale: "en" | "es"): Promise<SeededUser> {
  const user = await seedUser({ firstName: locale === "es" ? "Lucía" : "Maya" });
  const allDay = [{ start: "00:00", end: "23:59" }];
  const studyWindows = Object.fromEntries(
    ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"].map((d) => [d, allDay]),
  );
  await e2eDb()
    .updateTable("users")
    .set({ locale, study_preferences: JSON.stringify({ studyWindows, dailyStudyLimitMinutes: 120, maxBlockMinutes: 60 }) })
    .where("id", "=", user.id)
    .execute();
  // Ten hours due today cannot fit two a day; the essay, due in three days, still can.
  const [project, essay] = await seedTasks(user, [
    { title: "Science fair project", dueDate: schoolDate(0) },
    { title: "History essay", dueDate: schoolDate(3) },
  ]);
  await e2eDb().updateTable("tasks").set({ estimate_minutes: 600 }).where("id", "=", project!).execute();
  await e2eDb().updateTable("tasks").set({ estimate_minutes: 90 }).where("id", "=", essay!).execute();
  return user;
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

test.describe("the study plan at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("Home's Tonight card says what does not fit and leads to the study plan's week", async ({ page }) => {
    await signIn(page, await studentWithWork("en"));
    await page.goto("/");
    const tonight = page.getByRole("region", { name: "Tonight" });
    await expect(tonight).toBeVisible();
    await expect(tonight.getByText(/needs .*; you have .* free before then\./)).toBeVisible();
    // Tonight's blocks are in Today's Schedule too, faintly (dashed, unfilled) but readable.
    await expect(page.getByRole("list", { name: "Today's schedule" }).getByText("Study block").first()).toBeVisible();
    await noSidewaysScroll(page);
    await expectNoAxeViolations(page, "Home with the Tonight card and study blocks in Today's Schedule");

    await tonight.getByRole("button", { name: "See the plan" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Study plan" })).toBeVisible();
    await expect(page).toHaveURL(/\/plan$/);
    const unplaced = page.getByRole("region", { name: "Does not fit" });
    await expect(unplaced).toContainText("Science fair project");
    await expect(unplaced).toContainText("short");
    // The essay is planned on a day before it is due, in blocks of at most an hour.
    await expect(page.getByRole("list", { name: "This week" }).getByText("History essay").first()).toBeVisible();
    await expect(page.getByRole("region", { name: "Where the time went" })).toContainText("No focus time in these days yet.");
    await noSidewaysScroll(page);
    await expectNoAxeViolations(page, "the study plan's week");
  });

  test("a focus timer started from Home survives a reload, and stopping it lands the time on the task", async ({ page }) => {
    const student = await studentWithWork("en");
    await signIn(page, student);
    await page.goto("/");
    const tonight = page.getByRole("region", { name: "Tonight" });
    await tonight.getByRole("button", { name: "Start focus on Science fair project" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Focus timer" })).toBeVisible();
    await expect(page).toHaveURL(/\/focus$/);
    await expect(page.getByRole("timer")).toHaveText(/^2[45]:\d\d$/);
    await noSidewaysScroll(page);
    await expectNoAxeViolations(page, "the focus timer, running");

    // Twelve minutes pass (the timer is the clock's: it moves its start back), and the page reloads.
    await page.evaluate((key) => {
      const timer = JSON.parse(localStorage.getItem(key)!) as { runningSince: number };
      localStorage.setItem(key, JSON.stringify({ ...timer, runningSince: timer.runningSince - 12 * 60_000 }));
    }, `focus-timer-${student.id}`);
    await page.reload();
    await expect(page.getByRole("timer")).toHaveText(/^1[23]:\d\d$/);
    await expect(page).toHaveTitle(/^1[23]:\d\d · Focus · Student Hub$/);
    await page.getByRole("button", { name: "Stop" }).click();
    await expect(page.getByRole("button", { name: "Start focus" })).toBeVisible();

    // The session reached the server and its minutes the task; the plan's "where the time went" counts them.
    await expect
      .poll(
        async () =>
          (
            await e2eDb()
              .selectFrom("tasks")
              .select("spent_minutes")
              .where("title", "=", "Science fair project")
              .where("user_id", "=", student.id)
              .executeTakeFirst()
          )?.spent_minutes,
      )
      .toBe(12);
    await page.getByRole("link", { name: "Study plan" }).click();
    await expect(page.getByRole("region", { name: "Where the time went" })).toContainText("12 min of focus");
  });

  test("reads in Spanish, with no English on Home's card or the study plan", async ({ page }) => {
    await signIn(page, await studentWithWork("es"));
    await page.goto("/");
    const tonight = page.getByRole("region", { name: "Esta noche" });
    await expect(tonight).toBeVisible();
    await tonight.getByRole("button", { name: "Ver el plan" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Plan de estudio" })).toBeVisible();
    await expect(page.getByRole("region", { name: "No cabe" })).toContainText("Science fair project");
    await expect(page.getByRole("region", { name: "En qué se fue el tiempo" })).toBeVisible();
    await expectSpanish(page, "the study plan", ["Science fair project", "History essay", "Lucía", "Patel"]);
    await noSidewaysScroll(page);

    await page.getByRole("button", { name: "Empezar a concentrarme en Science fair project" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Temporizador de concentración" })).toBeVisible();
    await expect(page.getByText("Concentración", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Pausar" }).click();
    await expect(page.getByText("En pausa", { exact: true })).toBeVisible();
    await expectSpanish(page, "the focus timer", ["Science fair project", "Lucía", "Patel"]);
    await noSidewaysScroll(page);
  });
});

test.describe("the study plan on a 320 px phone", () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test("a long unbroken title wraps on Home, the plan and the focus timer instead of widening the page", async ({ page }) => {
    const user = await seedUser({ firstName: "Maya" });
    const allDay = [{ start: "00:00", end: "23:59" }];
    const studyWindows = Object.fromEntries(
      ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"].map((d) => [d, allDay]),
    );
    await e2eDb()
      .updateTable("users")
      .set({ study_preferences: JSON.stringify({ studyWindows, dailyStudyLimitMinutes: 120, maxBlockMinutes: 60 }) })
      .where("id", "=", user.id)
      .execute();
    const long = "Supercalifragilisticexpialidocious-vocabulary-list-for-English";
    await seedTasks(user, [{ title: long, subject: "Advanced Placement Environmental Science", dueDate: schoolDate(1) }]);
    await signIn(page, user);
    await page.goto("/");
    await expect(page.getByRole("region", { name: "Tonight" }).getByText(long, { exact: false })).toBeVisible();
    await expect(page.getByRole("list", { name: "Today's schedule" }).getByText(long)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

    await page.goto("/plan");
    await expect(page.getByRole("list", { name: "This week" }).getByText(long).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

    await page
      .getByRole("button", { name: `Start focus on ${long}` })
      .first()
      .click();
    await expect(page.getByRole("timer")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await page.getByRole("button", { name: "Stop" }).click();
    await page.getByRole("combobox", { name: "Working on" }).click();
    await page.getByRole("option", { name: new RegExp(long) }).click();
    await expect(page.getByRole("listbox")).toHaveCount(0);
    await expect(page.getByRole("combobox", { name: "Working on" })).toContainText(long);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
});
