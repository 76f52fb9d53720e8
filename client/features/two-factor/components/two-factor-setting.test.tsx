import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { englishOnScreen } from "@/test/english-on-screen";
import { FakeServer, student } from "@/test/fake-server";
import { renderApp } from "@/test/render";
import { findToast } from "@/test/tasks";

/** Settings → Two-step verification (issue 55): turned on from a QR code and its first code, recovery codes once, off with the password. */
async function openTwoFactor(locale: "en" | "es" = "en", server = new FakeServer()) {
  const rendered = await renderApp("/", { user: student({ locale }), locale, width: 375, server });
  await rendered.user.click(await screen.findByRole("button", { name: locale === "es" ? "Abrir menú" : "Open menu" }));
  const menu = await screen.findByRole("dialog", { name: locale === "es" ? "Menú" : "Menu" });
  await rendered.user.click(within(menu).getByRole("button", { name: locale === "es" ? "Configuración" : "Settings" }));
  const settings = await screen.findByRole("dialog", { name: locale === "es" ? "Configuración" : "Settings" });
  const section = await within(settings).findByRole("region", {
    name: locale === "es" ? "Verificación en dos pasos" : "Two-step verification",
  });
  return { ...rendered, section };
}

describe("Settings → Two-step verification", () => {
  it("turns on from a QR code and its first code, shows ten recovery codes once, and turns off with the password", async () => {
    const { user, server, section } = await openTwoFactor();
    const s = within(section);
    expect(await s.findByText("Off")).toBeVisible();
    await user.click(s.getByRole("button", { name: "Turn on two-step verification" }));

    const setup = await screen.findByRole("dialog", { name: "Set up two-step verification" });
    const d = within(setup);
    expect(await d.findByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
    expect(d.getByText("JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP")).toBeVisible();
    const code = d.getByLabelText("6-digit code");
    await user.type(code, "000000");
    await user.click(d.getByRole("button", { name: "Turn on" }));
    await waitFor(() => expect(code).toHaveAttribute("aria-invalid", "true"));
    expect(code).toHaveAccessibleDescription(expect.stringContaining("That code is not right"));

    await user.clear(code);
    await user.type(code, "123456");
    await user.click(d.getByRole("button", { name: "Turn on" }));
    const codes = await screen.findByRole("list", { name: "Recovery codes" });
    expect(within(codes).getAllByRole("listitem")).toHaveLength(10);
    await findToast("Two-step verification is on", "");
    await user.click(screen.getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByRole("list", { name: "Recovery codes" })).toBeNull());
    expect(await s.findByText("On · 10 recovery codes left")).toBeVisible();

    await user.click(s.getByRole("button", { name: "Turn off" }));
    const off = await screen.findByRole("dialog", { name: "Turn off two-step verification?" });
    const password = within(off).getByLabelText("Password");
    await user.type(password, "wrong");
    await user.click(within(off).getByRole("button", { name: "Turn off" }));
    await waitFor(() => expect(password).toHaveAccessibleDescription(expect.stringContaining("Password is incorrect")));
    await user.clear(password);
    await user.type(password, "Str0ng!Passw0rd");
    await user.click(within(off).getByRole("button", { name: "Turn off" }));
    await findToast("Two-step verification is off", "");
    expect(await s.findByText("Off")).toBeVisible();
    expect(server.sent("DELETE /api/user/two-factor").at(-1)!.body).toEqual({ password: "Str0ng!Passw0rd" });
  });

  it("says an account that signs in through the school has its provider's own, and offers nothing", async () => {
    const server = new FakeServer();
    server.on("GET /api/user/two-factor", () => ({ available: false, enabled: false, recoveryCodesLeft: 0 }));
    const { section } = await openTwoFactor("en", server);
    expect(await within(section).findByText("You sign in through your school, whose sign-in has its own second step.")).toBeVisible();
    expect(within(section).queryByRole("button")).toBeNull();
  });

  it("reads in Spanish, with its set-up and recovery codes", async () => {
    const { user, section } = await openTwoFactor("es");
    const s = within(section);
    expect(await s.findByText("Desactivada")).toBeVisible();
    await user.click(s.getByRole("button", { name: "Activar la verificación en dos pasos" }));
    const setup = await screen.findByRole("dialog", { name: "Configurar la verificación en dos pasos" });
    await user.type(within(setup).getByLabelText("Código de 6 dígitos"), "123456");
    await user.click(within(setup).getByRole("button", { name: "Activar" }));
    expect(await screen.findByRole("list", { name: "Códigos de recuperación" })).toBeVisible();
    // Authenticator apps are named by their own names, in every language.
    expect(
      englishOnScreen(["English", "Maya", "Patel", "Google Authenticator", "Microsoft Authenticator", "1Password", "Student Hub"]),
    ).toEqual([]);
  });
});
