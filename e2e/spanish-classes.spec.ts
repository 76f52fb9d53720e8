import type { Locator, Page } from "@playwright/test";
import { e2eDb, expect, type SeededUser, seedUser, serverNoticesOutsideWrite, signIn, test } from "./fixtures";
import { expectSpanish, WIDTHS } from "./spanish";
import { toast } from "./task-helpers";

/**
 * The class editor in Spanish (issue 34, decision 108): "Complete Your Setup" on a first visit with
 * every block, semester and lunch option, their reasons and the form's messages, the toast, and the
 * School Day step, at a phone's width with no English catalog text and axe clean. Edit Classes, the
 * School Day step's own messages and its load failure, and the words at a desktop's width, are
 * component tests (client/features/classes/components/class-editor-spanish.test.tsx, decision 120).
 */

const SPANISH_CLASSES = ["Álgebra", "Biología", "Química", "Literatura", "Historia", "Música", "Arte", "Física"];

/** A student whose account reads Spanish, signed in. */
async function spanishStudent(page: Page, userClasses: string[]): Promise<SeededUser> {
  const user = await seedUser({ firstName: "Lucía", lastName: "Gómez", userClasses });
  await e2eDb().updateTable("users").set({ locale: "es" }).where("id", "=", user.id).execute();
  await serverNoticesOutsideWrite();
  await signIn(page, user);
  return user;
}

async function storedClasses(user: SeededUser): Promise<string[]> {
  const row = await e2eDb().selectFrom("users").select("user_classes").where("id", "=", user.id).executeTakeFirstOrThrow();
  return JSON.parse(row.user_classes) as string[];
}

const period = (dialog: Locator, n: number) => dialog.getByRole("group", { name: `Periodo ${n}`, exact: true });
const className = (dialog: Locator, n: number) => period(dialog, n).getByRole("textbox", { name: "Nombre de la clase" });

/** A phone: the width where the longer Spanish words are tightest. */
const size = WIDTHS[0];

test.describe(`in Spanish at ${size.width} px`, () => {
  test("a first visit's “Complete Your Setup”: every option, its reasons, messages and toast, then the School Day step skipped", async ({
    page,
  }) => {
    const student = await spanishStudent(page, []);
    await page.setViewportSize(size);
    await page.goto("/");
    const dialog = page.getByRole("dialog", { name: "Completa tu configuración" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Agrega tus clases en orden de periodo, empezando por el 1.º periodo.");
    await expect(dialog.getByRole("group", { name: /^Periodo \d+$/ })).toHaveCount(8);
    await expectSpanish(page, `the first setup (${size.name})`);

    // Too few classes, then a duplicate: the form's messages.
    for (const [n, name] of Object.entries({ 1: "Álgebra", 2: "Biología", 3: "Química", 4: "Literatura", 5: "Historia" }))
      await className(dialog, Number(n)).fill(name);
    await dialog.getByRole("button", { name: "Guardar clases" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Agrega al menos 6 clases para crear tu horario");
    await className(dialog, 6).fill("álgebra ");
    await expect(dialog.getByRole("alert")).toHaveText("Quita los nombres de clase repetidos.");
    await expect(className(dialog, 6)).toHaveAttribute("aria-invalid", "true");
    await expectSpanish(page, `the first setup's messages (${size.name})`, SPANISH_CLASSES);
    await className(dialog, 6).fill("Música");

    // A semester pair, a half left unnamed.
    await period(dialog, 1).getByRole("switch", { name: "Semestre" }).click();
    await expect(period(dialog, 1).getByRole("textbox", { name: "Semestre 1" })).toHaveValue("Álgebra");
    await dialog.getByRole("button", { name: "Guardar clases" }).click();
    await expect(period(dialog, 1)).toContainText("Ponles nombre a los dos semestres o cambia este periodo a Todo el año.");
    await period(dialog, 1).getByRole("textbox", { name: "Semestre 2" }).fill("Geometría");

    // A block's suffix typed in a name, then a double block and the triple that cannot run past the end.
    await className(dialog, 7).fill("Arte (Double Block)");
    await expect(period(dialog, 7)).toContainText("Quita “(Double Block)” del nombre y usa los botones.");
    await className(dialog, 7).fill("Arte");
    await period(dialog, 7).getByRole("button", { name: "Bloque doble" }).click();
    await expect(period(dialog, 7).getByRole("button", { name: "Bloque doble" })).toHaveAttribute("aria-pressed", "true");
    await expect(period(dialog, 8)).toContainText("Periodo 8 ocupado por un bloque doble");
    await period(dialog, 7).getByRole("button", { name: "Bloque triple" }).click({ force: true });
    await expect(period(dialog, 7)).toContainText("Un bloque triple no puede pasar del último periodo.");
    await period(dialog, 2).getByRole("button", { name: "Bloque triple" }).click();
    await expect(period(dialog, 3)).toContainText("Periodo 3 ocupado por un bloque triple");
    await expect(period(dialog, 2).getByRole("button", { name: "Bloque triple" })).toHaveAttribute("aria-pressed", "true");
    await period(dialog, 2).getByRole("button", { name: "Bloque triple" }).click();

    // Lunch reads as Almuerzo; a period added and removed again.
    await period(dialog, 5).getByRole("button", { name: "Marcar como almuerzo" }).click();
    await expect(className(dialog, 5)).toHaveValue("Almuerzo");
    await dialog.getByRole("button", { name: "Agregar otra clase" }).click();
    await expect(period(dialog, 9).getByRole("button", { name: "Quitar el periodo 9" })).toBeVisible();
    await expectSpanish(page, `the first setup's options (${size.name})`, [...SPANISH_CLASSES, "Geometría", "Arte (Double Block)"]);
    await period(dialog, 9).getByRole("button", { name: "Quitar el periodo 9" }).click();

    await dialog.getByRole("button", { name: "Guardar clases" }).click();
    await expect(toast(page, "¡Listo!", "Tus clases se guardaron.")).toBeVisible();
    const step = page.getByRole("dialog", { name: "Jornada escolar" });
    await expect(step.getByLabel("1.º periodo · Álgebra / Geometría: inicio")).toBeVisible();
    await expect(step.getByLabel("5.º periodo · Almuerzo: inicio")).toBeVisible();
    await expect(step.getByLabel("7.º periodo · Arte: inicio")).toBeVisible();
    await expectSpanish(page, `the School Day step after the first setup (${size.name})`, [...SPANISH_CLASSES, "Geometría"]);
    await step.getByRole("button", { name: "Omitir" }).click();
    await expect(step).toBeHidden();
    expect(await storedClasses(student)).toEqual([
      "Álgebra (Semester 1)",
      "Geometría (Semester 2)",
      "Biología",
      "Química",
      "Literatura",
      "Lunch",
      "Música",
      "Arte (Double Block)",
    ]);
  });
});
