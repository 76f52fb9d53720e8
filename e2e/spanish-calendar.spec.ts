import type { Locator, Page } from "@playwright/test";
import { e2eDb, expect, seedUser, type SeededUser, serverNoticesOutsideWrite, signIn, test } from "./fixtures";
import { seedEvent } from "./event-helpers";
import { schoolDate, seedTasks } from "./task-helpers";
import { expectSpanish, WIDTHS } from "./spanish";

/**
 * The Calendar in Spanish (issue 34, decision 108) as Chromium renders it: no English on the tab,
 * a month with every event type, a day's detail and the event dialog, and axe finds nothing, at a
 * phone's width. The words of every state (the dialog's validation and recurrence options, a
 * series' choices, deletes, the calendar feed, the errors, the toasts) are the component tests'
 * (client/features/calendar/components/calendar-tab-spanish.test.tsx, docs/decisions/120).
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

async function openDay(page: Page, date: string): Promise<Locator> {
  await day(page, date).click();
  const dialog = page.getByRole("dialog", { name: longDate(date) });
  await expect(dialog).toBeVisible();
  return dialog;
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

const PHONE = WIDTHS.find((size) => size.name === "phone")!;

test.describe(`the Calendar in Spanish (${PHONE.name})`, () => {
  test.use({ viewport: { width: PHONE.width, height: PHONE.height }, locale: "es-MX" });

  test("reads in Spanish, clean for axe: the empty tab, a month with every event type, a day's detail, the event dialog", async ({
    page,
  }) => {
    const { user, typed } = await spanishStudent(page);
    const today = schoolDate();
    await openCalendar(page);
    await expect(day(page, today)).toHaveAccessibleName(`${fullDate(today)}, Sin elementos`);
    await expectSpanish(page, `the empty calendar (${PHONE.name})`, typed);

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
    await expect(day(page, today)).toHaveAccessibleName(new RegExp(`^${fullDate(today)}, 9 elementos: .*Visita al museo \\(completado\\)`));
    await expect(day(page, today)).toContainText("+8");
    await expectSpanish(page, `a month with events (${PHONE.name})`, typed);

    const detail = await openDay(page, today);
    await expect(detail.getByText(/9 elementos$/)).toBeVisible();
    await expectSpanish(page, `a day's detail (${PHONE.name})`, typed);
    await detail.getByRole("button", { name: "Cerrar" }).click();
    await expect(detail).toBeHidden();

    await page.getByRole("button", { name: "Agregar evento" }).click();
    const form = page.getByRole("dialog", { name: "Nuevo evento" });
    await expect(form.getByText("Agrega un evento a tu calendario.")).toBeVisible();
    await expectSpanish(page, `the new event dialog (${PHONE.name})`, typed);
  });
});
