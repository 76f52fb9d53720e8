import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { e2eDb, expect, seedUser, signIn, test } from "./fixtures";
import { expectSpanish } from "./spanish";

/**
 * The Grades view at 375 px (issue 53), in English and Spanish, against the real server: reached
 * from the phone's menu, a class's categories set, grades added, "What do I need?" asked, what-if
 * grades tried and left unsaved. The rules are core/grades.test.ts's; the API's server/routes/grades.test.ts.
 */

const CLASSES = ["Biology", "English", "History", "Art"];

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

/** A grade added through its dialog; `category` picked when the class has categories. */
async function addGrade(
  page: Page,
  words: { add: string; name: string; score: string; outOf: string; category: string; save: string },
  grade: { name: string; score: string; outOf: string; category?: string },
) {
  await page.getByRole("button", { name: words.add, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: words.add });
  await dialog.getByLabel(words.name).fill(grade.name);
  await dialog.getByLabel(words.score, { exact: true }).fill(grade.score);
  await dialog.getByLabel(words.outOf, { exact: true }).fill(grade.outOf);
  if (grade.category) {
    await dialog.getByRole("combobox", { name: words.category }).click();
    await page.getByRole("option", { name: grade.category }).click();
  }
  await dialog.getByRole("button", { name: words.save }).click();
  await expect(dialog).toBeHidden();
}

test.describe("Grades at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("sets a class's categories, adds grades, asks what the final needs and tries a what-if grade that is never saved", async ({
    page,
  }) => {
    const user = await seedUser({ userClasses: CLASSES });
    await signIn(page, user);
    await page.goto("/");
    await page.getByRole("button", { name: /^Open (the )?menu$/ }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Grades" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Grades" })).toBeVisible();
    await expect(page.getByText("Your GPA shows once a class has grades.")).toBeVisible();
    await page
      .getByRole("list", { name: "Grades" })
      .getByRole("button", { name: /Biology/ })
      .click();
    await expect(page.getByRole("heading", { level: 2, name: "Biology" })).toBeVisible();

    await page.getByRole("button", { name: "Level and categories" }).click();
    const settings = page.getByRole("dialog", { name: "Level and categories" });
    for (const [name, weight] of [
      ["Tests", "50"],
      ["Homework", "30"],
      ["Final", "20"],
    ] as const) {
      await settings.getByRole("button", { name: "Add category" }).click();
      await settings.getByPlaceholder("Category").last().fill(name);
      await settings.getByPlaceholder("Weight").last().fill(weight);
    }
    await settings.getByRole("combobox", { name: "Level" }).click();
    await page.getByRole("option", { name: "Honors" }).click();
    await settings.getByRole("button", { name: "Save" }).click();
    await expect(settings).toBeHidden();

    const words = { add: "Add grade", name: "Name", score: "Score", outOf: "Out of", category: "Category", save: "Save grade" };
    await addGrade(page, words, { name: "Unit test 1", score: "45", outOf: "50", category: "Tests" });
    await addGrade(page, words, { name: "Unit test 2", score: "38", outOf: "40", category: "Tests" });
    await addGrade(page, words, { name: "Worksheets", score: "18", outOf: "20", category: "Homework" });
    // Tests 92.22 %, Homework 90 %: (50 × 92.22 + 30 × 90) / 80.
    await expect(page.getByText("Class average: 91.39% · A · Honors")).toBeVisible();
    const need = page.locator("[data-slot=card]").filter({ has: page.getByRole("heading", { name: "What do I need?" }) });
    await expect(need.getByRole("status")).toHaveText("You need 84.42 / 100 on your next Final grade for an A.");
    await noSidewaysScroll(page);
    await expectNoAxeViolations(page, "a class's grades");

    const whatIf = page.locator("[data-slot=card]").filter({ has: page.getByRole("heading", { name: "What if?" }) });
    await whatIf.getByRole("combobox", { name: "Category" }).click();
    await page.getByRole("option", { name: "Final" }).click();
    await whatIf.getByLabel("Score", { exact: true }).fill("70");
    await whatIf.getByRole("button", { name: "Add a what-if grade" }).click();
    await expect(whatIf.getByRole("status")).toHaveText("With these: 87.11% · B");

    // Saved: the three grades, the honors level and the categories; the what-if grade is not.
    const rows = await e2eDb()
      .selectFrom("grade_items")
      .select(["name", "score", "out_of"])
      .where("user_id", "=", user.id)
      .orderBy("id")
      .execute();
    expect(rows.map((r) => [r.name, Number(r.score), Number(r.out_of)])).toEqual([
      ["Unit test 1", 45, 50],
      ["Unit test 2", 38, 40],
      ["Worksheets", 18, 20],
    ]);
    await page.getByRole("button", { name: "All grades" }).click();
    await expect(page.getByRole("list", { name: "Grades" }).getByRole("button", { name: /Biology/ })).toContainText("91.39% · A");
    // An A in an honors class: 4, weighted 4.5.
    await expect(page.getByText("4.5", { exact: true })).toBeVisible();
    await noSidewaysScroll(page);
  });

  test("reads in Spanish, numbers as Spanish writes them", async ({ page }) => {
    const user = await seedUser({ firstName: "Lucía", userClasses: CLASSES });
    await e2eDb().updateTable("users").set({ locale: "es" }).where("id", "=", user.id).execute();
    await signIn(page, user);
    await page.goto("/grades?class=English");
    await expect(page.getByRole("heading", { level: 2, name: "English" })).toBeVisible();
    const words = {
      add: "Agregar calificación",
      name: "Nombre",
      score: "Puntuación",
      outOf: "De",
      category: "Categoría",
      save: "Guardar calificación",
    };
    await addGrade(page, words, { name: "Ensayo", score: "17,5", outOf: "20" });
    await expect(page.getByText("Promedio de la clase: 87,5 % · B")).toBeVisible();
    const need = page.locator("[data-slot=card]").filter({ has: page.getByRole("heading", { name: "¿Qué necesito?" }) });
    // (17.5 + s) / 120 rounds to 90.00 from s = 90.50 (90.49 gives 89.99).
    await expect(need.getByRole("status")).toHaveText("Necesitas 90,5 / 100 en tu próxima calificación para una A.");
    await noSidewaysScroll(page);
    await expectSpanish(page, "a class's grades", ["Lucía", "English", "Ensayo", "Biology", "History", "Art", "GPA"]);
    await page.getByRole("button", { name: "Todas las calificaciones" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Calificaciones" })).toBeVisible();
    await expectSpanish(page, "the Grades view", ["Lucía", "English", "Biology", "History", "Art", "GPA"]);
  });
});
