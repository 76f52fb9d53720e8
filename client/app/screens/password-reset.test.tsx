import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fill } from "@/test/auth";
import { FakeServer, reply, student } from "@/test/fake-server";
import { renderApp } from "@/test/render";

// Moved from e2e/password-reset.spec.ts and e2e/daily-driver.spec.ts (docs/decisions/120): Set a
// New Password for a student whose password an admin reset. The server's gate (403 elsewhere) is
// server/routes/auth.test.ts's; the journey from the temporary password to the dashboard stays in
// the browser.

const TEMPORARY_PASSWORD = "Temp#Pass2025";
const NEW_PASSWORD = "N3w!Secret-pass";
const HINT = "Must contain at least 8 characters with uppercase, lowercase, number, and special character.";
const held = () => student({ passwordResetRequired: true });
const address = () => window.location.pathname + window.location.search + window.location.hash;

async function openResetForm(path = "/password-reset") {
  const rendered = await renderApp(path, { user: held() });
  expect(await screen.findByRole("heading", { level: 1, name: "Set a New Password" })).toBeVisible();
  const form = {
    temporaryPassword: screen.getByLabelText("Temporary Password", { exact: true }),
    newPassword: screen.getByLabelText("New Password", { exact: true }),
    confirmPassword: screen.getByLabelText("Confirm New Password", { exact: true }),
    submit: screen.getByRole("button", { name: "Update Password" }),
  };
  return { ...rendered, form };
}

describe("a student whose password was reset by an admin", () => {
  it("is taken from signing in with the temporary password to Set a New Password", async () => {
    const server = new FakeServer();
    server.on("POST /api/auth/login", () => (server.user = held()));
    const { user } = await renderApp("/auth", { server });
    await fill(user, await screen.findByLabelText("Email"), "maya@example.com");
    await fill(user, screen.getByLabelText("Password", { exact: true }), TEMPORARY_PASSWORD);
    await user.click(screen.getByRole("button", { name: "Sign In" }));

    expect(await screen.findByRole("heading", { level: 1, name: "Set a New Password" })).toBeVisible();
    expect(address()).toBe("/password-reset");
    expect(screen.getByText(HINT)).toBeVisible();
    expect(screen.queryByRole("tablist", { name: "Dashboard sections" })).toBeNull();
  });

  it.each(["/", "/#todo", "/auth", "/auth?mode=register", "/admin", "/admin/push-debug", "/nonexistent"])(
    "is sent from %s to /password-reset",
    async (path) => {
      await renderApp(path, { user: held() });
      expect(await screen.findByRole("heading", { level: 1, name: "Set a New Password" })).toBeVisible();
      expect(window.location.pathname + window.location.search).toBe("/password-reset");
    },
  );

  it("has Sign Out as the way off the page, which ends the session", async () => {
    const { user, server } = await openResetForm("/");
    server.answer("POST /api/logout", reply(204));
    await user.click(screen.getByRole("button", { name: "Sign Out" }));
    // Then the app starts again at / (a full-page load, the browser's).
    expect(await screen.findByRole("button", { name: "Signing Out..." })).toBeDisabled();
    expect(server.sent("POST /api/logout")).toHaveLength(1);
  });

  it("checks the fields before sending, naming the lowercase rule first", async () => {
    const { user, server, form } = await openResetForm();
    await user.click(form.submit);
    await waitFor(() => expect(form.temporaryPassword).toHaveAccessibleDescription("Temporary password is required"));

    await fill(user, form.temporaryPassword, TEMPORARY_PASSWORD);
    // No lowercase and no uppercase letter: this form names the lowercase rule first.
    await fill(user, form.newPassword, "12345678!");
    await fill(user, form.confirmPassword, "12345678!");
    await user.click(form.submit);
    expect(await screen.findByText("Password must contain at least one lowercase letter", { exact: true })).toBeVisible();
    expect(screen.getAllByText(/^Password must /)).toHaveLength(1);
    expect(screen.queryByText("Temporary password is required")).toBeNull();

    await fill(user, form.newPassword, NEW_PASSWORD);
    expect(screen.queryByText(/^Password must /)).toBeNull();
    await fill(user, form.confirmPassword, `${NEW_PASSWORD}?`);
    await user.click(form.submit);
    await waitFor(() => expect(form.confirmPassword).toHaveAccessibleDescription("Passwords don't match"));
    expect(address()).toBe("/password-reset");
    expect(server.sent("POST /api/auth/set-new-password")).toEqual([]);
  });

  it("says a wrong temporary password in a toast and under its field, and stays on the page", async () => {
    const { user, server, form } = await openResetForm();
    server.answer(
      "POST /api/auth/set-new-password",
      reply(400, {
        message: "Temporary password is incorrect",
        code: "server.validation_failed",
        errors: { temporaryPassword: ["Temporary password is incorrect"] },
      }),
    );
    await fill(user, form.temporaryPassword, "Not-the-temp1!");
    await fill(user, form.newPassword, NEW_PASSWORD);
    await fill(user, form.confirmPassword, NEW_PASSWORD);
    await user.click(form.submit);

    expect(await screen.findByText("Update Failed", { exact: true })).toBeVisible();
    await waitFor(() => expect(form.temporaryPassword).toHaveAccessibleDescription("Temporary password is incorrect"));
    expect(address()).toBe("/password-reset");
    expect(server.body("POST /api/auth/set-new-password")).toEqual({
      temporaryPassword: "Not-the-temp1!",
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
  });

  it("confirms the change with a success toast, styled as every other success, and opens the dashboard", async () => {
    const { user, server, form } = await openResetForm();
    server.on("POST /api/auth/set-new-password", () => (server.user = student()));
    await fill(user, form.temporaryPassword, TEMPORARY_PASSWORD);
    await fill(user, form.newPassword, NEW_PASSWORD);
    await fill(user, form.confirmPassword, NEW_PASSWORD);
    await user.click(form.submit);

    const toasts = await screen.findByRole("region", { name: /^Notifications/ });
    const updated = await within(toasts).findByRole("listitem");
    expect(updated).toHaveTextContent("Password Updated");
    expect(updated).toHaveTextContent("Your password has been updated successfully. You can now use your account normally.");
    expect(updated).toHaveAttribute("data-type", "success");
    expect(await screen.findByRole("tablist", { name: "Dashboard sections" })).toBeVisible();
    expect(address()).toBe("/");
  });
});
