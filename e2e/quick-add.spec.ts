import type { Locator } from "@playwright/test";
import { e2eDb, expect, seedUser, serverNoticesOutsideWrite, signIn, test } from "./fixtures";
import { storedTasks } from "./task-helpers";

/**
 * Quick add (issue 40, decision 118) on a phone: one field on Home and Tasks that reads a due date,
 * a time, a priority and a class from plain words, shows them as chips before saving, and saves on
 * Enter; the chips follow the words' order. One journey, on a phone's width against the real server;
 * the chips, the refusal, the n key, a share and the Spanish words are component tests
 * (client/features/tasks/components/quick-add-field.test.tsx, docs/decisions/120). The clock is frozen: Monday, November 30, 2026, 10:00 AM at the school (New York).
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
  await expect(field).toHaveAttribute("placeholder", "e.g. bio essay fri 3pm high");
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

/** How wide the field's placeholder is drawn in its own font, and the room its box leaves for text (px). */
function placeholderRoom(field: Locator): Promise<{ text: number; room: number }> {
  return field.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement("canvas").getContext("2d")!;
    context.font = style.font;
    const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
    return { text: context.measureText(input.placeholder).width, room: input.clientWidth - padding };
  });
}

test("the example hint is read whole in a 375 px field, in English and in Spanish (issue 49)", async ({ page, user }) => {
  await signIn(page, user);
  await page.goto("/");
  const field = page.getByRole("textbox", { name: "Quick add" });
  const english = await placeholderRoom(field);
  expect(english.text, `"${await field.getAttribute("placeholder")}" in ${english.room} px`).toBeLessThanOrEqual(english.room);

  const estudiante = await seedUser({ firstName: "Lucía" });
  await e2eDb().updateTable("users").set({ locale: "es" }).where("id", "=", estudiante.id).execute();
  await serverNoticesOutsideWrite();
  await page.context().clearCookies();
  await signIn(page, estudiante);
  await page.goto("/");
  const campo = page.getByRole("textbox", { name: "Tarea rápida" });
  const spanish = await placeholderRoom(campo);
  expect(spanish.text, `"${await campo.getAttribute("placeholder")}" in ${spanish.room} px`).toBeLessThanOrEqual(spanish.room);
});
