import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { admin, adminNetwork, auditEntry, findToast } from "@/test/admin";
import { englishOnScreen } from "@/test/english-on-screen";
import { FakeServer, reply } from "@/test/fake-server";
import { renderApp } from "@/test/render";

// Moved from e2e/admin.spec.ts and e2e/spanish-admin-account.spec.ts (docs/decisions/120): the Audit
// Log's entries, times, copy, and its empty and failing states. What the server records is
// server/routes/admin.test.ts's ("lists entries newest first with both emails…").

const LOGS = [
  auditEntry({ id: 3, action: "USER_DELETED", targetUserEmail: "lou@example.com" }),
  auditEntry({ id: 2, action: "PASSWORD_RESET", targetUserEmail: "sam@example.com", createdAt: "2026-07-01T14:00:00.000Z" }),
  auditEntry({
    id: 1,
    action: "ADMIN_UNLOCK_FAILED",
    targetUserEmail: null,
    details: JSON.stringify({ reason: "wrong passcode" }),
    createdAt: "2026-11-30T14:05:07.000Z",
  }),
];

async function auditLog(locale: "en" | "es" = "en", logs = LOGS) {
  const server = new FakeServer();
  adminNetwork(server, { logs });
  const rendered = await renderApp("/admin?tab=audit-log", { user: admin({ locale }), server, locale, width: 375 });
  return { ...rendered, server };
}

describe("the Audit Log", () => {
  it("lists what was done, who to and by whom, in Eastern time; Copy Logs puts it on the clipboard", async () => {
    const { user } = await auditLog();
    const entries = within(await screen.findByRole("list", { name: "Audit log entries" })).getAllByRole("listitem");
    expect(entries[0]).toHaveTextContent("Account Deleted");
    expect(entries[0]).toHaveTextContent("lou@example.com");
    expect(entries[0]).toHaveTextContent("rosa@example.com");
    expect(entries[0]).toHaveTextContent(/Nov 30, 2026, 10:00:00 AM EST$/);
    expect(entries[1]).toHaveTextContent("Password Reset");
    expect(entries[1]).toHaveTextContent("sam@example.com");
    expect(entries[1]).toHaveTextContent(/EDT$/);

    await user.click(screen.getByRole("button", { name: "Copy Logs" }));
    expect(await findToast("Logs Copied", "3 entries copied to the clipboard.")).toBeVisible();
    expect(await navigator.clipboard.readText()).toContain("Account Deleted | target: lou@example.com");
  });

  it("reads in Spanish: the entries, their reasons and times, and what Copiar registro copies", async () => {
    const settingsChanged = auditEntry({
      id: 4,
      action: "SETTINGS_CHANGED",
      targetUserEmail: null,
      details: JSON.stringify({ instagramUrl: "https://www.instagram.com/liceo_lincoln" }),
    });
    const { user } = await auditLog("es", [settingsChanged, ...LOGS]);
    expect(await screen.findByRole("heading", { level: 2, name: "Registro de actividad" })).toBeVisible();
    const entries = within(await screen.findByRole("list", { name: "Entradas del registro de actividad" })).getAllByRole("listitem");
    const failed = entries.find((entry) => entry.textContent?.includes("Desbloqueo fallido"))!;
    expect(failed).toHaveTextContent("motivo: código de acceso incorrecto");
    expect(failed).toHaveTextContent("Administrador:");
    expect(failed).toHaveTextContent(/ [ap]\. m\. GMT-[45]$/);
    expect(entries[0]).toHaveTextContent("Configuración cambiada");
    expect(entries[0]).toHaveTextContent("URL del perfil social: https://www.instagram.com/liceo_lincoln");
    expect(englishOnScreen(["rosa@example.com", "lou@example.com", "sam@example.com", "https://www.instagram.com/liceo_lincoln"])).toEqual(
      [],
    );

    await user.click(screen.getByRole("button", { name: "Copiar registro" }));
    expect(await findToast("Registro copiado", "4 entradas copiadas al portapapeles.")).toBeVisible();
    expect(await navigator.clipboard.readText()).toMatch(
      /\| Desbloqueo fallido \| usuario: - \| administrador: rosa@example\.com \| motivo: código de acceso incorrecto/,
    );
  });

  it("says in Spanish that the log is empty", async () => {
    await auditLog("es", []);
    expect(await screen.findByText("El registro de actividad está vacío")).toBeVisible();
    expect(englishOnScreen(["Rosa", "Diaz"])).toEqual([]);
  });

  it("says in Spanish that the log could not be read, and Reintentar reads it again", async () => {
    const server = new FakeServer();
    const network = adminNetwork(server, { logs: LOGS });
    server.answer("GET /api/admin/audit-logs", reply(500));
    const { user } = await renderApp("/admin?tab=audit-log", { user: admin({ locale: "es" }), server, locale: "es" });
    expect(await screen.findByText("No se pudo cargar el registro de actividad")).toBeVisible();
    expect(englishOnScreen(["Rosa", "Diaz"])).toEqual([]);

    server.on("GET /api/admin/audit-logs", () => network.logs);
    await user.click(screen.getByRole("button", { name: "Reintentar" }));
    await waitFor(() =>
      expect(within(screen.getByRole("list", { name: "Entradas del registro de actividad" })).getAllByRole("listitem")).toHaveLength(3),
    );
  });
});
