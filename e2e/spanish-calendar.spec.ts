import type { Locator, Page } from "@playwright/test";
import { e2eDb, expect, seedUser, type SeededUser, serverNoticesOutsideWrite, signIn, test } from "./fixtures";
import { seedEvent, storedEvents } from "./event-helpers";
import { schoolDate, seedTasks, toast } from "./task-helpers";
import { expectSpanish, WIDTHS } from "./spanish";

/**
 * The Calendar in Spanish (issue 34, decision 108): the tab (month, today, navigation, a day's
 * detail, every event type), the event dialog (create, validation, every recurrence option), a
 * series' "this event only / this and future" choices, deletes, the calendar feed in Settings, the
 * error states and the toasts. Each state at a phone's and a desktop's width.
 */

const CLASSES = ["Matemáticas", "Química", "Historia", "Biología"];

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const utc = (date: string) => new Date(`${date}T12:00:00Z`);
const spanish = (date: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat("es", { timeZone: "UTC", ...options }).format(utc(date));

/** "5 de diciembre de 2026", written independently of the app. */
const longDate = (date: string) => spanish(date, { day: "numeric", month: "long", year: "numeric" });
/** "Martes, 15 de diciembre de 2026". */
const fullDate = (date: string) => capitalized(`${spanish(date, { weekday: "long" })}, ${longDate(date)}`);
/** "Diciembre de 2026". */
const monthTitle = (date: string) => capitalized(spanish(date, { month: "long", year: "numeric" }));

const day = (page: Page, date: string) => page.getByRole("gridcell", { name: new RegExp(`^${fullDate(date)}, `) });

/** A student whose account is in Spanish, signed in; `typed` collects the names the test typed or seeded. */
async function spanishStudent(page: Page): Promise<{ user: SeededUser; typed: string[] }> {
  const user = await seedUser({ firstName: "Lucía", lastName: "Gómez", userClasses: CLASSES });
  await e2eDb().updateTable("users").set({ locale: "es" }).where("id", "=", user.id).execute();
  await serverNoticesOutsideWrite();
  await signIn(page, user);
  return { user, typed: [user.firstName, user.lastName, user.email, ...CLASSES] };
}

async function openCalendar(page: Page) {
  await page.goto("/#calendar");
  await expect(page.getByRole("heading", { level: 2, name: "Calendario" })).toBeVisible();
  await expect(page.getByRole("grid")).toBeVisible();
}

/** Moves the grid to the month of `date` with "Mes siguiente". */
async function showMonthOf(page: Page, date: string) {
  const title = monthTitle(date);
  for (let i = 0; i < 3 && (await page.getByRole("heading", { level: 3, name: title }).count()) === 0; i++) {
    await page.getByRole("button", { name: "Mes siguiente" }).click();
    await page.waitForTimeout(350);
  }
  await expect(page.getByRole("heading", { level: 3, name: title })).toBeVisible();
}

async function openDay(page: Page, date: string): Promise<Locator> {
  await day(page, date).click();
  const dialog = page.getByRole("dialog", { name: longDate(date) });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function eventForm(page: Page, name: "Nuevo evento" | "Editar evento"): Promise<Locator> {
  const form = page.getByRole("dialog", { name });
  await expect(form).toBeVisible();
  return form;
}

/** Picks an option of a Radix select by its exact name. */
async function choose(page: Page, form: Locator, combobox: string, option: string) {
  await form.getByRole("combobox", { name: combobox }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** The Mondays of the month after the school's current one (always at least four). */
function mondaysOfNextMonth(): string[] {
  const [y, m] = schoolDate().split("-").map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m, 1));
  const dates: string[] = [];
  for (let d = new Date(first); d.getUTCMonth() === first.getUTCMonth(); d.setUTCDate(d.getUTCDate() + 1)) {
    if (d.getUTCDay() === 1) dates.push(d.toISOString().slice(0, 10));
  }
  return dates;
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

for (const size of WIDTHS) {
  const phone = size.width < 640;

  test.describe(`the Calendar in Spanish (${size.name})`, () => {
    test.use({ viewport: { width: size.width, height: size.height }, locale: "es-MX" });

    test("reads the tab empty, then a month with every event type, a day's detail and the month navigation", async ({ page }) => {
      const { user, typed } = await spanishStudent(page);
      const today = schoolDate();
      await openCalendar(page);
      await expect(page.getByText("Mira tus tareas y eventos")).toBeVisible();
      await expect(page.getByRole("heading", { level: 3, name: monthTitle(today) })).toBeVisible();
      await expect(day(page, today)).toHaveAttribute("aria-current", "date");
      await expect(day(page, today)).toHaveAccessibleName(`${fullDate(today)}, Sin elementos`);
      const upcoming = page.getByRole("region", { name: "Próximos 5 días" });
      await expect(upcoming.getByText("No hay eventos próximos")).toBeVisible();
      await expect(
        page.getByText(phone ? "Toca un día para ver los detalles" : "Haz clic en un día para ver los detalles de sus eventos"),
      ).toBeVisible();
      await expectSpanish(page, `the empty calendar (${size.name})`, typed);

      // The month navigation.
      const [y, m] = today.split("-").map(Number) as [number, number];
      const nextMonth = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
      await page.getByRole("button", { name: "Mes siguiente" }).click();
      await expect(page.getByRole("heading", { level: 3, name: monthTitle(nextMonth) })).toBeVisible();
      await page.waitForTimeout(350);
      await page.getByRole("button", { name: "Mes anterior" }).click();
      await expect(page.getByRole("heading", { level: 3, name: monthTitle(today) })).toBeVisible();

      // Every event type on today, one of them done, and a task due.
      for (const event of EVENTS) {
        await seedEvent(user, {
          title: event.title,
          date: today,
          time: event.time,
          eventType: event.eventType,
          subject: event.eventType === "exam" ? "Química" : null,
          isCompleted: event.eventType === "other",
        });
      }
      await seedTasks(user, [{ title: "Ensayo de historia", dueDate: today, dueTime: "23:00" }]);
      typed.push(...EVENTS.map((e) => e.title), "Ensayo de historia");
      await page.reload();
      await expect(page.getByRole("grid")).toBeVisible();
      await expect(day(page, today)).toHaveAccessibleName(
        new RegExp(`^${fullDate(today)}, 9 elementos: .*Visita al museo \\(completado\\)`),
      );
      await expect(day(page, today)).toContainText(phone ? "+8" : "+7 más");
      await expect(upcoming.getByRole("listitem")).toHaveCount(4);
      await expect(upcoming).toContainText("Todo el día");
      await expect(upcoming).toContainText("Salida temprana");
      await expect(upcoming).toContainText("Retraso de 2 horas");
      await expectSpanish(page, `a month with events (${size.name})`, typed);

      const detail = await openDay(page, today);
      await expect(detail.getByText(/9 elementos$/)).toBeVisible();
      for (const event of EVENTS) await expect(detail.getByText(event.label, { exact: true })).toBeVisible();
      await expect(detail.getByText("Entrega", { exact: true })).toBeVisible();
      await expect(detail.getByText("9:00 a. m.")).toBeVisible();
      await expect(detail.getByText("Todo el día").first()).toBeVisible();
      await expect(detail.getByRole("button", { name: "Editar Parcial de química" })).toBeVisible();
      await expect(detail.getByRole("button", { name: "Eliminar Parcial de química" })).toBeVisible();
      await expectSpanish(page, `a day's detail (${size.name})`, typed);
      await detail.getByRole("button", { name: "Cerrar" }).click();
      await expect(detail).toBeHidden();

      // A free day.
      const free = `${today.slice(0, 8)}${today.slice(8) === "15" ? "16" : "15"}`;
      const empty = await openDay(page, free);
      await expect(empty.getByText("No hay eventos ni tareas")).toBeVisible();
      await expect(empty.getByText("¡Este día está libre!")).toBeVisible();
      await expectSpanish(page, `a free day (${size.name})`, typed);
    });

    test("adds an event through the dialog: its validation and every recurrence option", async ({ page }) => {
      const { user, typed } = await spanishStudent(page);
      await openCalendar(page);
      await page.getByRole("button", { name: "Agregar evento" }).click();
      const form = await eventForm(page, "Nuevo evento");
      await expect(form.getByText("Agrega un evento a tu calendario.")).toBeVisible();
      await expect(form.getByText("Se envía a tus dispositivos con las notificaciones activadas.")).toBeVisible();
      await expectSpanish(page, `the new event dialog (${size.name})`, typed);

      await form.getByRole("button", { name: "Agregar evento" }).click();
      await expect(form.getByText("El título es obligatorio")).toBeVisible();
      await expectSpanish(page, `a title refused (${size.name})`, typed);

      // Early dismissal and the 2-hour delay are named by what they are.
      const title = form.getByRole("textbox", { name: "Título del evento" });
      const types = form.getByRole("group", { name: "Tipo de evento" });
      for (const event of EVENTS.filter((e) => e.eventType !== "other"))
        await expect(types.getByRole("button", { name: event.label })).toBeVisible();
      await types.getByRole("button", { name: "Retraso de 2 horas" }).click();
      await expect(title).toHaveValue("Retraso de 2 horas");
      await types.getByRole("button", { name: "Examen" }).click();
      await title.fill("Tutoría de química");
      typed.push("Tutoría de química");

      // Every recurrence option.
      await form.getByRole("combobox", { name: "Se repite" }).click();
      for (const option of [
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
      ]) {
        await expect(page.getByRole("option", { name: option, exact: true })).toBeVisible();
      }
      await expectSpanish(page, `the recurrence options (${size.name})`, typed);
      await page.getByRole("option", { name: "Cada semana", exact: true }).click();
      await expect(form.getByRole("group", { name: "Repetir los" }).getByRole("checkbox", { name: "Lunes" })).toBeVisible();
      await expect(form.getByText("Sin fecha de fin")).toBeVisible();
      await form.getByRole("button", { name: "Agregar evento" }).click();
      await expect(form.getByText("Elige al menos un día de la semana para un evento que se repite cada semana")).toBeVisible();
      await expectSpanish(page, `a weekly event without days (${size.name})`, typed);

      // Monthly on dates: the date option, then specific dates with none ticked.
      await choose(page, form, "Se repite", "Cada mes, en fechas");
      await form.getByRole("combobox", { name: "Opción de fecha" }).click();
      const startDay = Number(schoolDate().slice(8, 10));
      await expect(page.getByRole("option", { name: `El mismo día de cada mes (el día ${startDay})` })).toBeVisible();
      await expectSpanish(page, `the monthly date options (${size.name})`, typed);
      await page.getByRole("option", { name: "En fechas específicas" }).click();
      const dates = form.getByRole("group", { name: "Repetir en las fechas" });
      await expect(dates.getByRole("checkbox", { name: "Día 28" })).toBeAttached();
      const ticked = dates.getByRole("checkbox", { checked: true });
      while ((await ticked.count()) > 0) await ticked.first().click({ force: true });
      await form.getByRole("button", { name: "Agregar evento" }).click();
      await expect(form.getByText("Elige una opción de fecha o fechas específicas para un evento que se repite cada mes")).toBeVisible();
      await expect(form.getByText("Elige fechas específicas o una opción de fecha arriba")).toBeVisible();
      await expectSpanish(page, `a monthly event without dates (${size.name})`, typed);

      // The last and the first week of the month, on a weekday.
      await choose(page, form, "Se repite", "Cada mes, última semana");
      await form.getByRole("group", { name: "Repetir los" }).getByRole("checkbox", { name: "Viernes" }).check();
      await choose(page, form, "Se repite", "Cada mes, primera semana");
      await form.getByRole("group", { name: "Repetir los" }).getByRole("checkbox", { name: "Lunes" }).check();
      await expectSpanish(page, `a monthly event by weekday (${size.name})`, typed);
      await form.getByRole("button", { name: "Agregar evento" }).click();
      await expect(toast(page, "Listo", "Evento creado")).toBeVisible();
      await expectSpanish(page, `the event created (${size.name})`, typed);
      expect(await storedEvents(user)).toMatchObject([{ title: "Tutoría de química", event_type: "exam", recurring: "first-monthly" }]);
    });

    test("changes and deletes one date of a series, and the series from a date, after choosing", async ({ page }) => {
      const { user, typed } = await spanishStudent(page);
      const mondays = mondaysOfNextMonth();
      await seedEvent(user, {
        title: "Club de robótica",
        date: mondays[0]!,
        time: "16:00",
        eventType: "study",
        recurring: "weekly",
        customDays: ["monday"],
      });
      typed.push("Club de robótica", "Club de robótica (biblioteca)", "Club de robótica B");
      await openCalendar(page);
      await showMonthOf(page, mondays[0]!);

      // This event only.
      let detail = await openDay(page, mondays[1]!);
      await detail.getByRole("button", { name: "Editar Club de robótica" }).click();
      let choice = page.getByRole("alertdialog", { name: "Editar evento que se repite" });
      await expect(choice.getByText("¿Cambiar solo esta fecha, o esta fecha y todas las siguientes?")).toBeVisible();
      await expect(choice.getByRole("button", { name: "Cancelar" })).toBeVisible();
      await expectSpanish(page, `the edit choice (${size.name})`, typed);
      await choice.getByRole("button", { name: "Solo este evento" }).click();
      let form = await eventForm(page, "Editar evento");
      await expect(form.getByText("Los cambios se aplican solo a esta fecha.")).toBeVisible();
      await expect(form.getByText("No disponible al editar un solo evento")).toBeVisible();
      await expectSpanish(page, `editing one date (${size.name})`, typed);
      await form.getByRole("textbox", { name: "Título del evento" }).fill("Club de robótica (biblioteca)");
      await form.getByRole("button", { name: "Actualizar evento" }).click();
      await expect(toast(page, "Listo", "Evento actualizado")).toBeVisible();
      await expect(day(page, mondays[1]!)).toContainText("Club de robótica (biblioteca)");
      await expectSpanish(page, `one date changed (${size.name})`, typed);

      // This and future, from the third.
      detail = await openDay(page, mondays[2]!);
      await detail.getByRole("button", { name: "Editar Club de robótica" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Este y los siguientes" }).click();
      form = await eventForm(page, "Editar evento");
      await expect(form.getByText("Los cambios se aplican a esta fecha y a todas las siguientes.")).toBeVisible();
      await form.getByRole("textbox", { name: "Título del evento" }).fill("Club de robótica B");
      await form.getByRole("button", { name: "Actualizar evento" }).click();
      await expect(toast(page, "Listo", "Serie de eventos actualizada")).toBeVisible();
      await expect(day(page, mondays[3]!)).toContainText("Club de robótica B");

      // From the first date the whole series changes: its start may move.
      detail = await openDay(page, mondays[0]!);
      await detail.getByRole("button", { name: "Editar Club de robótica" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Este y los siguientes" }).click();
      form = await eventForm(page, "Editar evento");
      await expect(form.getByText("Si cambias la fecha, cambia la fecha de inicio de toda la serie.")).toBeVisible();
      await expectSpanish(page, `editing the whole series (${size.name})`, typed);
      await form.getByRole("button", { name: "Cancelar" }).click();
      await expect(form).toBeHidden();

      // Delete one date.
      detail = await openDay(page, mondays[3]!);
      await detail.getByRole("button", { name: "Eliminar Club de robótica B" }).click();
      choice = page.getByRole("alertdialog", { name: "Eliminar evento que se repite" });
      await expect(choice.getByText("¿Eliminar solo esta fecha, o esta fecha y todas las siguientes?")).toBeVisible();
      await expectSpanish(page, `the delete choice (${size.name})`, typed);
      await choice.getByRole("button", { name: "Solo este evento" }).click();
      await expect(toast(page, "Listo", "Se eliminó esta fecha del evento")).toBeVisible();
      await expect(day(page, mondays[3]!)).not.toContainText("Club de robótica");

      // Delete the series from its first date: confirmed first.
      detail = await openDay(page, mondays[0]!);
      await detail.getByRole("button", { name: "Eliminar Club de robótica" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Este y los siguientes" }).click();
      const confirm = page.getByRole("alertdialog", { name: "Eliminar evento" });
      await expect(confirm.getByText("¿Seguro que quieres eliminar “Club de robótica”? No se puede deshacer.")).toBeVisible();
      await expectSpanish(page, `the delete confirmation (${size.name})`, typed);
      await confirm.getByRole("button", { name: "Eliminar" }).click();
      await expect(toast(page, "Listo", "Evento eliminado")).toBeVisible();
      await expect(day(page, mondays[0]!)).not.toContainText("Club de robótica");
      await expectSpanish(page, `the series deleted (${size.name})`, typed);
    });

    test("turns the calendar feed on, copies it, resets it and turns it off, in Settings", async ({ page, context }) => {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      const { typed } = await spanishStudent(page);
      await page.goto("/");
      const settings = await openSpanishSettings(page, phone);
      const feed = settings.getByRole("region", { name: "Suscripción al calendario" });
      await expect(
        feed.getByText("Tus eventos y entregas de tareas en Google Calendar, Apple Calendar u Outlook, siempre al día."),
      ).toBeVisible();
      await expectSpanish(page, `the calendar feed off (${size.name})`, typed);

      await feed.getByRole("button", { name: "Activar suscripción al calendario" }).click();
      await expect(toast(page, "Suscripción al calendario activada", "Agrega el enlace a tu app de calendario.")).toBeVisible();
      const url = await feed.getByLabel("Enlace de la suscripción al calendario").inputValue();
      expect(url).toMatch(/\/feed\/[\w-]{43}\.ics$/);
      await expect(feed.getByRole("link", { name: "Agregar a Google Calendar" })).toBeVisible();
      await expect(feed.getByRole("link", { name: "Suscribirse (Apple, Outlook)" })).toBeVisible();
      await expect(feed.getByText("Cualquiera con el enlace puede ver tu calendario: Restablecer enlace crea uno nuevo.")).toBeVisible();
      await expectSpanish(page, `the calendar feed on (${size.name})`, [...typed, url]);

      await feed.getByRole("button", { name: "Copiar enlace" }).click();
      await expect(toast(page, "¡Copiado!", "El enlace de la suscripción está en tu portapapeles.")).toBeVisible();
      await feed.getByRole("button", { name: "Restablecer enlace" }).click();
      await expect(
        toast(page, "Enlace restablecido", "El enlace anterior deja de funcionar. Agrega el nuevo a tu app de calendario."),
      ).toBeVisible();
      await expectSpanish(page, `the feed link reset (${size.name})`, [
        ...typed,
        await feed.getByLabel("Enlace de la suscripción al calendario").inputValue(),
      ]);
      await feed.getByRole("button", { name: "Desactivar" }).click();
      await expect(toast(page, "Suscripción al calendario desactivada", "El enlace ya no funciona.")).toBeVisible();
      await expect(feed.getByRole("button", { name: "Activar suscripción al calendario" })).toBeVisible();
    });

    test("says in Spanish when the calendar, the feed or a save fails", async ({ page }) => {
      const { typed } = await spanishStudent(page);
      await page.route("**/api/events", (route) =>
        route.request().method() === "GET" ? route.fulfill({ status: 500, body: "" }) : route.fallback(),
      );
      await page.goto("/#calendar");
      await expect(page.getByText("No se pudo cargar tu calendario.")).toBeVisible();
      await expect(page.getByRole("button", { name: "Volver a intentar" })).toBeVisible();
      await expectSpanish(page, `the calendar not loaded (${size.name})`, typed);
      await page.unroute("**/api/events");
      await page.getByRole("button", { name: "Volver a intentar" }).click();
      await expect(page.getByRole("grid")).toBeVisible();

      // A save that fails: the fallback, in Spanish.
      await page.route("**/api/events", (route) =>
        route.request().method() === "POST" ? route.fulfill({ status: 500, body: "" }) : route.fallback(),
      );
      await page.getByRole("button", { name: "Agregar evento" }).click();
      const form = await eventForm(page, "Nuevo evento");
      await form.getByRole("textbox", { name: "Título del evento" }).fill("Ensayo general");
      await form.getByRole("button", { name: "Agregar evento" }).click();
      await expect(toast(page, "Error", "No se pudo crear el evento")).toBeVisible();
      await expectSpanish(page, `a save failed (${size.name})`, [...typed, "Ensayo general"]);
      await page.unroute("**/api/events");

      await page.route("**/api/calendar-feed", (route) => route.fulfill({ status: 500, body: "" }));
      await form.getByRole("button", { name: "Cancelar" }).click();
      const settings = await openSpanishSettings(page, phone);
      await expect(settings.getByText("No se pudo cargar la suscripción al calendario.")).toBeVisible();
      await expect(settings.getByRole("button", { name: "Reintentar" })).toBeVisible();
      await expectSpanish(page, `the feed not loaded (${size.name})`, typed);
    });
  });
}

/** Settings, from the sidebar on a wide screen or the menu drawer on a phone, named in Spanish. */
async function openSpanishSettings(page: Page, phone: boolean): Promise<Locator> {
  if (phone) {
    await page.getByRole("button", { name: /^(Open menu|Abrir menú)$/ }).click();
    await page
      .getByRole("dialog")
      .getByRole("button", { name: /^(Settings|Configuración)$/ })
      .click();
  } else {
    await page
      .getByRole("complementary")
      .getByRole("button", { name: /^(Settings|Configuración)$/ })
      .click();
  }
  const settings = page.getByRole("dialog", { name: "Configuración" });
  await expect(settings).toBeVisible();
  // The phone's drawer has closed behind it.
  await expect(page.getByRole("dialog")).toHaveCount(1);
  return settings;
}
