import { act, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { student } from "@/test/fake-server";
import { renderApp } from "@/test/render";

// Moved from e2e/online-only.spec.ts and e2e/app-badge.spec.ts (docs/decisions/120): what Settings
// and the school's page say offline, and the badge switch's words, in English and Spanish. The
// browser keeps Settings going offline for real at 375 px, and the admin panel's failing health check.

const SETTINGS_NOTICE =
  "You're offline. Settings and account changes need a connection and are not saved until it is back; the tasks and events you change are kept and sent then.";

/** The browser's connection, as navigator.onLine and its events report it. */
function setOnline(online: boolean) {
  Object.defineProperty(navigator, "onLine", { configurable: true, get: () => online });
  act(() => void window.dispatchEvent(new Event(online ? "online" : "offline")));
}
afterEach(() => setOnline(true));

async function openSettings(user: Awaited<ReturnType<typeof renderApp>>["user"], name = "Settings") {
  await user.click(await screen.findByRole("button", { name }));
  return screen.findByRole("dialog", { name });
}

describe("Settings offline", () => {
  it("says its changes need a connection while offline, and stops once the connection is back", async () => {
    const { user } = await renderApp("/", { user: student() });
    const settings = await openSettings(user);
    expect(within(settings).queryByText(SETTINGS_NOTICE)).toBeNull();
    setOnline(false);
    expect(within(settings).getByRole("status")).toHaveTextContent(SETTINGS_NOTICE);
    setOnline(true);
    expect(within(settings).queryByText(SETTINGS_NOTICE)).toBeNull();
  });

  it("says it in Spanish", async () => {
    const { user } = await renderApp("/", { user: student({ firstName: "Lucía", locale: "es" }), locale: "es" });
    const settings = await openSettings(user, "Configuración");
    setOnline(false);
    expect(within(settings).getByRole("status")).toHaveTextContent(
      /^Estás sin conexión\. Los ajustes y los cambios de la cuenta necesitan conexión/,
    );
  });
});

describe("the school's page offline", () => {
  it("says in Spanish that nothing on it is saved until the connection is back", async () => {
    const admin = student({ isAdmin: true, firstName: "Rosa", locale: "es" });
    const { server } = await renderApp("/admin/school", { user: admin, locale: "es" });
    server.on("GET /api/session", () => ({ user: admin, adminUnlockedUntil: new Date(Date.now() + 20 * 60_000).toISOString() }));
    server.answer("GET /api/admin/school/schedule", { published: null, draft: null });
    expect(await screen.findByRole("heading", { level: 1, name: "Jornada escolar" })).toBeVisible();
    setOnline(false);
    expect(
      await screen.findByText(
        "Estás sin conexión. Los cambios de esta página necesitan conexión: aquí no se guarda nada hasta que vuelva.",
      ),
    ).toBeVisible();
  });
});

describe("the app icon badge switch", () => {
  it("is on, says what it counts, and where the browser cannot show a badge says so, in English and Spanish", async () => {
    const { user } = await renderApp("/", { user: student() });
    let settings = await openSettings(user);
    expect(await within(settings).findByRole("switch", { name: "Show the count of due tasks on the app icon" })).toBeChecked();
    expect(within(settings).getByText(/Tasks due today or overdue, on the icon of the installed app\./)).toBeVisible();
    // jsdom, like Firefox, has no navigator.setAppBadge.
    expect(within(settings).getByText(/This browser cannot show a count on the app icon\./)).toBeVisible();

    await user.click(within(settings).getByRole("radio", { name: "Español" }));
    settings = await screen.findByRole("dialog", { name: "Configuración" });
    expect(
      await within(settings).findByRole("switch", { name: "Mostrar en el icono de la app cuántas tareas tienes por entregar" }),
    ).toBeChecked();
    expect(within(settings).getByText(/Las tareas para hoy o atrasadas, en el icono de la app instalada\./)).toBeVisible();
    expect(within(settings).getByText(/Este navegador no puede mostrar un número en el icono de la app\./)).toBeVisible();
  });

  it("does not say the browser cannot show a badge where it can", async () => {
    Object.defineProperty(Navigator.prototype, "setAppBadge", { configurable: true, value: () => Promise.resolve() });
    Object.defineProperty(Navigator.prototype, "clearAppBadge", { configurable: true, value: () => Promise.resolve() });
    try {
      const { user } = await renderApp("/", { user: student() });
      const settings = await openSettings(user);
      expect(await within(settings).findByRole("switch", { name: "Show the count of due tasks on the app icon" })).toBeChecked();
      expect(within(settings).queryByText(/This browser cannot show a count on the app icon\./)).toBeNull();
    } finally {
      delete (Navigator.prototype as { setAppBadge?: unknown }).setAppBadge;
      delete (Navigator.prototype as { clearAppBadge?: unknown }).clearAppBadge;
    }
  });
});
