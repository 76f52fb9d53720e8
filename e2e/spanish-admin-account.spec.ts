import type { Browser, Page } from "@playwright/test";
import { e2eDb, expect, requirePasswordReset, seedUser, serverNoticesOutsideWrite, signIn, test, type SeededUser } from "./fixtures";
import { receivedPushes, standInForPushManager, subscribeDeviceThrough } from "./push-helpers";
import { readCatalog } from "../scripts/catalogs";
import { expectSpanish, WIDTHS } from "./spanish";
import { seedEvent } from "./event-helpers";

/**
 * The admin panel and the push debug page on a phone, and the password reset page and Settings'
 * notifications, evening summary, data and delete-account cards at a phone's and a desktop's width,
 * read in Spanish (issue 34, decision 108): no English catalog text and axe clean. The panel's
 * words in every state, at both widths, are its component tests' (docs/decisions/120).
 */

/** The passcode the browser suite's server runs with (playwright.config.ts). */
const PASSCODE = "K7QM";
const TEMPORARY_PASSWORD = "Tmp!Clave-2026";
const NEW_PASSWORD = "N3w!Secreto-clave";
/** A Spanish speaker's classes: seeded names are theirs, not the catalog's. */
const CLASES = ["Matemáticas", "Ciencias", "Historia", "Inglés", "Química", "Física", "Biología", "Arte"];

/** A user whose account speaks Spanish, set before they sign in. */
async function spanishUser(overrides: Parameters<typeof seedUser>[0] = {}): Promise<SeededUser> {
  const user = await seedUser({ userClasses: CLASES, ...overrides });
  await e2eDb().updateTable("users").set({ locale: "es" }).where("id", "=", user.id).execute();
  await serverNoticesOutsideWrite();
  return user;
}

/**
 * The Home tab's own words this change does not convert (the Home tab's change does): set aside
 * while they are not in the catalog, read like the rest once they are.
 */
const HOME_TAB_WORDS = ["Today's Schedule"].filter((text) => !Object.values(readCatalog("en")).includes(text));

/** What a test typed or seeded, set aside when looking for English: names and emails. */
const typed = (...users: SeededUser[]) => users.flatMap((user) => [user.email, user.firstName, user.lastName]);

/** A toast, in the toasts' region as a Spanish reader hears it named. */
function toast(page: Page, title: string, text: string | RegExp) {
  return page
    .getByRole("region", { name: /^Notificaciones/ })
    .getByRole("listitem")
    .filter({ hasText: title })
    .filter({ hasText: text });
}

async function openPanel(page: Page) {
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Panel de administración" })).toBeVisible();
}

async function unlock(page: Page) {
  await page.getByLabel("Código de acceso", { exact: true }).fill(PASSCODE);
  await page.getByRole("button", { name: "Desbloquear el panel" }).click();
  await expect(page.getByText("Acceso de administración", { exact: true })).toBeVisible();
}

const userRow = (page: Page, email: string) =>
  page.getByRole("list", { name: "Usuarios" }).getByRole("listitem").filter({ hasText: email });

async function searchFor(page: Page, text: string) {
  await page.getByLabel("Buscar usuarios").fill(text);
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(text).replace(/\./g, "\\.")}`));
}

/** Settings, from the sidebar on a wide screen or from the menu drawer on a phone. */
async function openSettings(page: Page, phone: boolean) {
  if (phone) {
    await page.getByRole("button", { name: /^(Open menu|Abrir (el )?menú)$/ }).click();
    await page
      .getByRole("dialog", { name: /^(Menu|Menú)$/ })
      .getByRole("button", { name: "Configuración" })
      .click();
  } else {
    await page.getByRole("complementary").getByRole("button", { name: "Configuración" }).click();
  }
  const settings = page.getByRole("dialog", { name: "Configuración" });
  await expect(settings).toBeVisible();
  return settings;
}

/** The student's own browser, signed in, with a device registered for push. */
async function studentWithDevice(browser: Browser, student: SeededUser) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await signIn(page, student);
  const device = await subscribeDeviceThrough(page);
  await context.close();
  return device;
}

/**
 * The admin panel in Spanish, on a phone: each screen scanned for English and by axe. Their words,
 * refusals and toasts, at both widths, are client/app/screens/admin.test.tsx's and
 * client/features/admin/components/*.test.tsx's (docs/decisions/120).
 */
test.describe("the admin panel in Spanish (phone)", () => {
  const size = WIDTHS[0];
  test.use({ viewport: { width: size.width, height: size.height }, locale: "es-MX", timezoneId: "America/New_York" });

  test("the passcode gate, User Management and its questions, the temporary password, the Audit Log and App Settings", async ({ page }) => {
    test.slow(); // Many screens, each scanned.
    const admin = await spanishUser({ firstName: "Rosa", lastName: "Díaz", isAdmin: true });
    const student = await seedUser({ firstName: "Mateo", lastName: "Hernández", userClasses: CLASES });
    const seen = typed(admin, student);
    await signIn(page, admin);

    await openPanel(page);
    await expectSpanish(page, "the passcode gate", seen);
    await unlock(page);

    // The five tabs are one row that scrolls sideways (they wrapped to four rows): the last, reached
    // by the keyboard, comes into view, and the page itself does not scroll sideways.
    const tabs = page.getByRole("tablist", { name: "Secciones de administración" });
    const firstTab = tabs.getByRole("tab").first();
    const rowHeight = (await firstTab.boundingBox())!.height;
    expect((await tabs.boundingBox())!.height).toBeLessThan(rowHeight * 2);
    await firstTab.focus();
    await page.keyboard.press("End");
    const lastTab = tabs.getByRole("tab", { name: "Configuración de la app" });
    await expect(lastTab).toBeFocused();
    await expect(lastTab).toBeInViewport({ ratio: 1 });
    await page.keyboard.press("Home");
    await expect(firstTab).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);

    await searchFor(page, student.email);
    const row = userRow(page, student.email);
    await expect(row).toHaveCount(1);
    await expectSpanish(page, "User Management", seen);
    await row.getByRole("switch", { name: "Permisos de administrador de Mateo Hernández" }).click();
    const promote = page.getByRole("alertdialog", { name: "Hacer administrador" });
    await expectSpanish(page, "the Make Admin question", seen);
    await promote.getByRole("button", { name: "Cancelar" }).click();
    await row.getByRole("button", { name: "Restablecer contraseña de Mateo Hernández" }).click();
    await expectSpanish(page, "the reset question", seen);
    await page.getByRole("alertdialog", { name: "Restablecer contraseña" }).getByRole("button", { name: "Restablecer contraseña" }).click();
    const shown = page.getByRole("dialog", { name: "Contraseña temporal" });
    const temporaryPassword = (await shown.getByLabel("Contraseña temporal").textContent()) ?? "";
    await expectSpanish(page, "the temporary password", [...seen, temporaryPassword]);
    await shown.getByRole("button", { name: "Listo" }).click();
    await expect(row.getByText("Cambio de contraseña pendiente")).toBeVisible();

    await page.getByRole("tab", { name: "Registro de actividad" }).click();
    const entries = page.getByRole("list", { name: "Entradas del registro de actividad" });
    await expect(entries.getByRole("listitem").filter({ hasText: "Contraseña restablecida" }).first()).toBeVisible();
    // Other suites' entries are listed too: their emails and what their admins typed are data, not words.
    const data = [...(await entries.innerText()).matchAll(/[\w.+-]+@[\w.-]+|título: [^,\n]*/g)].map((match) => match[0]);
    await expectSpanish(page, "the Audit Log", [...seen, ...data]);

    await page.getByRole("tab", { name: "Configuración de la app" }).click();
    await expect(page.getByLabel("URL del perfil social")).toBeVisible();
    await expectSpanish(page, "App Settings", seen);
  });

  test("Notifications: a push sent to a student's device; the Push Debug tab; the push debug page", async ({ page, browser }) => {
    test.slow();
    const admin = await spanishUser({ firstName: "Dana", lastName: "Ortiz", isAdmin: true });
    const withDevice = await seedUser({ firstName: "Lucía", lastName: "Gómez", userClasses: CLASES });
    const device = await studentWithDevice(browser, withDevice);
    const seen = typed(admin, withDevice);
    await signIn(page, admin);

    await page.goto("/admin?tab=notifications");
    await unlock(page);
    await expect(page.getByRole("heading", { level: 2, name: "Notificaciones" })).toBeVisible();
    await page.getByLabel("Buscar usuarios").fill(withDevice.email);
    await page.getByRole("radio", { name: new RegExp(withDevice.email) }).check();
    await page.getByLabel("Título").fill("Asamblea");
    await page.getByLabel("Mensaje").fill("La asamblea es en el gimnasio a las 10.");
    await page.getByRole("button", { name: "Enviar notificación" }).click();
    await expect(toast(page, "Listo", "Notificación enviada")).toBeVisible();
    await expectSpanish(page, "a push sent", seen);
    await expect
      .poll(async () => (await receivedPushes()).find((push) => push.device === device.id)?.payload)
      .toMatchObject({ title: "Asamblea", body: "La asamblea es en el gimnasio a las 10." });

    // The Push Debug tab, for the admin's own device.
    await subscribeDeviceThrough(page);
    await page.getByRole("tab", { name: "Depuración de notificaciones" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Depuración de notificaciones" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: "Las notificaciones en iPhone y iPad necesitan" })).toBeVisible();
    await page.getByRole("button", { name: "Comprobar el estado" }).click();
    await expect(page.getByRole("definition").filter({ hasText: /dispositivo en tu cuenta$/ })).toBeVisible();
    await expectSpanish(page, "the Push Debug tab", seen);
    await page.getByRole("button", { name: "Probar la solicitud de permiso" }).click();
    await expect(page.getByRole("status").filter({ hasText: /^Permiso: / })).toBeVisible();
    await page.getByRole("button", { name: "Enviar notificación de prueba" }).click();
    await expect(toast(page, "Listo", "Notificación enviada")).toBeVisible();
    await expectSpanish(page, "a test push", seen);
    await expect
      .poll(async () => (await receivedPushes()).map((push) => (push.payload as { title: string }).title))
      .toContain("Notificación de prueba");

    // The push debug page, for any student.
    const student = await spanishUser({ firstName: "Inés", lastName: "Navarro" });
    await page.context().clearCookies();
    await signIn(page, student);
    await page.goto("/admin/push-debug");
    await expect(page.getByRole("heading", { level: 1, name: "Depuración de notificaciones" })).toBeVisible();
    await expect(page).toHaveTitle("Depuración de notificaciones · Student Hub");
    await expect(page.getByRole("link", { name: "Volver al inicio" })).toBeVisible();
    await page.getByRole("button", { name: "Comprobar el estado" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Estado de las notificaciones" })).toBeVisible();
    await expect(page.getByRole("definition").filter({ hasText: "no conoce este dispositivo; 0 dispositivos en tu cuenta" })).toBeVisible();
    await expectSpanish(page, "the push debug page", typed(student));
  });
});

// At phone width only: axe runs once per screen, theme and language (decision 120); the Spanish
// words at desktop width are component tests.
for (const size of WIDTHS.filter(({ name }) => name === "phone")) {
  const phone = size.width < 768;

  test.describe(`in Spanish (${size.name})`, () => {
    test.use({ viewport: { width: size.width, height: size.height }, locale: "es-MX", timezoneId: "America/New_York" });

    test("the password reset page: required, refused, done; and a visitor's", async ({ page, browser }) => {
      const student = await spanishUser({ firstName: "Camila", lastName: "Vargas" });
      await requirePasswordReset(student, TEMPORARY_PASSWORD);
      await signIn(page, student);
      await page.goto("/");
      await expect(page).toHaveURL(/\/password-reset$/);
      await expect(page.getByRole("heading", { level: 1, name: "Elige una nueva contraseña" })).toBeVisible();
      await expect(page).toHaveTitle("Elige una nueva contraseña · Student Hub");
      await expect(page.getByText("Tu contraseña se restableció.")).toBeVisible();
      await expect(page.getByText("Debe tener al menos 8 caracteres, con mayúscula, minúscula, número y carácter especial.")).toBeVisible();
      await expectSpanish(page, `the password reset page (${size.name})`, typed(student));

      await page.getByRole("button", { name: "Actualizar contraseña" }).click();
      await expect(page.getByText("La contraseña temporal es obligatoria")).toBeVisible();
      await expectSpanish(page, `the password reset page's own refusals (${size.name})`, typed(student));

      await page.getByLabel("Contraseña temporal", { exact: true }).fill("Otra!Clave-99");
      await page.getByLabel("Nueva contraseña", { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel("Confirmar nueva contraseña", { exact: true }).fill(NEW_PASSWORD);
      await page.getByRole("button", { name: "Actualizar contraseña" }).click();
      await expect(toast(page, "No se pudo actualizar", /.+/)).toBeVisible();
      await expectSpanish(page, `a wrong temporary password (${size.name})`, typed(student));

      await page.getByLabel("Contraseña temporal", { exact: true }).fill(TEMPORARY_PASSWORD);
      await page.getByRole("button", { name: "Actualizar contraseña" }).click();
      await expect(
        toast(page, "Contraseña actualizada", "Tu contraseña se actualizó. Ya puedes usar tu cuenta con normalidad."),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/$/);

      const visitorContext = await browser.newContext({
        baseURL: test.info().project.use.baseURL,
        locale: "es-MX",
        viewport: { width: size.width, height: size.height },
      });
      const visitor = await visitorContext.newPage();
      await visitor.goto("/password-reset");
      await expect(visitor.getByText("Inicia sesión primero para elegir una nueva contraseña.", { exact: false })).toBeVisible();
      await expect(visitor.getByRole("link", { name: "Iniciar sesión" })).toBeVisible();
      await expectSpanish(visitor, `the password reset page for a visitor (${size.name})`);
      await visitorContext.close();
    });

    test("Settings: the evening summary, your data (import refused and done) and deleting the account", async ({ page }) => {
      test.slow();
      const source = await spanishUser({ firstName: "Diego", lastName: "Morales" });
      // An event far ahead: the Home tab behind Settings lists no task or event of it.
      await seedEvent(source, { title: "Feria de ciencias", date: "2099-03-01" });
      const student = await spanishUser({ firstName: "Ana", lastName: "López" });
      const seen = [...typed(source, student), ...HOME_TAB_WORDS];
      await signIn(page, source);
      const exported = await page.request.get("/api/user/export");
      expect(exported.status()).toBe(200);
      const file = { name: "student-hub-export.json", mimeType: "application/json", buffer: await exported.body() };
      await page.context().clearCookies();
      await signIn(page, student);
      await page.goto("/");

      let settings = await openSettings(page, phone);
      await expect(settings.getByText("Una notificación con lo que entregas mañana y lo atrasado, solo cuando hay algo.")).toBeVisible();
      await expectSpanish(page, `Settings (${size.name})`, seen);

      await settings.getByRole("switch", { name: "Resumen de la tarde" }).click();
      await expect(
        toast(page, "Resumen de la tarde activado", "Se envía a las 7:00 p. m. cuando tienes algo para mañana o atrasado."),
      ).toBeVisible();
      await expect(settings.getByLabel("Enviar a las")).toHaveValue("19:00");
      await expectSpanish(page, `the evening summary on (${size.name})`, seen);
      await settings.getByRole("switch", { name: "Resumen de la tarde" }).click();
      await expect(toast(page, "Resumen de la tarde desactivado", "No recibirás el resumen de la tarde.")).toBeVisible();

      await expect(settings.getByRole("heading", { name: "Tus datos" })).toBeVisible();
      await settings
        .getByLabel("Archivo de datos para importar")
        .setInputFiles({ name: "notas.txt", mimeType: "text/plain", buffer: Buffer.from("hola") });
      await expect(toast(page, "No se pudo importar", "Este archivo no es una descarga de Student Hub")).toBeVisible();
      await expectSpanish(page, `an import of the wrong file (${size.name})`, seen);

      await settings.getByLabel("Archivo de datos para importar").setInputFiles(file);
      await expect(toast(page, "Datos importados", "Se restauraron 0 tareas, 1 evento y 8 clases.")).toBeVisible();
      await expectSpanish(page, `an import done (${size.name})`, seen);
      await settings.getByLabel("Archivo de datos para importar").setInputFiles(file);
      await expect(toast(page, "No se pudo importar", /Tu cuenta ya tiene tareas o eventos\./)).toBeVisible();
      await expectSpanish(page, `an import refused (${size.name})`, seen);

      await settings.getByRole("button", { name: "Eliminar mi cuenta" }).click();
      const confirm = page.getByRole("alertdialog", { name: "¿Eliminar tu cuenta?" });
      await expect(confirm.getByRole("button", { name: "Eliminar cuenta" })).toBeDisabled();
      await expectSpanish(page, `the delete-account question (${size.name})`, seen);
      await confirm.getByLabel("Contraseña").fill("Mal!Clave-123");
      await confirm.getByRole("button", { name: "Eliminar cuenta" }).click();
      await expect(confirm.getByRole("alert")).toHaveText("La contraseña es incorrecta");
      await expectSpanish(page, `a wrong password to delete the account (${size.name})`, seen);
      await confirm.getByRole("button", { name: "Cancelar" }).click();
      await expect(confirm).toBeHidden();
      settings = await openSettings(page, phone);
      await expect(settings).toBeVisible();
    });

    test("the notifications card, refused by the browser", async ({ page }) => {
      const student = await spanishUser({ firstName: "Julia", lastName: "Serrano" });
      await signIn(page, student);
      await page.goto("/#home");
      const card = page.getByRole("region", { name: "Configuración de notificaciones" });
      await expect(card.getByRole("heading", { name: "Notificaciones" })).toBeVisible();
      await expect(card.getByText("Recibe recordatorios y avisos de la escuela en este dispositivo.")).toBeVisible();
      await expectSpanish(page, `the notifications card (${size.name})`, [...typed(student), ...HOME_TAB_WORDS]);
      await card.getByRole("button", { name: "Activar notificaciones" }).click();
      await expect(toast(page, "Notificaciones bloqueadas", /Permítelas en la configuración del sitio/)).toBeVisible();
      await expectSpanish(page, `notifications blocked (${size.name})`, [...typed(student), ...HOME_TAB_WORDS]);
    });
  });

  test.describe(`in Spanish, with the permission and the app's worker (${size.name})`, () => {
    test.use({ viewport: { width: size.width, height: size.height }, locale: "es-MX", serviceWorkers: "allow" });

    test("the notifications card turns on and off", async ({ page, context }) => {
      const student = await spanishUser({ firstName: "Pablo", lastName: "Medina" });
      await context.grantPermissions(["notifications"]);
      await standInForPushManager(page);
      await signIn(page, student);
      await page.goto("/#home");
      const card = page.getByRole("region", { name: "Configuración de notificaciones" });
      await card.getByRole("button", { name: "Activar notificaciones" }).click();
      await expect(toast(page, "Notificaciones activadas", "Recibirás notificaciones de Student Hub en este dispositivo.")).toBeVisible();
      await expect(card.getByText("Las notificaciones están activadas en este dispositivo.")).toBeVisible();
      await expectSpanish(page, `notifications on (${size.name})`, [...typed(student), ...HOME_TAB_WORDS]);
      await card.getByRole("button", { name: "Desactivar" }).click();
      await expect(
        toast(page, "Notificaciones desactivadas", "Ya no recibirás notificaciones de Student Hub en este dispositivo."),
      ).toBeVisible();
      await expectSpanish(page, `notifications off (${size.name})`, [...typed(student), ...HOME_TAB_WORDS]);
    });
  });
}

test.describe("in Spanish, in an iPhone's browser tab", () => {
  test.use({
    locale: "es-MX",
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
    viewport: { width: 390, height: 844 },
  });

  test("the notifications card says how to add Student Hub to the Home Screen", async ({ page }) => {
    const student = await spanishUser({ firstName: "Marta", lastName: "Rojas" });
    await signIn(page, student);
    await page.goto("/#home");
    const card = page.getByRole("region", { name: "Configuración de notificaciones" });
    await expect(card.getByText("Elige Agregar a pantalla de inicio y luego Agregar.")).toBeVisible();
    await expectSpanish(page, "the notifications card on an iPhone", [...typed(student), ...HOME_TAB_WORDS]);
  });
});
