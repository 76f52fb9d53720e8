import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Task } from "@core/api-types";
import type { CalendarEvent } from "@core/schemas/event";
import { event, task } from "@core/test/builders";
import { answerEventWrites, fill, dayName, englishIn, findDay, fullDate, MONDAY_NOV_30, nextMonth, openDay, rowsOf } from "@/test/calendar";
import { FakeServer, reply, student } from "@/test/fake-server";
import { renderApp } from "@/test/render";
import { choose, findToast } from "@/test/tasks";

// Moved from e2e/spanish-calendar.spec.ts (docs/decisions/120): the Calendar in Spanish (issue 34,
// decision 108), its words and that no English is left on it. A phone's and a desktop's texts are
// both in the page (CSS shows one), so one width reads both; axe and the page as Chromium renders
// it stay in the browser suite. The school's today is Monday, November 30, 2026.

// A dozen dialogs opened and closed, the form's code loaded lazily: more than the usual 20 s on a busy 2-core machine.
const JOURNEY_TIMEOUT = 60_000;

const TODAY = "2026-11-30";
const CLASSES = ["Matemáticas", "Química", "Historia", "Biología"];
const lucia = () => student({ firstName: "Lucía", lastName: "Gómez", email: "lucia@example.com", locale: "es", userClasses: CLASSES });
/** What the student typed or was seeded with: their words, not the app's. */
const TYPED = ["Lucía", "Gómez", "lucia@example.com", ...CLASSES];

async function openCalendar({ events = [], tasks = [] }: { events?: CalendarEvent[]; tasks?: Task[] } = {}) {
  const server = new FakeServer();
  answerEventWrites(server);
  server.events = events;
  server.tasks = tasks;
  const rendered = await renderApp("/#calendar", { server, user: lucia(), locale: "es", now: MONDAY_NOV_30 });
  // The dashboard's and the calendar's code load lazily: slower than a query's 5 s on a busy 2-core machine (the first import of a chunk in a file transforms its modules).
  await screen.findByRole("grid", undefined, { timeout: 30_000 });
  return rendered;
}

/** Every event type, with its Spanish label, and a title of the student's. */
const EVENTS = [
  { eventType: "custom", label: "Evento personalizado", title: "Feria de ciencias", time: "08:00" },
  { eventType: "study", label: "Sesión de estudio", title: "Repaso de álgebra", time: "15:00" },
  { eventType: "exam", label: "Examen", title: "Parcial de química", time: "09:00" },
  { eventType: "meeting", label: "Reunión", title: "Consejo estudiantil", time: "12:30" },
  { eventType: "practice", label: "Práctica", title: "Entrenamiento de fútbol", time: "17:00" },
  { eventType: "early-dismissal", label: "Salida temprana", title: "Salida a mediodía", time: null },
  { eventType: "delay", label: "Retraso de 2 horas", title: "Niebla en la mañana", time: null },
  { eventType: "other", label: "Otro", title: "Visita al museo", time: null },
] as const;

describe("the Calendar in Spanish", { timeout: JOURNEY_TIMEOUT }, () => {
  it("reads the tab empty, and turns the month", async () => {
    const { user } = await openCalendar();
    expect(screen.getByRole("heading", { level: 2, name: "Calendario" })).toBeVisible();
    expect(screen.getByText("Mira tus tareas y eventos")).toBeVisible();
    expect(screen.getByRole("heading", { level: 3, name: "Noviembre de 2026" })).toBeVisible();
    const today = await findDay(TODAY, "es");
    expect(today).toHaveAttribute("aria-current", "date");
    expect(await dayName(TODAY, "es")).toBe(`${fullDate(TODAY, "es")}, Sin elementos`);
    const upcoming = screen.getByRole("region", { name: "Próximos 5 días" });
    expect(await within(upcoming).findByText("No hay eventos próximos")).toBeVisible();
    // The phone's hint and the desktop's: CSS shows one of them.
    expect(screen.getByText("Toca un día para ver los detalles")).toBeInTheDocument();
    expect(screen.getByText("Haz clic en un día para ver los detalles de sus eventos")).toBeInTheDocument();
    expect(englishIn(document.body, TYPED)).toEqual([]);

    await nextMonth(user, "Diciembre de 2026", "Mes siguiente");
    await waitFor(async () => {
      if (!screen.queryByRole("heading", { level: 3, name: "Noviembre de 2026" }))
        await user.click(screen.getByRole("button", { name: "Mes anterior" }));
      expect(screen.getByRole("heading", { level: 3, name: "Noviembre de 2026" })).toBeInTheDocument();
    });
  });

  it("reads a day with every event type, one done, and a task due, in the grid, Next 5 Days and the day's detail", async () => {
    const typed = [...TYPED, ...EVENTS.map((e) => e.title), "Ensayo de historia"];
    const { user } = await openCalendar({
      events: EVENTS.map((e, i) =>
        event({
          id: i + 1,
          title: e.title,
          date: TODAY,
          time: e.time,
          eventType: e.eventType as CalendarEvent["eventType"],
          subject: e.eventType === "exam" ? "Química" : null,
          isCompleted: e.eventType === "other",
        }),
      ),
      tasks: [task({ title: "Ensayo de historia", dueDate: TODAY, dueTime: "23:00" })],
    });
    await waitFor(async () =>
      expect(await dayName(TODAY, "es")).toMatch(new RegExp(`^${fullDate(TODAY, "es")}, 9 elementos: .*Visita al museo \\(completado\\)`)),
    );
    const cell = await findDay(TODAY, "es");
    // "+8" on a phone (one chip), "+7 más" from 640 px (two chips): CSS shows one.
    expect(within(cell).getByText("+8", { exact: true })).toBeInTheDocument();
    expect(within(cell).getByText("+7 más", { exact: true })).toBeInTheDocument();
    const upcoming = screen.getByRole("region", { name: "Próximos 5 días" });
    await waitFor(() => expect(within(upcoming).getAllByRole("listitem")).toHaveLength(4));
    expect(upcoming).toHaveTextContent("Todo el día");
    expect(upcoming).toHaveTextContent("Salida temprana");
    expect(upcoming).toHaveTextContent("Retraso de 2 horas");
    expect(englishIn(document.body, typed)).toEqual([]);

    const detail = await openDay(user, TODAY, "es");
    expect(within(detail).getByText(/9 elementos$/)).toBeVisible();
    for (const { label } of EVENTS) expect(within(detail).getByText(label, { exact: true })).toBeVisible();
    expect(within(detail).getByText("Entrega", { exact: true })).toBeVisible();
    expect(within(detail).getByText("9:00 a. m.")).toBeVisible();
    expect(within(detail).getAllByText("Todo el día")[0]).toBeVisible();
    expect(within(detail).getByRole("button", { name: "Editar Parcial de química" })).toBeVisible();
    expect(within(detail).getByRole("button", { name: "Eliminar Parcial de química" })).toBeVisible();
    expect(rowsOf(detail)).toHaveLength(9);
    expect(englishIn(document.body, typed)).toEqual([]);
    await user.click(within(detail).getByRole("button", { name: "Cerrar" }));
    await waitFor(() => expect(detail).not.toBeInTheDocument());

    const empty = await openDay(user, "2026-11-15", "es");
    expect(within(empty).getByText("No hay eventos ni tareas")).toBeVisible();
    expect(within(empty).getByText("¡Este día está libre!")).toBeVisible();
    expect(englishIn(document.body, typed)).toEqual([]);
  });

  it("adds an event through the dialog: its words, a title refused, the event types", async () => {
    const { user } = await openCalendar();
    await user.click(screen.getByRole("button", { name: "Agregar evento" }));
    const form = await screen.findByRole("dialog", { name: "Nuevo evento" });
    expect(within(form).getByText("Agrega un evento a tu calendario.")).toBeVisible();
    expect(within(form).getByText("Se envía a tus dispositivos con las notificaciones activadas.")).toBeVisible();
    expect(englishIn(document.body, TYPED)).toEqual([]);

    await user.click(within(form).getByRole("button", { name: "Agregar evento" }));
    expect(await within(form).findByText("El título es obligatorio")).toBeVisible();
    expect(englishIn(document.body, TYPED)).toEqual([]);

    // Early dismissal and the 2-hour delay are named by what they are.
    const title = within(form).getByRole("textbox", { name: "Título del evento" });
    const types = within(form).getByRole("group", { name: "Tipo de evento" });
    for (const { label } of EVENTS.filter((e) => e.eventType !== "other"))
      expect(within(types).getByRole("button", { name: label })).toBeVisible();
    await user.click(within(types).getByRole("button", { name: "Retraso de 2 horas" }));
    expect(title).toHaveValue("Retraso de 2 horas");
  });

  it("adds an event through the dialog: every recurrence option and its refusals", async () => {
    const { server, user } = await openCalendar();
    const typed = [...TYPED, "Tutoría de química"];
    await user.click(screen.getByRole("button", { name: "Agregar evento" }));
    const form = await screen.findByRole("dialog", { name: "Nuevo evento" });
    await user.click(within(within(form).getByRole("group", { name: "Tipo de evento" })).getByRole("button", { name: "Examen" }));
    await fill(user, within(form).getByRole("textbox", { name: "Título del evento" }), "Tutoría de química");

    // Every recurrence option.
    const recurring = within(form).getByRole("combobox", { name: "Se repite" });
    recurring.focus();
    await user.keyboard("{Enter}");
    const listbox = await screen.findByRole("listbox");
    expect(
      within(listbox)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual([
      "No se repite",
      "A diario",
      "Cada semana",
      "Cada dos semanas",
      "Cada mes, en fechas",
      "Cada mes, primera semana",
      "Cada mes, segunda semana",
      "Cada mes, tercera semana",
      "Cada mes, cuarta semana",
      "Cada mes, última semana",
    ]);
    expect(englishIn(document.body, typed)).toEqual([]);
    await user.click(within(listbox).getByRole("option", { name: "Cada semana" }));
    // The start date's weekday comes ticked (today, a Monday: issue 49); unticked, the form asks for one.
    const lunes = within(within(form).getByRole("group", { name: "Repetir los" })).getByRole("checkbox", { name: "Lunes" });
    expect(lunes).toBeChecked();
    expect(within(form).getByText("Sin fecha de fin")).toBeVisible();
    await user.click(lunes);
    await user.click(within(form).getByRole("button", { name: "Agregar evento" }));
    expect(await within(form).findByText("Elige al menos un día de la semana para un evento que se repite cada semana")).toBeVisible();
    expect(englishIn(document.body, typed)).toEqual([]);

    // Monthly on dates: the date option (the start's day, the 30th), then specific dates with none ticked.
    await choose(user, recurring, "Cada mes, en fechas");
    const dateOption = within(form).getByRole("combobox", { name: "Opción de fecha" });
    dateOption.focus();
    await user.keyboard("{Enter}");
    expect(await screen.findByRole("option", { name: "El mismo día de cada mes (el día 30)" })).toBeVisible();
    expect(englishIn(document.body, typed)).toEqual([]);
    await user.click(screen.getByRole("option", { name: "En fechas específicas" }));
    const dates = within(form).getByRole("group", { name: "Repetir en las fechas" });
    expect(within(dates).getByRole("checkbox", { name: "Día 28" })).toBeInTheDocument();
    expect(within(dates).queryAllByRole("checkbox", { checked: true })).toEqual([]);
    await user.click(within(form).getByRole("button", { name: "Agregar evento" }));
    expect(
      await within(form).findByText("Elige una opción de fecha o fechas específicas para un evento que se repite cada mes"),
    ).toBeVisible();
    expect(within(form).getByText("Elige fechas específicas o una opción de fecha arriba")).toBeVisible();
    expect(englishIn(document.body, typed)).toEqual([]);

    // The last and the first week of the month, on a weekday.
    await choose(user, recurring, "Cada mes, última semana");
    await user.click(within(within(form).getByRole("group", { name: "Repetir los" })).getByRole("checkbox", { name: "Viernes" }));
    await choose(user, recurring, "Cada mes, primera semana");
    await user.click(within(within(form).getByRole("group", { name: "Repetir los" })).getByRole("checkbox", { name: "Lunes" }));
    expect(englishIn(document.body, typed)).toEqual([]);
    await user.click(within(form).getByRole("button", { name: "Agregar evento" }));
    await findToast("Listo", "Evento creado");
    expect(englishIn(document.body, typed)).toEqual([]);
    expect(server.body("POST /api/events")).toMatchObject({
      title: "Tutoría de química",
      eventType: "exam",
      recurring: "first-monthly",
      customDays: ["monday"],
    });
  });

  it("changes and deletes one date of a series, and the series from a date, after choosing", async () => {
    const mondays = ["2026-12-07", "2026-12-14", "2026-12-21", "2026-12-28"];
    const typed = [...TYPED, "Club de robótica", "Club de robótica (biblioteca)", "Club de robótica B"];
    const { user } = await openCalendar({
      events: [
        event({
          id: 1,
          title: "Club de robótica",
          date: mondays[0],
          time: "16:00",
          eventType: "study",
          recurring: "weekly",
          customDays: ["monday"],
        }),
      ],
    });
    await nextMonth(user, "Diciembre de 2026", "Mes siguiente");
    const retitle = async (form: HTMLElement, text: string) => {
      const title = within(form).getByRole("textbox", { name: "Título del evento" });
      await fill(user, title, text);
    };

    // This event only.
    let detail = await openDay(user, mondays[1]!, "es");
    await user.click(within(detail).getByRole("button", { name: "Editar Club de robótica" }));
    let choice = await screen.findByRole("alertdialog", { name: "Editar evento que se repite" });
    expect(within(choice).getByText("¿Cambiar solo esta fecha, o esta fecha y todas las siguientes?")).toBeVisible();
    expect(within(choice).getByRole("button", { name: "Cancelar" })).toBeVisible();
    expect(englishIn(document.body, typed)).toEqual([]);
    await user.click(within(choice).getByRole("button", { name: "Solo este evento" }));
    let form = await screen.findByRole("dialog", { name: "Editar evento" });
    expect(within(form).getByText("Los cambios se aplican solo a esta fecha.")).toBeVisible();
    expect(within(form).getByText("No disponible al editar un solo evento")).toBeVisible();
    expect(englishIn(document.body, typed)).toEqual([]);
    await retitle(form, "Club de robótica (biblioteca)");
    await user.click(within(form).getByRole("button", { name: "Actualizar evento" }));
    await findToast("Listo", "Evento actualizado");
    await waitFor(async () => expect(await dayName(mondays[1]!, "es")).toMatch(/Club de robótica \(biblioteca\)$/));
    expect(englishIn(document.body, typed)).toEqual([]);

    // This and future, from the third.
    detail = await openDay(user, mondays[2]!, "es");
    await user.click(within(detail).getByRole("button", { name: "Editar Club de robótica" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Este y los siguientes" }));
    form = await screen.findByRole("dialog", { name: "Editar evento" });
    expect(within(form).getByText("Los cambios se aplican a esta fecha y a todas las siguientes.")).toBeVisible();
    await retitle(form, "Club de robótica B");
    await user.click(within(form).getByRole("button", { name: "Actualizar evento" }));
    await findToast("Listo", "Serie de eventos actualizada");
    await waitFor(async () => expect(await dayName(mondays[3]!, "es")).toMatch(/Club de robótica B$/));

    // From the first date the whole series changes: its start may move.
    detail = await openDay(user, mondays[0]!, "es");
    await user.click(within(detail).getByRole("button", { name: "Editar Club de robótica" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Este y los siguientes" }));
    form = await screen.findByRole("dialog", { name: "Editar evento" });
    expect(within(form).getByText("Si cambias la fecha, cambia la fecha de inicio de toda la serie.")).toBeVisible();
    expect(englishIn(document.body, typed)).toEqual([]);
    await user.click(within(form).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(form).not.toBeInTheDocument());

    // Delete one date.
    detail = await openDay(user, mondays[3]!, "es");
    await user.click(within(detail).getByRole("button", { name: "Eliminar Club de robótica B" }));
    choice = await screen.findByRole("alertdialog", { name: "Eliminar evento que se repite" });
    expect(within(choice).getByText("¿Eliminar solo esta fecha, o esta fecha y todas las siguientes?")).toBeVisible();
    expect(englishIn(document.body, typed)).toEqual([]);
    await user.click(within(choice).getByRole("button", { name: "Solo este evento" }));
    await findToast("Listo", "Se eliminó esta fecha del evento");
    await waitFor(async () => expect(await dayName(mondays[3]!, "es")).not.toMatch(/Club de robótica/));

    // Delete the series from its first date: confirmed first.
    detail = await openDay(user, mondays[0]!, "es");
    await user.click(within(detail).getByRole("button", { name: "Eliminar Club de robótica" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Este y los siguientes" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Eliminar evento" });
    expect(within(confirm).getByText("¿Seguro que quieres eliminar “Club de robótica”? No se puede deshacer.")).toBeVisible();
    expect(englishIn(document.body, typed)).toEqual([]);
    await user.click(within(confirm).getByRole("button", { name: "Eliminar" }));
    await findToast("Listo", "Evento eliminado");
    await waitFor(async () => expect(await dayName(mondays[0]!, "es")).not.toMatch(/Club de robótica/));
    expect(englishIn(document.body, typed)).toEqual([]);
  });
});

/** Settings, from the sidebar (a desktop's width), named in Spanish. */
async function openSettings(user: Awaited<ReturnType<typeof openCalendar>>["user"]): Promise<HTMLElement> {
  // The dashboard's code loads lazily: slower than a query's 5 s on a busy 2-core machine (the first import of a chunk in a file transforms its modules).
  const sidebar = await screen.findByRole("complementary", undefined, { timeout: 15_000 });
  await user.click(within(sidebar).getByRole("button", { name: "Configuración" }));
  return screen.findByRole("dialog", { name: "Configuración" });
}

describe("the calendar feed in Settings, in Spanish", { timeout: JOURNEY_TIMEOUT }, () => {
  it("turns on, copies, resets and turns off", async () => {
    const server = new FakeServer();
    const url = (n: number) => `http://localhost/feed/${String(n).repeat(43)}.ics`;
    let link = 0;
    server.answer("GET /api/calendar-feed", { enabled: false, url: null });
    server.on("POST /api/calendar-feed", () => ({ enabled: true, url: url(++link) }));
    server.on("DELETE /api/calendar-feed", () => ({ enabled: false, url: null }));
    const { user } = await renderApp("/", { server, user: lucia(), locale: "es", now: MONDAY_NOV_30 });
    const settings = await openSettings(user);
    const feed = await within(settings).findByRole("region", { name: "Suscripción al calendario" });
    expect(
      within(feed).getByText("Tus eventos y entregas de tareas en Google Calendar, Apple Calendar u Outlook, siempre al día."),
    ).toBeVisible();
    expect(englishIn(document.body, TYPED)).toEqual([]);

    await user.click(within(feed).getByRole("button", { name: "Activar suscripción al calendario" }));
    await findToast("Suscripción al calendario activada", "Agrega el enlace a tu app de calendario.");
    expect(await within(feed).findByLabelText("Enlace de la suscripción al calendario")).toHaveValue(url(1));
    expect(within(feed).getByRole("link", { name: "Agregar a Google Calendar" })).toBeVisible();
    expect(within(feed).getByRole("link", { name: "Suscribirse (Apple, Outlook)" })).toHaveAttribute(
      "href",
      url(1).replace("http:", "webcal:"),
    );
    expect(within(feed).getByText("Cualquiera con el enlace puede ver tu calendario: Restablecer enlace crea uno nuevo.")).toBeVisible();
    expect(englishIn(document.body, [...TYPED, url(1)])).toEqual([]);

    await user.click(within(feed).getByRole("button", { name: "Copiar enlace" }));
    await findToast("¡Copiado!", "El enlace de la suscripción está en tu portapapeles.");
    expect(await navigator.clipboard.readText()).toBe(url(1));
    await user.click(within(feed).getByRole("button", { name: "Restablecer enlace" }));
    await findToast("Enlace restablecido", "El enlace anterior deja de funcionar. Agrega el nuevo a tu app de calendario.");
    expect(within(feed).getByLabelText("Enlace de la suscripción al calendario")).toHaveValue(url(2));
    expect(englishIn(document.body, [...TYPED, url(2)])).toEqual([]);
    await user.click(within(feed).getByRole("button", { name: "Desactivar" }));
    await findToast("Suscripción al calendario desactivada", "El enlace ya no funciona.");
    expect(await within(feed).findByRole("button", { name: "Activar suscripción al calendario" })).toBeVisible();
  });
});

describe("failures, in Spanish", { timeout: JOURNEY_TIMEOUT }, () => {
  it("says when the calendar cannot be read, and reads it again on Reintentar", async () => {
    const server = new FakeServer();
    let failing = true;
    server.on("GET /api/events", () => (failing ? reply(500, "") : []));
    const { user } = await renderApp("/#calendar", { server, user: lucia(), locale: "es", now: MONDAY_NOV_30 });
    expect(await screen.findByText("No se pudo cargar tu calendario.", undefined, { timeout: 15_000 })).toBeVisible();
    expect(englishIn(document.body, TYPED)).toEqual([]);
    failing = false;
    await user.click(screen.getByRole("button", { name: "Reintentar" }));
    expect(await screen.findByRole("grid")).toBeVisible();
  });

  it("says when a save fails, with the fallback when the server gives no words", async () => {
    const { server, user } = await openCalendar();
    server.answer("POST /api/events", reply(500, ""));
    await user.click(screen.getByRole("button", { name: "Agregar evento" }));
    const form = await screen.findByRole("dialog", { name: "Nuevo evento" });
    await fill(user, within(form).getByRole("textbox", { name: "Título del evento" }), "Ensayo general");
    await user.click(within(form).getByRole("button", { name: "Agregar evento" }));
    await findToast("Error", "No se pudo crear el evento");
    expect(englishIn(document.body, [...TYPED, "Ensayo general"])).toEqual([]);
  });

  it("says when the calendar feed cannot be read, with Reintentar", async () => {
    const server = new FakeServer();
    server.answer("GET /api/calendar-feed", reply(500, ""));
    const { user } = await renderApp("/", { server, user: lucia(), locale: "es", now: MONDAY_NOV_30 });
    const settings = await openSettings(user);
    expect(await within(settings).findByText("No se pudo cargar la suscripción al calendario.")).toBeVisible();
    expect(within(settings).getByRole("button", { name: "Reintentar" })).toBeVisible();
    expect(englishIn(document.body, TYPED)).toEqual([]);
  });
});
