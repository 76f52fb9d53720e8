import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { answerPasswordAccount } from "@/test/auth";
import { englishOnScreen } from "@/test/english-on-screen";
import { reply, student } from "@/test/fake-server";
import { renderApp } from "@/test/render";
import { findToast } from "@/test/tasks";

// Settings at desktop width, in Spanish and English (docs/decisions/120): moved from the desktop half
// of e2e/spanish-admin-account.spec.ts's Settings test, whose phone half stays in the browser with
// axe, and from e2e/account.spec.ts's Your data (the download and a real import stay in the browser).
// The server's own words (an import refused, a wrong password) arrive worded by the server in the
// request's language (server/routes/i18n.test.ts); here they are answered as it words them.

const TYPED = ["Ana", "López", "ana@example.com", "English"];
const noEnglish = () => expect(englishOnScreen(TYPED)).toEqual([]);

async function openAjustes() {
  const ana = student({ firstName: "Ana", lastName: "López", email: "ana@example.com", locale: "es" });
  const rendered = await renderApp("/", { user: ana, locale: "es", width: 1280 });
  const sidebar = await screen.findByRole("complementary", { name: "Barra lateral" });
  await rendered.user.click(within(sidebar).getByRole("button", { name: "Configuración" }));
  const settings = await screen.findByRole("dialog", { name: "Configuración" });
  return { ...rendered, settings };
}

/** A file as the browser hands it over from the file chooser. */
const fileOf = (name: string, text: string) => new File([text], name, { type: name.endsWith(".json") ? "application/json" : "text/plain" });

describe("Settings in Spanish at desktop width", () => {
  it("explains the evening summary and reads with no English on screen", async () => {
    const { settings } = await openAjustes();
    expect(
      await within(settings).findByText("Una notificación con lo que entregas mañana y lo atrasado, solo cuando hay algo."),
    ).toBeVisible();
    expect(within(settings).getByRole("heading", { name: "Tus datos" })).toBeVisible();
    noEnglish();
  });

  it("turns the evening summary on at 7:00 p. m. and off, saying so in Spanish", async () => {
    const { settings, user } = await openAjustes();
    await user.click(await within(settings).findByRole("switch", { name: "Resumen de la tarde" }));
    await findToast("Resumen de la tarde activado", "Se envía a las 7:00 p. m. cuando tienes algo para mañana o atrasado.");
    expect(within(settings).getByLabelText("Enviar a las")).toHaveValue("19:00");
    noEnglish();
    await user.click(within(settings).getByRole("switch", { name: "Resumen de la tarde" }));
    await findToast("Resumen de la tarde desactivado", "No recibirás el resumen de la tarde.");
  });

  it("refuses a file that is not an export, in Spanish, without sending it", async () => {
    const { settings, user, server } = await openAjustes();
    // A file the chooser offers (it asks for .json) whose text is not an export.
    await user.upload(within(settings).getByLabelText("Archivo de datos para importar"), fileOf("notas.json", "hola"));
    await findToast("No se pudo importar", "Este archivo no es una descarga de Student Hub");
    expect(server.sent("POST /api/user/import")).toEqual([]);
    noEnglish();
  });

  it("imports an export and says what was restored, in Spanish", async () => {
    const { settings, user, server } = await openAjustes();
    server.answer("POST /api/user/import", { tasks: 0, events: 1, classes: 8 });
    const exported = fileOf("student-hub-export.json", JSON.stringify({ format: "student-hub-export", version: 1 }));
    await user.upload(within(settings).getByLabelText("Archivo de datos para importar"), exported);
    await findToast("Datos importados", "Se restauraron 0 tareas, 1 evento y 8 clases.");
    expect(server.body("POST /api/user/import")).toEqual({ format: "student-hub-export", version: 1 });
    noEnglish();
  });

  it("shows the server's refusal of an import into an account with tasks", async () => {
    const { settings, user, server } = await openAjustes();
    const refusal =
      "Tu cuenta ya tiene tareas o eventos. Importar restaura una descarga en una cuenta vacía: elimínalos primero o usa una cuenta nueva.";
    server.answer("POST /api/user/import", reply(409, { message: refusal, code: "settings.import_needs_empty_account" }));
    await user.upload(within(settings).getByLabelText("Archivo de datos para importar"), fileOf("export.json", "{}"));
    await findToast("No se pudo importar", "Tu cuenta ya tiene tareas o eventos.");
  });

  it("asks before deleting the account, with Delete disabled until a password is typed, and says a wrong one", async () => {
    const { settings, user, server } = await openAjustes();
    answerPasswordAccount(server);
    server.answer("DELETE /api/user", reply(401, { message: "La contraseña es incorrecta", code: "auth.password_incorrect" }));
    await user.click(within(settings).getByRole("button", { name: "Eliminar mi cuenta" }));
    const confirm = await screen.findByRole("alertdialog", { name: "¿Eliminar tu cuenta?" });
    expect(within(confirm).getByRole("button", { name: "Eliminar cuenta" })).toBeDisabled();
    noEnglish();
    await user.type(within(confirm).getByLabelText("Contraseña"), "Mal!Clave-123");
    await user.click(within(confirm).getByRole("button", { name: "Eliminar cuenta" }));
    await waitFor(() => expect(within(confirm).getByRole("alert")).toHaveTextContent("La contraseña es incorrecta"));
    expect(server.body("DELETE /api/user")).toEqual({ password: "Mal!Clave-123" });
    await user.click(within(confirm).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
  });
});

describe("Your data in English", () => {
  async function openSettings() {
    const rendered = await renderApp("/", { user: student(), width: 1280 });
    const sidebar = await screen.findByRole("complementary", { name: "Sidebar" });
    await rendered.user.click(within(sidebar).getByRole("button", { name: "Settings" }));
    return { ...rendered, settings: await screen.findByRole("dialog", { name: "Settings" }) };
  }

  it("explains the evening summary and names the data section", async () => {
    const { settings } = await openSettings();
    expect(
      await within(settings).findByText("One notification with what is due tomorrow and what is overdue, only when there is something."),
    ).toBeVisible();
    expect(within(settings).getByRole("heading", { name: "Your data" })).toBeVisible();
  });

  it("refuses a file that is not an export without sending it", async () => {
    const { settings, user, server } = await openSettings();
    await user.upload(within(settings).getByLabelText("Export file to import"), fileOf("notes.json", "hello"));
    await findToast("Import failed", "This file is not a Student Hub export");
    expect(server.sent("POST /api/user/import")).toEqual([]);
  });

  it.each([
    [{ tasks: 0, events: 1, classes: 8 }, "0 tasks, 1 event and 8 classes restored."],
    [{ tasks: 1, events: 2, classes: 1 }, "1 task, 2 events and 1 class restored."],
  ])("says what an import of %o restored: %s", async (counts, text) => {
    const { settings, user, server } = await openSettings();
    server.answer("POST /api/user/import", counts);
    await user.upload(within(settings).getByLabelText("Export file to import"), fileOf("export.json", "{}"));
    await findToast("Data imported", text);
  });
});

describe("Your data's counts in Spanish", () => {
  it.each([
    [{ tasks: 1, events: 2, classes: 1 }, "Se restauraron 1 tarea, 2 eventos y 1 clase."],
    [{ tasks: 3, events: 0, classes: 6 }, "Se restauraron 3 tareas, 0 eventos y 6 clases."],
  ])("says what an import of %o restored: %s", async (counts, text) => {
    const { settings, user, server } = await openAjustes();
    server.answer("POST /api/user/import", counts);
    await user.upload(within(settings).getByLabelText("Archivo de datos para importar"), fileOf("export.json", "{}"));
    await findToast("Datos importados", text);
  });
});
