import type { Locator, Page } from "@playwright/test";
import { e2eDb, expect, type SeededUser, seedUser, serverNoticesOutsideWrite, signIn, test } from "./fixtures";
import { expectSpanish, WIDTHS } from "./spanish";
import { endSessions, toast } from "./task-helpers";

/**
 * The class editor in Spanish (issue 34, decision 108): "Complete Your Setup" on a first visit,
 * Edit Classes from Settings with every block, semester and lunch option, their reasons and the
 * form's messages, the toasts, and the School Day step (bell times, rotation, days off, its
 * messages), each at a phone's and a desktop's width with no English catalog text and axe clean.
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

/**
 * Settings → one of its class editor buttons, opened at the desktop's width (the sidebar's
 * Settings), then read at `size`.
 */
async function openFromSettings(page: Page, button: "Editar clases" | "Jornada escolar", size: (typeof WIDTHS)[number]) {
  await page.setViewportSize(WIDTHS[1]);
  await page.goto("/");
  await page
    .getByRole("complementary")
    .getByRole("button", { name: /^(Settings|Configuración)$/ })
    .click();
  await page.getByRole("dialog", { name: "Configuración" }).getByRole("button", { name: button }).click();
  await page.setViewportSize(size);
}

for (const size of WIDTHS) {
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

    test("Edit Classes from Settings: the edit's minimum, its toast, and an expired session", async ({ page }) => {
      const student = await spanishStudent(page, SPANISH_CLASSES);
      await openFromSettings(page, "Editar clases", size);
      const dialog = page.getByRole("dialog", { name: "Editar clases" });
      await expect(dialog).toContainText("Cambia tus clases en orden de periodo, empezando por el 1.º periodo.");
      await expect(className(dialog, 1)).toHaveValue("Álgebra");
      await expectSpanish(page, `Edit Classes (${size.name})`, SPANISH_CLASSES);

      for (const n of [2, 3, 4, 5, 6, 7, 8]) await className(dialog, n).fill("");
      await dialog.getByRole("button", { name: "Guardar clases" }).click();
      await expect(dialog.getByRole("alert")).toHaveText("Agrega al menos 4 clases para actualizar tu horario");
      await expectSpanish(page, `Edit Classes refused (${size.name})`, SPANISH_CLASSES);
      for (const [n, name] of [
        [2, "Biología"],
        [3, "Química"],
        [4, "Literatura"],
      ] as const)
        await className(dialog, n).fill(name);
      await dialog.getByRole("button", { name: "Guardar clases" }).click();
      await expect(toast(page, "¡Listo!", "Tus clases se actualizaron.")).toBeVisible();
      const step = page.getByRole("dialog", { name: "Jornada escolar" });
      await step.getByRole("button", { name: "Omitir" }).click();
      expect(await storedClasses(student)).toEqual(["Álgebra", "Biología", "Química", "Literatura"]);

      // An edit made after the session ended: the toast says to sign in again.
      await openFromSettings(page, "Editar clases", size);
      await className(page.getByRole("dialog", { name: "Editar clases" }), 5).fill("Historia");
      await endSessions(student);
      await page.getByRole("dialog", { name: "Editar clases" }).getByRole("button", { name: "Guardar clases" }).click();
      await expect(toast(page, "Error", "Tu sesión expiró. Vuelve a iniciar sesión y guarda tus cambios.")).toBeVisible();
    });

    test("the School Day step from Settings: quick fill, school days, rotations, days off and their messages", async ({ page }) => {
      const classes = ["Álgebra", "Biología", "Química", "Literatura", "Lunch", "Música", "Arte", "Física"];
      const student = await spanishStudent(page, classes);
      await openFromSettings(page, "Jornada escolar", size);
      const step = page.getByRole("dialog", { name: "Jornada escolar" });
      await expect(step.getByText("Aún no hay días libres: agrega feriados y vacaciones.")).toBeVisible();
      await expect(step.getByRole("button", { name: "Cancelar" })).toBeVisible();
      await expectSpanish(page, `the School Day step (${size.name})`, classes);

      // The quick fill's own message, then the bell times it fills.
      await step.getByLabel("Periodo (minutos)").fill("0");
      await step.getByRole("button", { name: "Rellenar horarios" }).click();
      await expect(step.getByText("Escribe un número entero del 1 al 240.")).toBeVisible();
      await step.getByLabel("Periodo (minutos)").fill("50");
      await step.getByRole("button", { name: "Rellenar horarios" }).click();
      await expect(step.getByLabel("1.º periodo · Álgebra: inicio")).toHaveValue("08:00");
      await expect(step.getByLabel("1.º periodo · Álgebra: fin")).toHaveValue("08:50");
      await expect(step.getByLabel("5.º periodo · Almuerzo: fin")).toHaveValue("12:10");

      // A cycle of days, then A/B days whose classes differ.
      await step.getByLabel("Tipo de horario").selectOption("cycle");
      await expect(step.getByLabel("Días del ciclo")).toHaveValue("6");
      await expect(step.getByLabel("es", { exact: true }).locator("option")).toHaveText([
        "Día 1",
        "Día 2",
        "Día 3",
        "Día 4",
        "Día 5",
        "Día 6",
      ]);
      await step.getByLabel("Días del ciclo").fill("1");
      await step.getByRole("button", { name: "Guardar jornada escolar" }).click();
      await expect(step.getByText("Escribe un número entero del 2 al 10.")).toBeVisible();
      await step.getByLabel("Días del ciclo").fill("3");
      await step.getByLabel("Mis clases cambian según el día de la rotación").click();
      await expect(step.getByRole("columnheader", { name: "Día 3" })).toBeVisible();
      await expectSpanish(page, `a cycle of days (${size.name})`, classes);

      await step.getByLabel("Tipo de horario").selectOption("ab");
      await expect(step.getByLabel("es", { exact: true }).locator("option")).toHaveText(["día A", "día B"]);
      await step.getByRole("checkbox", { name: "1.º periodo · Álgebra: B" }).uncheck();

      // Every school day off, an anchor on a Sunday and a day off that ends before it starts: refused.
      for (const day of ["lunes", "martes", "miércoles", "jueves", "viernes"]) await step.getByRole("button", { name: day }).click();
      await step.getByLabel("En esta fecha").fill("2026-12-06");
      await step.getByRole("button", { name: "Agregar día libre" }).click();
      await step.getByLabel("Desde", { exact: true }).fill("2026-12-24");
      await step.getByLabel("Hasta", { exact: true }).fill("2026-12-20");
      await step.getByLabel("Nombre", { exact: true }).fill("Vacaciones de invierno");
      await step.getByRole("button", { name: "Guardar jornada escolar" }).click();
      await expect(step.getByRole("alert")).toHaveText("Corrige los campos marcados.");
      await expect(step.getByText("Elige al menos un día de clases")).toBeVisible();
      await expect(step.getByText("La fecha final debe ser igual o posterior a la de inicio")).toBeVisible();
      await expectSpanish(page, `the School Day step refused (${size.name})`, [...classes, "Vacaciones de invierno"]);

      for (const day of ["lunes", "martes", "miércoles", "jueves", "viernes"]) await step.getByRole("button", { name: day }).click();
      await expect(step.getByText("La fecha de referencia debe ser un día de clases")).toBeVisible();
      await step.getByLabel("En esta fecha").fill("2026-12-07");
      await step.getByLabel("Hasta", { exact: true }).fill("2027-01-01");
      await expect(step.getByRole("button", { name: "Quitar Vacaciones de invierno" })).toBeVisible();
      await step.getByRole("button", { name: "Guardar jornada escolar" }).click();
      await expect(toast(page, "¡Listo!", "Tu jornada escolar se guardó.")).toBeVisible();
      await expect(step).toBeHidden();
      const stored = await e2eDb().selectFrom("users").select("school_schedule").where("id", "=", student.id).executeTakeFirstOrThrow();
      expect(JSON.parse(stored.school_schedule!)).toMatchObject({
        rotation: { days: ["A", "B"], anchorDate: "2026-12-07", anchorDay: "A" },
        daysOff: [{ from: "2026-12-24", to: "2027-01-01", label: "Vacaciones de invierno" }],
      });
    });
  });
}

test("the School Day step that cannot load says so in Spanish", async ({ page }) => {
  await spanishStudent(page, SPANISH_CLASSES);
  await page.route("**/api/user/schedule", (route) => route.fulfill({ status: 500, json: { message: "Error interno" } }));
  await openFromSettings(page, "Jornada escolar", WIDTHS[0]);
  await expect(page.getByText(/^No se pudo cargar tu jornada escolar/)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("button", { name: "Reintentar" })).toBeVisible();
  await expectSpanish(page, "the School Day step that cannot load", ["Error interno"]);
});
