import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LOCALE_COOKIE } from "@core/i18n/locale";
import { englishOnScreen } from "@/test/english-on-screen";
import { reply, student } from "@/test/fake-server";
import { renderApp } from "@/test/render";

/** The language switch names English in English, as it should; the scan knows the word as a subject. */
const LANGUAGE_NAME = ["English"];

// Moved from e2e/spanish-start.spec.ts (docs/decisions/120): the auth screen, its forms' messages,
// the 404 page and Settings → Language in Spanish. The browser keeps the Spanish auth screen once
// at phone width with axe, and registering in Spanish then signing in on an English device.

describe("a Spanish-speaking visitor", () => {
  it("reads the auth screen, its two forms and their messages in Spanish, with no English on screen", async () => {
    const { user } = await renderApp("/auth", { locale: "es" });
    expect(await screen.findByRole("heading", { name: "Iniciar sesión" })).toBeVisible();
    await waitFor(() => expect(document.title).toBe("Iniciar sesión · Student Hub"));
    expect(document.documentElement).toHaveAttribute("lang", "es");
    expect(englishOnScreen(LANGUAGE_NAME)).toEqual([]);

    // Sent empty: the forms' own validation, in Spanish.
    await user.click(screen.getByRole("button", { name: "Iniciar sesión" }));
    expect(await screen.findByText("Correo electrónico no válido")).toBeVisible();
    expect(screen.getByText("La contraseña es obligatoria")).toBeVisible();
    expect(englishOnScreen(LANGUAGE_NAME)).toEqual([]);

    await user.click(screen.getByRole("link", { name: "Crea una cuenta" }));
    expect(await screen.findByRole("heading", { name: "Crear cuenta" })).toBeVisible();
    await user.type(screen.getByLabelText("Contraseña", { exact: true }), "short");
    await user.click(screen.getByRole("button", { name: "Crear cuenta" }));
    expect(await screen.findByText("El nombre es obligatorio")).toBeVisible();
    expect(screen.getByText("La contraseña debe tener al menos 8 caracteres")).toBeVisible();
    expect(englishOnScreen(LANGUAGE_NAME)).toEqual([]);
  });

  it("asks the server in Spanish, and shows its refusal of a wrong password as it words it", async () => {
    const { server, user } = await renderApp("/auth", { locale: "es" });
    server.answer(
      "POST /api/auth/login",
      reply(401, { message: "Correo electrónico o contraseña incorrectos", code: "auth.invalid_credentials" }),
    );
    await user.type(await screen.findByLabelText("Correo electrónico"), "ana@example.com");
    await user.type(screen.getByLabelText("Contraseña", { exact: true }), "Wr0ng!Password");
    await user.click(screen.getByRole("button", { name: "Iniciar sesión" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Correo electrónico o contraseña incorrectos");
    expect(server.sent("POST /api/auth/login")[0]!.headers["accept-language"]).toBe("es");
    expect(englishOnScreen([...LANGUAGE_NAME, "ana@example.com"])).toEqual([]);
  });

  it("switches to English, and this device keeps the choice", async () => {
    const { user } = await renderApp("/auth", { locale: "es" });
    await user.click(await screen.findByText("English", { exact: true }));
    expect(await screen.findByRole("heading", { name: "Sign In" })).toBeVisible();
    expect(document.documentElement).toHaveAttribute("lang", "en");
    expect(document.cookie).toContain(`${LOCALE_COOKIE}=en`);

    await user.click(screen.getByText("Español", { exact: true }));
    expect(await screen.findByRole("heading", { name: "Iniciar sesión" })).toBeVisible();
    expect(document.cookie).toContain(`${LOCALE_COOKIE}=es`);
  });

  it("finds the 404 page in Spanish", async () => {
    await renderApp("/no-such-page", { locale: "es" });
    expect(await screen.findByRole("heading", { name: "404 Página no encontrada" })).toBeVisible();
    expect(englishOnScreen(LANGUAGE_NAME)).toEqual([]);
  });
});

describe("document titles in Spanish", () => {
  it.each([
    ["/", "Student Hub: Tu centro de productividad estudiantil"],
    ["/auth", "Iniciar sesión · Student Hub"],
    ["/auth?mode=register", "Crear cuenta · Student Hub"],
    ["/password-reset", "Elige una nueva contraseña · Student Hub"],
    ["/no/such/page", "404 Página no encontrada · Student Hub"],
  ])("a visitor at %s reads %s", async (path, title) => {
    await renderApp(path, { locale: "es" });
    await waitFor(() => expect(document.title).toBe(title));
  });

  it.each([
    ["/", "Inicio · Student Hub"],
    ["/#todo", "Tareas · Student Hub"],
    ["/#calendar", "Calendario · Student Hub"],
    ["/admin/push-debug", "Depuración de notificaciones · Student Hub"],
  ])("a signed-in student at %s reads %s", async (path, title) => {
    const { server } = await renderApp(path, { user: student({ locale: "es" }), locale: "es" });
    server.answer("GET /api/push/subscriptions", []);
    await waitFor(() => expect(document.title).toBe(title));
  });
});

describe("Settings → Language", () => {
  it("switches the app at once and keeps the choice with the account; back to English the same way", async () => {
    const { server, user } = await renderApp("/", { user: student() });
    await user.click(await screen.findByRole("button", { name: "Settings" }));
    const settings = await screen.findByRole("dialog", { name: "Settings" });
    await user.click(within(settings).getByRole("radio", { name: "Español" }));

    const ajustes = await screen.findByRole("dialog", { name: "Configuración" });
    expect(within(ajustes).getByRole("radio", { name: "Español" })).toBeChecked();
    expect(within(ajustes).getByRole("button", { name: "Cerrar sesión" })).toBeVisible();
    expect(document.documentElement).toHaveAttribute("lang", "es");
    await waitFor(() => expect(server.sent("PUT /api/user/preferences").at(-1)?.body).toEqual({ locale: "es" }));

    await user.click(within(ajustes).getByRole("radio", { name: "English" }));
    expect(await screen.findByRole("dialog", { name: "Settings" })).toBeVisible();
    expect(document.documentElement).toHaveAttribute("lang", "en");
    await waitFor(() => expect(server.sent("PUT /api/user/preferences").at(-1)?.body).toEqual({ locale: "en" }));
  });
});
