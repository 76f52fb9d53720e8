import { screen, waitFor, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { FakeServer, reply, student } from "@/test/fake-server";
import { answerClassRoutes, className, periodCount, period as periodIn } from "@/test/classes";
import { englishOnScreen } from "@/test/english-on-screen";
import { renderApp } from "@/test/render";
import { findToast } from "@/test/tasks";

// Moved from e2e/spanish-classes.spec.ts (issue 34, decisions 108 and 120): the class editor's and
// the School Day step's words, messages and toasts in Spanish, with no English catalog text. The
// browser keeps the first setup in Spanish at a phone's width, with its axe scans.

const SPANISH_CLASSES = ["Álgebra", "Biología", "Química", "Literatura", "Historia", "Música", "Arte", "Física"];
const period = (dialog: HTMLElement, n: number) => periodIn(dialog, n, "Periodo");
const nameOf = (dialog: HTMLElement, n: number) => className(dialog, n, "Periodo", "Nombre de la clase");
const lucia = (userClasses: string[]) => student({ firstName: "Lucía", lastName: "Gómez", locale: "es", userClasses });

/** Replaces a field's text, pasted as a whole (typing each letter is slow on a loaded machine). */
async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.clear(field);
  if (text) await user.paste(text);
}

/** Settings → one of its class editor buttons, from the sidebar. */
async function openFromSettings(user: UserEvent, button: "Editar clases" | "Jornada escolar", name = button) {
  await user.click(
    within(await screen.findByRole("complementary", { name: "Barra lateral" })).getByRole("button", { name: "Configuración" }),
  );
  await user.click(within(await screen.findByRole("dialog", { name: "Configuración" })).getByRole("button", { name: button }));
  return screen.findByRole("dialog", { name });
}

describe("the class editor in Spanish", () => {
  it("reads a first visit’s “Complete Your Setup” in Spanish: every option, its reasons and the form’s messages", async () => {
    const server = answerClassRoutes(new FakeServer());
    const { user } = await renderApp("/", { server, user: lucia([]), locale: "es" });
    const dialog = await screen.findByRole("dialog", { name: "Completa tu configuración" });
    expect(dialog).toHaveTextContent("Agrega tus clases en orden de periodo, empezando por el 1.º periodo.");
    expect(periodCount(dialog, "Periodo")).toBe(8);
    expect(englishOnScreen()).toEqual([]);

    // Too few classes, then a duplicate: the form's messages.
    for (const [n, name] of Object.entries({ 1: "Álgebra", 2: "Biología", 3: "Química", 4: "Literatura", 5: "Historia" }))
      await fill(user, nameOf(dialog, Number(n)), name);
    await user.click(within(dialog).getByRole("button", { name: "Guardar clases" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Agrega al menos 6 clases para crear tu horario");
    await fill(user, nameOf(dialog, 6), "álgebra ");
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Quita los nombres de clase repetidos.");
    expect(nameOf(dialog, 6)).toHaveAttribute("aria-invalid", "true");
    expect(englishOnScreen(SPANISH_CLASSES)).toEqual([]);
    await fill(user, nameOf(dialog, 6), "Música");

    // A semester pair, a half left unnamed.
    await user.click(within(period(dialog, 1)).getByRole("switch", { name: "Semestre" }));
    expect(within(period(dialog, 1)).getByRole("textbox", { name: "Semestre 1" })).toHaveValue("Álgebra");
    await user.click(within(dialog).getByRole("button", { name: "Guardar clases" }));
    expect(period(dialog, 1)).toHaveTextContent("Ponles nombre a los dos semestres o cambia este periodo a Todo el año.");
    await fill(user, within(period(dialog, 1)).getByRole("textbox", { name: "Semestre 2" }), "Geometría");

    // A block's suffix typed in a name, then a double block and the triple that cannot run past the end.
    await fill(user, nameOf(dialog, 7), "Arte (Double Block)");
    expect(period(dialog, 7)).toHaveTextContent("Quita “(Double Block)” del nombre y usa los botones.");
    await fill(user, nameOf(dialog, 7), "Arte");
    const double = within(period(dialog, 7)).getByRole("button", { name: "Bloque doble" });
    await user.click(double);
    expect(double).toHaveAttribute("aria-pressed", "true");
    expect(period(dialog, 8)).toHaveTextContent("Periodo 8 ocupado por un bloque doble");
    await user.click(within(period(dialog, 7)).getByRole("button", { name: "Bloque triple" }));
    expect(period(dialog, 7)).toHaveTextContent("Un bloque triple no puede pasar del último periodo.");
    const triple = within(period(dialog, 2)).getByRole("button", { name: "Bloque triple" });
    await user.click(triple);
    expect(period(dialog, 3)).toHaveTextContent("Periodo 3 ocupado por un bloque triple");
    expect(triple).toHaveAttribute("aria-pressed", "true");
    await user.click(triple);

    // Lunch reads as Almuerzo; a period added and removed again.
    await user.click(within(period(dialog, 5)).getByRole("button", { name: "Marcar como almuerzo" }));
    expect(nameOf(dialog, 5)).toHaveValue("Almuerzo");
    await user.click(within(dialog).getByRole("button", { name: "Agregar otra clase" }));
    const remove = within(period(dialog, 9)).getByRole("button", { name: "Quitar el periodo 9" });
    expect(englishOnScreen([...SPANISH_CLASSES, "Geometría", "Arte (Double Block)"])).toEqual([]);
    await user.click(remove);
  });

  it("says the first setup was saved in Spanish, and names the School Day step's periods with the classes just saved", async () => {
    const server = answerClassRoutes(new FakeServer());
    const { user } = await renderApp("/", { server, user: lucia([]), locale: "es" });
    const dialog = await screen.findByRole("dialog", { name: "Completa tu configuración" });
    await user.click(within(period(dialog, 1)).getByRole("switch", { name: "Semestre" }));
    await fill(user, within(period(dialog, 1)).getByRole("textbox", { name: "Semestre 1" }), "Álgebra");
    await fill(user, within(period(dialog, 1)).getByRole("textbox", { name: "Semestre 2" }), "Geometría");
    for (const [n, name] of Object.entries({ 2: "Biología", 3: "Química", 4: "Literatura", 6: "Música", 7: "Arte" }))
      await fill(user, nameOf(dialog, Number(n)), name);
    await user.click(within(period(dialog, 5)).getByRole("button", { name: "Marcar como almuerzo" }));
    await user.click(within(period(dialog, 7)).getByRole("button", { name: "Bloque doble" }));

    await user.click(within(dialog).getByRole("button", { name: "Guardar clases" }));
    await findToast("¡Listo!", "Tus clases se guardaron.");
    expect(server.body("POST /api/user/classes")).toEqual({
      userClasses: [
        "Álgebra (Semester 1)",
        "Geometría (Semester 2)",
        "Biología",
        "Química",
        "Literatura",
        "Lunch",
        "Música",
        "Arte (Double Block)",
      ],
    });
    const step = await screen.findByRole("dialog", { name: "Jornada escolar" });
    expect(within(step).getByLabelText("1.º periodo · Álgebra / Geometría: inicio")).toBeVisible();
    expect(within(step).getByLabelText("5.º periodo · Almuerzo: inicio")).toBeVisible();
    expect(within(step).getByLabelText("7.º periodo · Arte: inicio")).toBeVisible();
    expect(englishOnScreen([...SPANISH_CLASSES, "Geometría"])).toEqual([]);
    await user.click(within(step).getByRole("button", { name: "Omitir" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Jornada escolar" })).toBeNull());
  });

  it("reads Edit Classes from Settings in Spanish: the edit's minimum, its toast, and an expired session", async () => {
    const server = answerClassRoutes(new FakeServer());
    const { user } = await renderApp("/", { server, user: lucia(SPANISH_CLASSES), locale: "es" });
    let dialog = await openFromSettings(user, "Editar clases");
    expect(dialog).toHaveTextContent("Cambia tus clases en orden de periodo, empezando por el 1.º periodo.");
    expect(nameOf(dialog, 1)).toHaveValue("Álgebra");
    expect(englishOnScreen(SPANISH_CLASSES)).toEqual([]);

    for (const n of [2, 3, 4, 5, 6, 7, 8]) await user.clear(nameOf(dialog, n));
    await user.click(within(dialog).getByRole("button", { name: "Guardar clases" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Agrega al menos 4 clases para actualizar tu horario");
    expect(englishOnScreen(SPANISH_CLASSES)).toEqual([]);
    for (const [n, name] of [
      [2, "Biología"],
      [3, "Química"],
      [4, "Literatura"],
    ] as const)
      await fill(user, nameOf(dialog, n), name);
    await user.click(within(dialog).getByRole("button", { name: "Guardar clases" }));
    await findToast("¡Listo!", "Tus clases se actualizaron.");
    expect(server.body("PUT /api/user/classes")).toEqual({ userClasses: ["Álgebra", "Biología", "Química", "Literatura"] });
    await user.click(within(await screen.findByRole("dialog", { name: "Jornada escolar" })).getByRole("button", { name: "Omitir" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Jornada escolar" })).toBeNull());

    // An edit made after the session ended: the toast says to sign in again.
    dialog = await openFromSettings(user, "Editar clases");
    await fill(user, nameOf(dialog, 5), "Historia");
    server.user = null;
    await user.click(within(dialog).getByRole("button", { name: "Guardar clases" }));
    await findToast("Error", "Tu sesión expiró. Vuelve a iniciar sesión y guarda tus cambios.");
  });
});

describe("the School Day step in Spanish", () => {
  it("reads quick fill, school days, rotations, days off and their messages in Spanish, and sends what was chosen", async () => {
    const classes = ["Álgebra", "Biología", "Química", "Literatura", "Lunch", "Música", "Arte", "Física"];
    const server = answerClassRoutes(new FakeServer());
    server.on("PUT /api/user/schedule", ({ body }) => body);
    const { user } = await renderApp("/", { server, user: lucia(classes), locale: "es", now: "2026-11-30T10:00:00-05:00" });
    const step = await openFromSettings(user, "Jornada escolar");
    const inStep = within(step);
    expect(await inStep.findByText("Aún no hay días libres: agrega feriados y vacaciones.")).toBeVisible();
    expect(inStep.getByRole("button", { name: "Cancelar" })).toBeVisible();
    expect(englishOnScreen(classes)).toEqual([]);

    // The quick fill's own message, then the bell times it fills.
    await fill(user, inStep.getByLabelText("Periodo (minutos)"), "0");
    await user.click(inStep.getByRole("button", { name: "Rellenar horarios" }));
    expect(inStep.getByText("Escribe un número entero del 1 al 240.")).toBeVisible();
    await fill(user, inStep.getByLabelText("Periodo (minutos)"), "50");
    await user.click(inStep.getByRole("button", { name: "Rellenar horarios" }));
    expect(inStep.getByLabelText("1.º periodo · Álgebra: inicio")).toHaveValue("08:00");
    expect(inStep.getByLabelText("1.º periodo · Álgebra: fin")).toHaveValue("08:50");
    expect(inStep.getByLabelText("5.º periodo · Almuerzo: fin")).toHaveValue("12:10");

    // A cycle of days, then A/B days whose classes differ.
    await user.selectOptions(inStep.getByLabelText("Tipo de horario"), "cycle");
    expect(inStep.getByLabelText("Días del ciclo")).toHaveValue(6);
    const optionsOf = (label: string) =>
      within(inStep.getByLabelText(label, { exact: true }))
        .getAllByRole("option")
        .map((o) => o.textContent);
    expect(optionsOf("es")).toEqual(["Día 1", "Día 2", "Día 3", "Día 4", "Día 5", "Día 6"]);
    await fill(user, inStep.getByLabelText("Días del ciclo"), "1");
    await user.click(inStep.getByRole("button", { name: "Guardar jornada escolar" }));
    expect(await inStep.findByText("Escribe un número entero del 2 al 10.")).toBeVisible();
    await fill(user, inStep.getByLabelText("Días del ciclo"), "3");
    await user.click(inStep.getByLabelText("Mis clases cambian según el día de la rotación"));
    expect(inStep.getByRole("columnheader", { name: "Día 3" })).toBeVisible();
    expect(englishOnScreen(classes)).toEqual([]);

    await user.selectOptions(inStep.getByLabelText("Tipo de horario"), "ab");
    expect(optionsOf("es")).toEqual(["día A", "día B"]);
    await user.click(inStep.getByRole("checkbox", { name: "1.º periodo · Álgebra: B" }));

    // Every school day off, an anchor on a Sunday and a day off that ends before it starts: refused.
    for (const day of ["lunes", "martes", "miércoles", "jueves", "viernes"]) await user.click(inStep.getByRole("button", { name: day }));
    await fill(user, inStep.getByLabelText("En esta fecha"), "2026-12-06");
    await user.click(inStep.getByRole("button", { name: "Agregar día libre" }));
    await fill(user, inStep.getByLabelText("Desde", { exact: true }), "2026-12-24");
    await fill(user, inStep.getByLabelText("Hasta", { exact: true }), "2026-12-20");
    await fill(user, inStep.getByLabelText("Nombre", { exact: true }), "Vacaciones de invierno");
    await user.click(inStep.getByRole("button", { name: "Guardar jornada escolar" }));
    expect(inStep.getByRole("alert")).toHaveTextContent("Corrige los campos marcados.");
    expect(inStep.getByText("Elige al menos un día de clases")).toBeVisible();
    expect(inStep.getByText("La fecha final debe ser igual o posterior a la de inicio")).toBeVisible();
    expect(englishOnScreen([...classes, "Vacaciones de invierno"])).toEqual([]);
    expect(server.sent("PUT /api/user/schedule")).toEqual([]);

    for (const day of ["lunes", "martes", "miércoles", "jueves", "viernes"]) await user.click(inStep.getByRole("button", { name: day }));
    expect(inStep.getByText("La fecha de referencia debe ser un día de clases")).toBeVisible();
    await fill(user, inStep.getByLabelText("En esta fecha"), "2026-12-07");
    await fill(user, inStep.getByLabelText("Hasta", { exact: true }), "2027-01-01");
    expect(inStep.getByRole("button", { name: "Quitar Vacaciones de invierno" })).toBeVisible();
    await user.click(inStep.getByRole("button", { name: "Guardar jornada escolar" }));
    await findToast("¡Listo!", "Tu jornada escolar se guardó.");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Jornada escolar" })).toBeNull());
    expect(server.body("PUT /api/user/schedule")).toMatchObject({
      rotation: { days: ["A", "B"], anchorDate: "2026-12-07", anchorDay: "A" },
      daysOff: [{ from: "2026-12-24", to: "2027-01-01", label: "Vacaciones de invierno" }],
    });
  });

  it("says in Spanish that the School Day step cannot load, with a way to try again", async () => {
    const server = answerClassRoutes(new FakeServer());
    server.answer("GET /api/user/schedule", reply(500, { message: "Error interno" }));
    const { user } = await renderApp("/", { server, user: lucia(SPANISH_CLASSES), locale: "es", width: 375 });
    await user.click(await screen.findByRole("button", { name: "Abrir menú" }));
    await user.click(within(await screen.findByRole("dialog", { name: "Menú" })).getByRole("button", { name: "Configuración" }));
    await user.click(within(await screen.findByRole("dialog", { name: "Configuración" })).getByRole("button", { name: "Jornada escolar" }));
    expect(await screen.findByText(/^No se pudo cargar tu jornada escolar/, {}, { timeout: 15_000 })).toBeVisible();
    expect(screen.getByRole("button", { name: "Reintentar" })).toBeVisible();
    expect(englishOnScreen(["Error interno"])).toEqual([]);
  }, 20_000);
});
