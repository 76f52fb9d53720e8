import { e2eDb, expect, seedUser, signIn, test } from "./fixtures";
import { expectSpanish } from "./spanish";
import { storedTasks } from "./task-helpers";

/**
 * Quick add (issue 40, decision 118) on a phone: one field on Home and Tasks that reads a due date,
 * a time, a priority and a class from plain words, shows them as chips before saving, and saves on
 * Enter; the chips follow the words' order. The clock is frozen: Monday, November 30, 2026, 10:00 AM at the school (New York).
 */
test.use({ viewport: { width: 375, height: 740 } });

const MONDAY_10_AM = new Date("2026-11-30T10:00:00-05:00");

test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(MONDAY_10_AM);
});

test("'chem lab report thu 8am !high' becomes the task, with its class, due Thursday 8:00 AM, high priority, in one step", async ({
  signedInPage: page,
  user,
}) => {
  await page.goto("/");
  const field = page.getByRole("textbox", { name: "Quick add" });
  await expect(field).toHaveAttribute("placeholder", "Add a task… e.g. bio essay fri 3pm !high");
  await field.fill("chem lab report thu 8am !high");
  const understood = page.getByRole("list", { name: "Understood" });
  await expect(understood.getByRole("listitem")).toHaveText(["Chemistry", "Thu, Dec 3, 2026", "8:00 AM", "Priority: High"], {
    useInnerText: true,
  });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await field.press("Enter");

  await expect(field).toHaveValue("");
  await expect(page.getByRole("checkbox", { name: "Mark lab report as completed" })).toBeVisible();
  await expect
    .poll(async () => (await storedTasks(user)).map((t) => [t.title, t.subject, t.due_date, t.due_time, t.priority]))
    .toEqual([["lab report", "Chemistry", "2026-12-03", "08:00", "high"]]);
});

test("a chip removed puts its words back in the title: nothing is guessed silently", async ({ signedInPage: page, user }) => {
  await page.goto("/");
  const field = page.getByRole("textbox", { name: "Quick add" });
  await field.fill("read act 2 tomorrow !low");
  const understood = page.getByRole("list", { name: "Understood" });
  await expect(understood.getByRole("listitem")).toHaveText(["Tue, Dec 1, 2026", "Priority: Low"], { useInnerText: true });
  await understood.getByRole("button", { name: "Remove Tue, Dec 1, 2026" }).click();
  await expect(understood.getByRole("listitem")).toHaveText(["Priority: Low"], { useInnerText: true });
  // The focus is back in the field: Enter saves.
  await expect(field).toBeFocused();
  await page.keyboard.press("Enter");
  await expect
    .poll(async () => (await storedTasks(user)).map((t) => [t.title, t.due_date, t.priority]))
    .toEqual([["read act 2 tomorrow", null, "low"]]);
  // A chip removed counts for those words only: the field emptied, the next words are read afresh.
  await field.fill("poster tomorrow");
  await understood.getByRole("button", { name: "Remove Tue, Dec 1, 2026" }).click();
  await expect(understood).toHaveCount(0);
  await field.fill("");
  await field.fill("poster tomorrow");
  await expect(understood.getByRole("listitem")).toHaveText(["Tue, Dec 1, 2026"], { useInnerText: true });
});

test("words that leave no title are not saved: the field says a title is needed", async ({ signedInPage: page, user }) => {
  await page.goto("/");
  const field = page.getByRole("textbox", { name: "Quick add" });
  await field.fill("fri 3pm");
  await field.press("Enter");
  await expect(page.getByRole("alert")).toHaveText("Title is required");
  await expect(field).toHaveAccessibleDescription("Title is required");
  await expect(field).toHaveValue("fri 3pm");
  expect(await storedTasks(user)).toEqual([]);
});

test("the n key opens quick add from anywhere: from the Calendar, the Tasks tab's field takes the focus", async ({
  signedInPage: page,
  user,
}) => {
  await page.goto("/#calendar");
  const sections = page.getByRole("tablist", { name: "Dashboard sections" });
  await expect(sections.getByRole("tab", { name: "Calendar", selected: true })).toBeVisible();
  await page.keyboard.press("n");
  const field = page.getByRole("textbox", { name: "Quick add" });
  await expect(field).toBeFocused();
  await expect(sections.getByRole("tab", { name: "Tasks", selected: true })).toBeVisible();
  await page.keyboard.type("bio essay fri 3pm");
  await expect(page.getByRole("list", { name: "Understood" }).getByRole("listitem")).toHaveText(
    ["Biology", "Fri, Dec 4, 2026", "3:00 PM"],
    { useInnerText: true },
  );
  await page.keyboard.press("Enter");
  await expect
    .poll(async () => (await storedTasks(user)).map((t) => [t.title, t.subject, t.due_date, t.due_time]))
    .toEqual([["essay", "Biology", "2026-12-04", "15:00"]]);
});

test("shared from another app (the manifest's share target), the title and the link open in quick add", async ({
  signedInPage: page,
  user,
}) => {
  await page.goto(
    `/?share_title=${encodeURIComponent("Essay: The Great Gatsby")}&share_url=${encodeURIComponent("https://lms.example/a/12")}`,
  );
  const field = page.getByRole("textbox", { name: "Quick add" });
  await expect(field).toHaveValue("Essay: The Great Gatsby");
  await expect(field).toBeFocused();
  await expect(page.getByRole("list", { name: "Understood" }).getByRole("listitem")).toHaveText(["Description: https://lms.example/a/12"], {
    useInnerText: true,
  });
  // The address forgets the share: a reload does not share again.
  expect(new URL(page.url()).search).toBe("");
  await field.press("Enter");
  await expect
    .poll(async () => (await storedTasks(user)).map((t) => [t.title, t.description]))
    .toEqual([["Essay: The Great Gatsby", "https://lms.example/a/12"]]);
});

test("in Spanish: 'ensayo bio viernes 15:00 !alta' reads as Friday 3 PM, high priority, Biology", async ({ page }) => {
  const student = await seedUser({ firstName: "Lucía", lastName: "Gómez" });
  await e2eDb().updateTable("users").set({ locale: "es" }).where("id", "=", student.id).execute();
  await signIn(page, student);
  await page.goto("/");
  const field = page.getByRole("textbox", { name: "Tarea rápida" });
  await expect(field).toHaveAttribute("placeholder", "Agrega una tarea… p. ej. ensayo bio viernes 15:00 !alta");
  await field.fill("ensayo bio viernes 15:00 !alta");
  const understood = page.getByRole("list", { name: "Entendido" });
  await expect(understood.getByRole("listitem")).toHaveCount(4);
  await expect(understood.getByRole("button", { name: /^Quitar / })).toHaveCount(4);
  await expectSpanish(page, "quick add", ["ensayo bio viernes 15:00 !alta"]);
  await field.press("Enter");
  await expect
    .poll(async () => (await storedTasks(student)).map((t) => [t.title, t.subject, t.due_date, t.due_time, t.priority]))
    .toEqual([["ensayo", "Biology", "2026-12-04", "15:00", "high"]]);
});
