import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { englishOnScreen } from "@/test/english-on-screen";
import { reply, student } from "@/test/fake-server";
import { renderApp } from "@/test/render";
import { findToast } from "@/test/tasks";

// The password reset page in Spanish at desktop width (docs/decisions/120): moved from the desktop
// half of e2e/spanish-admin-account.spec.ts, whose phone half stays in the browser with axe. The
// server words a wrong temporary password in the request's language (server/routes/i18n.test.ts).

const TEMPORARY_PASSWORD = "Temp#Pass2025";
const NEW_PASSWORD = "N3w!Secret-pass";
const camila = () => student({ firstName: "Camila", lastName: "Vargas", passwordResetRequired: true, locale: "es" });
const TYPED = ["Camila", "Vargas", "English"];

async function openInSpanish() {
  const rendered = await renderApp("/", { user: camila(), locale: "es", width: 1280 });
  expect(await screen.findByRole("heading", { level: 1, name: "Elige una nueva contraseña" })).toBeVisible();
  return rendered;
}

async function fillForm(user: Awaited<ReturnType<typeof renderApp>>["user"], temporary: string) {
  await user.type(screen.getByLabelText("Contraseña temporal", { exact: true }), temporary);
  await user.type(screen.getByLabelText("Nueva contraseña", { exact: true }), NEW_PASSWORD);
  await user.type(screen.getByLabelText("Confirmar nueva contraseña", { exact: true }), NEW_PASSWORD);
  await user.click(screen.getByRole("button", { name: "Actualizar contraseña" }));
}

describe("the password reset page in Spanish", () => {
  it("takes a student whose password was reset to the page, titled and explained in Spanish", async () => {
    await openInSpanish();
    expect(window.location.pathname).toBe("/password-reset");
    await waitFor(() => expect(document.title).toBe("Elige una nueva contraseña · Student Hub"));
    expect(screen.getByText(/Tu contraseña se restableció\./)).toBeVisible();
    expect(screen.getByText("Debe tener al menos 8 caracteres, con mayúscula, minúscula, número y carácter especial.")).toBeVisible();
    expect(englishOnScreen(TYPED)).toEqual([]);
  });

  it("says the form's own refusal in Spanish and sends nothing", async () => {
    const { user, server } = await openInSpanish();
    await user.click(screen.getByRole("button", { name: "Actualizar contraseña" }));
    expect(await screen.findByText("La contraseña temporal es obligatoria")).toBeVisible();
    expect(server.sent("POST /api/auth/set-new-password")).toEqual([]);
    expect(englishOnScreen(TYPED)).toEqual([]);
  });

  it("says a wrong temporary password in a Spanish toast", async () => {
    const { user, server } = await openInSpanish();
    server.answer(
      "POST /api/auth/set-new-password",
      reply(400, {
        message: "La contraseña temporal es incorrecta",
        code: "auth.temporary_password_incorrect",
        errors: { temporaryPassword: ["La contraseña temporal es incorrecta"] },
      }),
    );
    await fillForm(user, "Otra!Clave-99");
    await findToast("No se pudo actualizar", "La contraseña temporal es incorrecta");
    expect(window.location.pathname).toBe("/password-reset");
    expect(englishOnScreen(TYPED)).toEqual([]);
  });

  it("confirms the new password in Spanish and opens the dashboard", async () => {
    const { user, server } = await openInSpanish();
    server.on("POST /api/auth/set-new-password", () => (server.user = { ...camila(), passwordResetRequired: false }));
    await fillForm(user, TEMPORARY_PASSWORD);
    await findToast("Contraseña actualizada", "Tu contraseña se actualizó. Ya puedes usar tu cuenta con normalidad.");
    expect(await screen.findByRole("tablist", { name: "Secciones del panel" })).toBeVisible();
    expect(window.location.pathname).toBe("/");
  });

  it("asks a visitor to sign in first, in Spanish", async () => {
    await renderApp("/password-reset", { locale: "es", width: 1280 });
    expect(await screen.findByText(/Inicia sesión primero para elegir una nueva contraseña\./)).toBeVisible();
    expect(screen.getByRole("link", { name: "Iniciar sesión" })).toBeVisible();
    expect(englishOnScreen(["English"])).toEqual([]);
  });
});
