import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { admin, adminNetwork, findToast } from "@/test/admin";
import { englishOnScreen } from "@/test/english-on-screen";
import { FakeServer, reply, student } from "@/test/fake-server";
import { renderApp } from "@/test/render";

// Moved from e2e/admin.spec.ts and e2e/spanish-admin-account.spec.ts (docs/decisions/120): the
// panel's gate, its tabs, and what locks it. The journey through the panel against the real server
// stays in e2e/admin.spec.ts.

const TABS = ["User Management", "Notifications", "Push Debug", "Audit Log", "App Settings"];
const PESTAÑAS = [
  "Gestión de usuarios",
  "Notificaciones",
  "Depuración de notificaciones",
  "Registro de actividad",
  "Configuración de la app",
];

describe("the passcode gate", () => {
  it("is reached from Settings on a phone: a masked field of 4 characters, shown on request", async () => {
    const server = new FakeServer();
    adminNetwork(server, { locked: true });
    const { user } = await renderApp("/", { user: admin(), server, width: 375 });
    // The dashboard's chunk and words come first: slow on a loaded 2-core machine.
    await user.click(await screen.findByRole("button", { name: "Open menu" }, { timeout: 15_000 }));
    await user.click(within(await screen.findByRole("dialog", { name: "Menu" })).getByRole("button", { name: "Settings" }));
    await user.click(within(await screen.findByRole("dialog", { name: "Settings" })).getByRole("button", { name: "Admin Panel" }));

    const passcode = await screen.findByLabelText("Admin Passcode");
    expect(window.location.pathname).toBe("/admin");
    expect(screen.getByRole("heading", { level: 1, name: "Admin Panel" })).toBeVisible();
    expect(passcode).toHaveAttribute("type", "password");
    expect(passcode).toHaveAttribute("maxlength", "4");
    // The button's words are "Show" and a screen-reader-only " passcode": jsdom joins them without the space.
    await user.click(screen.getByRole("button", { name: /^Show ?passcode$/ }));
    expect(passcode).toHaveAttribute("type", "text");
  });

  it("says a wrong passcode in a toast and under the field, emptied and focused; the right one unlocks the five tabs", async () => {
    const server = new FakeServer();
    adminNetwork(server, { locked: true });
    const { user } = await renderApp("/admin", { user: admin(), server });
    const passcode = await screen.findByLabelText("Admin Passcode");
    const unlock = screen.getByRole("button", { name: "Unlock Admin Panel" });
    expect(unlock).toBeDisabled();

    await user.type(passcode, "ZZZZ");
    await user.click(unlock);
    expect(await findToast("Admin Login Failed", "Invalid passcode")).toBeVisible();
    expect(screen.getByRole("alert")).toHaveTextContent("Invalid passcode");
    expect(passcode).toHaveValue("");
    expect(passcode).toHaveFocus();

    await user.type(passcode, "K7QM");
    await user.click(unlock);
    expect(await findToast("Admin Access Granted", "You now have admin privileges")).toBeVisible();
    expect(await screen.findByText("Admin Access", { exact: true })).toBeVisible();
    for (const tab of TABS) expect(screen.getByRole("tab", { name: tab })).toBeVisible();
    expect(server.sent("POST /api/admin/login").map((request) => request.body)).toEqual([{ passcode: "ZZZZ" }, { passcode: "K7QM" }]);
  });

  it.each([
    ["en", "Admin Passcode", "Unlock Admin Panel", "Invalid passcode"],
    ["es", "Código de acceso", "Desbloquear el panel", "Código de acceso no válido"],
  ] as const)(
    "%s: Unlock waits for the form's schema; a short passcode submitted anyway is refused in its words, unsent",
    async (locale, label, unlockName, refused) => {
      const server = new FakeServer();
      adminNetwork(server, { locked: true });
      await renderApp("/admin", { user: admin({ locale }), server, locale });
      const passcode = await screen.findByLabelText(label, { exact: true });
      const unlock = screen.getByRole("button", { name: unlockName });
      fireEvent.change(passcode, { target: { value: "ZZZ" } });
      expect(unlock).toBeDisabled();

      // What no button allows (the disabled one stops clicks and Enter): the schema still checks it.
      fireEvent.submit(passcode.closest("form")!);
      expect(await screen.findByRole("alert")).toHaveTextContent(new RegExp(`^${refused}$`));
      expect(passcode).toHaveAttribute("aria-invalid", "true");
      expect(server.sent("POST /api/admin/login")).toEqual([]);
      if (locale === "es") expect(englishOnScreen(["Rosa", "Diaz", "ZZZ"])).toEqual([]);
    },
  );

  it.each([375, 1280])("reads in Spanish at %i px: the gate, a wrong passcode, and the tabs once unlocked", async (width) => {
    const server = new FakeServer();
    adminNetwork(server, { locked: true });
    const { user } = await renderApp("/admin", { user: admin({ locale: "es" }), server, locale: "es", width });
    expect(await screen.findByRole("heading", { level: 1, name: "Panel de administración" })).toBeVisible();
    await waitFor(() => expect(document.title).toBe("Panel de administración · Student Hub"));
    expect(screen.getByText("Ingresa el código de acceso")).toBeVisible();
    expect(screen.getByText("4 caracteres", { exact: true })).toBeVisible();
    expect(screen.getByRole("button", { name: "Desbloquear el panel" })).toBeDisabled();
    expect(englishOnScreen(["Rosa", "Diaz"])).toEqual([]);

    await user.click(screen.getByRole("button", { name: /^Mostrar ?código de acceso$/ }));
    const passcode = screen.getByLabelText("Código de acceso", { exact: true });
    expect(passcode).toHaveAttribute("type", "text");
    server.on("POST /api/admin/login", () => reply(401, { message: "Código de acceso incorrecto", code: "server.wrong_passcode" }));
    await user.type(passcode, "ZZZZ");
    await user.click(screen.getByRole("button", { name: "Desbloquear el panel" }));
    expect(await findToast("No se pudo desbloquear el panel", "Código de acceso incorrecto")).toBeVisible();
    expect(screen.getByRole("alert")).toHaveTextContent("Código de acceso incorrecto");
    expect(englishOnScreen()).toEqual([]);

    adminNetwork(server, { locked: true });
    await user.type(passcode, "K7QM");
    await user.click(screen.getByRole("button", { name: "Desbloquear el panel" }));
    expect(await findToast("Acceso de administración concedido", "Ya tienes permisos de administración")).toBeVisible();
    expect(await screen.findByText("Acceso de administración", { exact: true })).toBeVisible();
    for (const tab of PESTAÑAS) expect(screen.getByRole("tab", { name: tab })).toBeVisible();
  });
});

describe("the panel's guard rails", () => {
  it("sends a student opening /admin to the dashboard, whose Settings offer no Admin Panel", async () => {
    const { user } = await renderApp("/admin", { user: student() });
    await waitFor(() => expect(window.location.pathname).toBe("/"));
    await user.click((await screen.findAllByRole("button", { name: "Settings" }))[0]!);
    expect(await screen.findByRole("dialog", { name: "Settings" })).toBeVisible();
    expect(screen.queryByRole("button", { name: "Admin Panel" })).toBeNull();
  });

  it("shows the gate again when a call answers that the 30 minutes ended, keeping the tab", async () => {
    const server = new FakeServer();
    const network = adminNetwork(server);
    const { user } = await renderApp("/admin", { user: admin(), server });
    await user.click(await screen.findByRole("tab", { name: "App Settings" }));
    expect(window.location.search).toContain("tab=settings");
    expect(await screen.findByLabelText("Logo URL")).toBeVisible();

    // The server's answer once the step-up is over (server/plugins/route-guards.ts).
    network.until = null;
    server.answer(
      "PUT /api/admin/settings",
      reply(403, { message: "Admin access is locked. Enter the admin passcode to unlock it.", code: "server.admin_locked" }),
    );
    await user.click(screen.getByRole("button", { name: "Save Settings" }));
    const passcode = await screen.findByLabelText("Admin Passcode");
    expect(window.location.search).toContain("tab=settings");

    await user.type(passcode, "K7QM");
    await user.click(screen.getByRole("button", { name: "Unlock Admin Panel" }));
    expect(await screen.findByRole("tab", { name: "App Settings", selected: true })).toBeVisible();
  });

  it.each([
    ["en", "Exit Admin"],
    ["es", "Salir de administración"],
  ] as const)("%s: %s locks the panel and goes home; /admin asks for the passcode again", async (locale, exit) => {
    const server = new FakeServer();
    adminNetwork(server);
    const { user } = await renderApp("/admin", { user: admin({ locale }), server, locale });
    await user.click(await screen.findByRole("button", { name: exit }));
    await waitFor(() => expect(window.location.pathname).toBe("/"));
    expect(server.sent("POST /api/admin/logout")).toHaveLength(1);
  });
});

describe("the unlock's end (WCAG 2.2.1)", () => {
  /** The panel unlocked with a minute left: inside the two minutes the question comes in. */
  async function nearlyLocked(locale?: "es") {
    const server = new FakeServer();
    const state = adminNetwork(server);
    state.until = new Date(Date.now() + 60 * 1000).toISOString();
    server.on("POST /api/admin/extend", () => {
      state.until = new Date(Date.now() + 30 * 60 * 1000).toISOString();
      return { adminUnlockedUntil: state.until };
    });
    const rendered = await renderApp("/admin", { user: admin(locale ? { locale } : {}), server, ...(locale ? { locale } : {}) });
    return { ...rendered, state };
  }

  it("asks two minutes before the panel locks; Stay Unlocked gives 30 more minutes, and the panel stays", async () => {
    const { user, server } = await nearlyLocked();
    const question = await screen.findByRole("alertdialog", { name: "Stay unlocked?" }, { timeout: 15_000 });
    expect(question).toHaveTextContent("The admin panel locks in 2 minutes.");
    await user.click(within(question).getByRole("button", { name: "Stay Unlocked" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(server.sent("POST /api/admin/extend")).toHaveLength(1);
    expect(screen.getByRole("tab", { name: "User Management" })).toBeVisible();
    expect(screen.queryByLabelText("Admin Passcode")).toBeNull();
  });

  it("put away with Cancel, it does not ask again for this unlock", async () => {
    const { user, server } = await nearlyLocked();
    const question = await screen.findByRole("alertdialog", { name: "Stay unlocked?" }, { timeout: 15_000 });
    await user.click(within(question).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(server.sent("POST /api/admin/extend")).toHaveLength(0);
  });

  it("asks in Spanish", async () => {
    await nearlyLocked("es");
    const question = await screen.findByRole("alertdialog", { name: "¿Seguir desbloqueado?" }, { timeout: 15_000 });
    expect(within(question).getByRole("button", { name: "Seguir desbloqueado" })).toBeVisible();
    expect(question).toHaveTextContent("El panel de administración se bloquea en 2 minutos.");
  });
});
