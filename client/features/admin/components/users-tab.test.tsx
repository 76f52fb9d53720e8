import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { admin, adminNetwork, adminUser, findToast } from "@/test/admin";
import { englishOnScreen } from "@/test/english-on-screen";
import { FakeServer, reply } from "@/test/fake-server";
import { renderApp } from "@/test/render";

// Moved from e2e/admin.spec.ts and e2e/spanish-admin-account.spec.ts (docs/decisions/120): User
// Management's rows, questions, toasts and states. Promoting, resetting and deleting against the
// real server are server/routes/admin.test.ts's; one reset and one delete stay in e2e/admin.spec.ts's journey.

const ROSA = adminUser({ id: 1, email: "rosa@example.com", firstName: "Rosa", lastName: "Diaz", isAdmin: true });
const SAM = adminUser({ id: 2, email: "sam@example.com", firstName: "Sam", lastName: "Lee" });
const LOU = adminUser({ id: 3, email: "lou@example.com", firstName: "Lou", lastName: "Gone" });
const KIM = adminUser({ id: 4, email: "kim@example.com", firstName: "Kim", lastName: "Park", isAdmin: true, twoFactor: true });

async function usersTab(options: { locale?: "en" | "es"; width?: number; path?: string } = {}) {
  const server = new FakeServer();
  const network = adminNetwork(server, { users: [ROSA, SAM, LOU, KIM] });
  const locale = options.locale ?? "en";
  const rendered = await renderApp(options.path ?? "/admin", { user: admin({ locale }), server, locale, width: options.width });
  return { ...rendered, network };
}

/** The list's one row for `email`, once the list shows it (a search runs as typing pauses). */
function row(email: string, name = "Users") {
  return waitFor(() => {
    const found = within(screen.getByRole("list", { name }))
      .getAllByRole("listitem")
      .filter((item) => item.textContent?.includes(email));
    expect(found).toHaveLength(1);
    return found[0]!;
  });
}

describe("User Management", () => {
  it("selects students across the list and deletes them together after the typed confirmation (issue 55)", async () => {
    const { user, server } = await usersTab({ width: 375 });
    const sam = await row("sam@example.com");
    // Staff and oneself cannot be picked.
    expect(within(await row("rosa@example.com")).queryByRole("checkbox")).toBeNull();
    expect(within(await row("kim@example.com")).queryByRole("checkbox")).toBeNull();
    await user.click(within(sam).getByRole("checkbox", { name: "Select Sam Lee" }));
    await user.click(within(await row("lou@example.com")).getByRole("checkbox", { name: "Select Lou Gone" }));
    const bar = screen.getByRole("region", { name: "2 accounts selected" });
    await user.click(within(bar).getByRole("button", { name: "Delete 2 accounts" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete 2 accounts?" });
    const confirm = within(dialog).getByRole("button", { name: "Delete 2 accounts" });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText("To confirm, type DELETE 2 ACCOUNTS"), "DELETE 2 ACCOUNTS");
    await user.click(confirm);
    expect(await findToast("2 accounts deleted", "")).toBeVisible();
    expect(server.body("POST /api/admin/retention/cohort")).toEqual({ userIds: [2, 3], confirmation: "DELETE 2 ACCOUNTS" });
    await waitFor(() => expect(screen.queryByRole("region", { name: /selected/ })).toBeNull());
    await waitFor(() => expect(screen.queryByText("sam@example.com")).toBeNull());
  });

  it("reads its selection and its question in Spanish, the typed words being the server's", async () => {
    const { user } = await usersTab({ width: 375, locale: "es" });
    await user.click(within(await row("sam@example.com", "Usuarios")).getByRole("checkbox", { name: "Seleccionar a Sam Lee" }));
    await user.click(screen.getByRole("button", { name: "Eliminar 1 cuenta" }));
    expect(await screen.findByRole("dialog", { name: "¿Eliminar 1 cuenta?" })).toBeVisible();
    expect(screen.getByLabelText("Para confirmar, escribe DELETE 1 ACCOUNTS")).toBeVisible();
    expect(englishOnScreen(["Rosa", "Diaz", "Sam", "Lee", "Lou", "Gone", "Kim", "Park", "DELETE", "ACCOUNTS"])).toEqual([]);
  });

  it("says who has two-step verification and which admins have none, and resets a lost phone's after asking (issue 55)", async () => {
    const { user, server } = await usersTab({ width: 375 });
    const kim = await row("kim@example.com");
    expect(within(kim).getByText("Two-step verification on")).toBeVisible();
    expect(within(await row("rosa@example.com")).getByText("No two-step verification")).toBeVisible();
    expect(within(await row("sam@example.com")).queryByText(/two-step verification/i)).toBeNull();
    await user.click(within(kim).getByRole("button", { name: "Reset two-step verification for Kim Park" }));
    const question = await screen.findByRole("alertdialog", { name: "Reset 2-Step" });
    expect(question).toHaveTextContent("Kim Park will sign in with their password alone");
    await user.click(within(question).getByRole("button", { name: "Reset 2-Step" }));
    expect(await findToast("Two-step verification reset for Kim Park", "")).toBeVisible();
    expect(server.sent("DELETE /api/admin/users/4/two-factor")).toHaveLength(1);
    await waitFor(() => expect(within(kim).queryByText("Two-step verification on")).toBeNull());
  });

  it("searches as the admin types, the search kept in the address", async () => {
    const { user, server } = await usersTab();
    await screen.findByRole("list", { name: "Users" });
    await user.type(screen.getByLabelText("Search users"), "sam@example.com");
    await waitFor(() => expect(window.location.search).toContain("search=sam%40example.com"));
    await waitFor(() => expect(within(screen.getByRole("list", { name: "Users" })).getAllByRole("listitem")).toHaveLength(1));
    expect(server.sent("GET /api/admin/users").at(-1)!.query.get("search")).toBe("sam@example.com");
  });

  it("promotes a student after asking, and removes the role again, each said in a toast", async () => {
    const { user, server } = await usersTab();
    const sam = await row("sam@example.com");
    await user.click(within(sam).getByRole("switch", { name: "Admin status for Sam Lee" }));
    await user.click(within(await screen.findByRole("alertdialog", { name: "Make Admin" })).getByRole("button", { name: "Make Admin" }));
    expect(await findToast("Admin Status Updated", "User promoted to admin")).toBeVisible();
    await waitFor(() => expect(within(sam).getByRole("switch", { name: "Admin status for Sam Lee" })).toBeChecked());
    // An admin has no Reset Password.
    expect(within(sam).queryByRole("button", { name: /Reset password/i })).toBeNull();

    await user.click(within(sam).getByRole("switch", { name: "Admin status for Sam Lee" }));
    await user.click(
      within(await screen.findByRole("alertdialog", { name: "Remove Admin" })).getByRole("button", { name: "Remove Admin" }),
    );
    expect(await findToast("Admin Status Updated", "User removed from admin")).toBeVisible();
    await waitFor(() => expect(within(sam).getByRole("switch", { name: "Admin status for Sam Lee" })).not.toBeChecked());
    expect(server.sent("PATCH /api/admin/users/2/admin-status").map((request) => request.body)).toEqual([
      { isAdmin: true },
      { isAdmin: false },
    ]);
  });

  it("resets a password after asking: the temporary password shown once, copied, and the row says a reset is pending", async () => {
    const { user, server } = await usersTab();
    const sam = await row("sam@example.com");
    await user.click(within(sam).getByRole("button", { name: "Reset password for Sam Lee" }));
    await user.click(
      within(await screen.findByRole("alertdialog", { name: "Reset Password" })).getByRole("button", { name: "Reset Password" }),
    );
    const shown = await screen.findByRole("dialog", { name: "Temporary Password" });
    expect(within(shown).getByLabelText("Temporary password")).toHaveTextContent("Kp7m-Rt4x-Wq9z");
    await user.click(within(shown).getByRole("button", { name: "Copy" }));
    expect(await within(shown).findByRole("button", { name: "Copied!" })).toBeVisible();
    expect(await navigator.clipboard.readText()).toBe("Kp7m-Rt4x-Wq9z");
    await user.click(within(shown).getByRole("button", { name: "Done" }));
    expect(await within(sam).findByText("Password reset pending")).toBeVisible();
    expect(server.sent("POST /api/admin/users/2/reset-password")).toHaveLength(1);
  });

  it("deletes a user after asking; the admin's own row has no Delete and a switch that cannot change", async () => {
    const { user, server } = await usersTab({ path: "/admin?search=lou" });
    await user.click(within(await row("lou@example.com")).getByRole("button", { name: "Delete Lou Gone" }));
    await user.click(within(await screen.findByRole("alertdialog", { name: "Delete User" })).getByRole("button", { name: "Delete" }));
    expect(await findToast("Account Deleted", "User account has been permanently deleted")).toBeVisible();
    expect(await screen.findByText("No users found matching your criteria")).toBeVisible();
    expect(server.sent("DELETE /api/admin/users/3")).toHaveLength(1);

    await user.type(screen.getByRole("searchbox", { name: "Search users" }), "{Control>}a{/Control}rosa");
    const rosa = await row("rosa@example.com");
    expect(within(rosa).queryByRole("button", { name: /Delete/ })).toBeNull();
    expect(within(rosa).getByRole("switch")).toBeDisabled();
  });
});

describe.each([375, 1280])("User Management in Spanish at %i px", (width) => {
  const typed = ["Rosa", "Diaz", "rosa@example.com", "Mateo", "Hernández", "mateo@example.com", "Valentina", "Ruiz", "vale@example.com"];

  it("reads in Spanish: the count, the filter, the questions, the temporary password, a pending reset, an empty search", async () => {
    const server = new FakeServer();
    adminNetwork(server, {
      users: [
        ROSA,
        adminUser({ id: 2, email: "mateo@example.com", firstName: "Mateo", lastName: "Hernández" }),
        adminUser({ id: 3, email: "vale@example.com", firstName: "Valentina", lastName: "Ruiz" }),
      ],
    });
    const { user } = await renderApp("/admin?search=mateo", { user: admin({ locale: "es" }), server, locale: "es", width });
    const mateo = await row("mateo@example.com", "Usuarios");
    expect(screen.getAllByRole("status").find((status) => status.textContent === "1 usuario")).toBeVisible();
    expect(within(mateo).getByText("Usuario normal")).toBeVisible();
    expect(englishOnScreen(typed)).toEqual([]);

    await user.click(screen.getByRole("combobox", { name: "Mostrar" }));
    expect(await screen.findByRole("option", { name: "Solo administradores" })).toBeVisible();
    expect(englishOnScreen(typed)).toEqual([]);
    await user.keyboard("{Escape}");

    await user.click(within(mateo).getByRole("switch", { name: "Permisos de administrador de Mateo Hernández" }));
    const promote = await screen.findByRole("alertdialog", { name: "Hacer administrador" });
    expect(promote).toHaveTextContent("será administrador y podrá abrir el panel de administración");
    expect(englishOnScreen(typed)).toEqual([]);
    await user.click(within(promote).getByRole("button", { name: "Hacer administrador" }));
    expect(await findToast("Permisos actualizados", "El usuario ahora es administrador")).toBeVisible();
    await waitFor(() => expect(within(mateo).getByRole("switch")).toBeChecked());
    await user.click(within(mateo).getByRole("switch", { name: "Permisos de administrador de Mateo Hernández" }));
    await user.click(
      within(await screen.findByRole("alertdialog", { name: "Quitar administrador" })).getByRole("button", {
        name: "Quitar administrador",
      }),
    );
    expect(await findToast("Permisos actualizados", "El usuario ya no es administrador")).toBeVisible();

    await user.click(await within(mateo).findByRole("button", { name: "Restablecer contraseña de Mateo Hernández" }));
    const reset = await screen.findByRole("alertdialog", { name: "Restablecer contraseña" });
    expect(englishOnScreen(typed)).toEqual([]);
    await user.click(within(reset).getByRole("button", { name: "Restablecer contraseña" }));
    const shown = await screen.findByRole("dialog", { name: "Contraseña temporal" });
    expect(shown).toHaveTextContent("Dale esta contraseña a Mateo Hernández, con los guiones.");
    expect(englishOnScreen([...typed, "Kp7m-Rt4x-Wq9z"])).toEqual([]);
    await user.click(within(shown).getByRole("button", { name: "Copiar" }));
    expect(await within(shown).findByRole("button", { name: "¡Copiada!" })).toBeVisible();
    expect(await findToast("¡Copiada!", "La contraseña temporal está en el portapapeles.")).toBeVisible();
    expect(englishOnScreen([...typed, "Kp7m-Rt4x-Wq9z"])).toEqual([]);
    await user.click(within(shown).getByRole("button", { name: "Listo" }));
    expect(await within(mateo).findByText("Cambio de contraseña pendiente")).toBeVisible();
    expect(englishOnScreen(typed)).toEqual([]);

    await user.clear(screen.getByRole("searchbox", { name: "Buscar usuarios" }));
    await user.type(screen.getByRole("searchbox", { name: "Buscar usuarios" }), "vale");
    await user.click(within(await row("vale@example.com", "Usuarios")).getByRole("button", { name: "Eliminar a Valentina Ruiz" }));
    const remove = await screen.findByRole("alertdialog", { name: "Eliminar usuario" });
    expect(remove).toHaveTextContent("No se puede deshacer.");
    expect(englishOnScreen(typed)).toEqual([]);
    await user.click(within(remove).getByRole("button", { name: "Eliminar" }));
    expect(await findToast("Cuenta eliminada", "La cuenta del usuario se eliminó para siempre")).toBeVisible();
    expect(await screen.findByText("Ningún usuario coincide con tu búsqueda")).toBeVisible();
    expect(englishOnScreen(typed)).toEqual([]);
  });

  it("says in Spanish that the list could not be read, with Try again", async () => {
    const server = new FakeServer();
    adminNetwork(server);
    server.answer("GET /api/admin/users", reply(503));
    await renderApp("/admin?search=nadie-aqui", { user: admin({ locale: "es" }), server, locale: "es", width });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Error al cargar los usuarios: 503");
    expect(screen.getByRole("button", { name: "Reintentar" })).toBeVisible();
    expect(englishOnScreen(["Rosa", "Diaz"])).toEqual([]);
  });

  it("lists a user's calendar apps and revokes one after asking; none says so", async () => {
    const { user, server } = await usersTab();
    const apps = [{ id: 4, name: "Sam's iPhone", createdAt: "2026-11-20T15:00:00.000Z", lastUsedAt: "2026-11-28T22:00:00.000Z" }];
    server.on("GET /api/admin/users/:id/device-passwords", ({ params }) => (params.id === "2" ? apps : []));
    server.on("DELETE /api/admin/users/:id/device-passwords/:passwordId", ({ params }) => {
      apps.splice(
        apps.findIndex((a) => String(a.id) === params.passwordId),
        1,
      );
      return reply(204);
    });
    const sam = await row("sam@example.com");
    await user.click(within(sam).getByRole("button", { name: "Calendar apps of Sam Lee" }));
    const dialog = await screen.findByRole("dialog", { name: "Calendar apps of Sam Lee" });
    const list = await within(dialog).findByRole("list", { name: "Calendar apps of Sam Lee" });
    expect(within(list).getByRole("listitem")).toHaveTextContent("Sam's iPhoneMade Nov 20, 2026, last used Nov 28, 2026");
    await user.click(within(list).getByRole("button", { name: "Revoke Sam's iPhone" }));
    await user.click(
      within(await screen.findByRole("alertdialog", { name: "Revoke Sam's iPhone?" })).getByRole("button", { name: "Revoke" }),
    );
    expect(await findToast("Sam's iPhone revoked", "")).toBeVisible();
    expect(server.sent("DELETE /api/admin/users/2/device-passwords/4")).toHaveLength(1);
    expect(await within(dialog).findByText("No calendar apps connected.")).toBeVisible();
  });
});
