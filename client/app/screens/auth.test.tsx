import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { reply, student } from "@/test/fake-server";
import { renderApp } from "@/test/render";

// Moved from e2e/auth-fields.spec.ts (docs/decisions/120): the account screens' details.

const SHOW_PASSWORD = /^Show ?password$/;

describe("signing in", () => {
  it("says a refused sign-in in the form and keeps the student in the Email field", async () => {
    const { user, server } = await renderApp("/auth");
    server.answer("POST /api/auth/login", reply(401, { message: "Invalid email or password", code: "auth.invalid_credentials" }));
    await user.type(await screen.findByLabelText("Password", { exact: true }), "Wr0ng!Password");
    const email = screen.getByLabelText("Email");
    await user.type(email, "nobody@example.com{Enter}");

    expect(await screen.findByText("Invalid email or password", { exact: true })).toBeVisible();
    expect(server.body("POST /api/auth/login")).toEqual({ email: "nobody@example.com", password: "Wr0ng!Password" });
    expect(email).toHaveFocus();
  });
});

describe("the password toggle", () => {
  it("is a toggle button named Show password whose pressed state says whether the passwords are shown", async () => {
    const { user } = await renderApp("/auth?mode=register");
    const password = await screen.findByLabelText("Password", { exact: true });
    const confirm = screen.getByLabelText("Confirm Password");
    // jsdom joins "Show" and the hidden " password" without the space a browser keeps: the exact
    // name is the browser suite's to read (e2e/accessibility.spec.ts names it).
    const toggle = screen.getByRole("button", { name: SHOW_PASSWORD });

    expect(toggle).toHaveAttribute("aria-pressed", "false");
    expect(password).toHaveAttribute("type", "password");

    await user.click(toggle);
    expect(screen.getByRole("button", { name: SHOW_PASSWORD, pressed: true })).toBe(toggle);
    expect(password).toHaveAttribute("type", "text");
    expect(confirm).toHaveAttribute("type", "text");

    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-pressed", "false");
    expect(password).toHaveAttribute("type", "password");
    expect(confirm).toHaveAttribute("type", "password");
  });
});

describe("/password-reset for a visitor", () => {
  it("asks them to sign in first, with a way to /auth and no form", async () => {
    const { user } = await renderApp("/password-reset");
    expect(await screen.findByRole("heading", { level: 1, name: "Set a New Password" })).toBeVisible();
    expect(
      screen.getByText(
        "Sign in first to set a new password. If your password was reset, sign in with the temporary password you were given.",
      ),
    ).toBeVisible();
    expect(screen.queryByLabelText("Temporary Password")).toBeNull();
    expect(screen.queryByRole("button", { name: "Update Password" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Sign Out" })).toBeNull();

    await user.click(screen.getByRole("link", { name: "Sign In" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();
    expect(window.location.pathname).toBe("/auth");
  });
});

describe("document titles", () => {
  it.each([
    ["/", "Student Hub: Your Student Productivity Hub"],
    ["/auth", "Sign In · Student Hub"],
    ["/auth?mode=register", "Create Account · Student Hub"],
    ["/password-reset", "Set a New Password · Student Hub"],
    ["/no/such/page", "404 Page Not Found · Student Hub"],
  ])("a visitor at %s reads %s", async (path, title) => {
    await renderApp(path);
    await waitFor(() => expect(document.title).toBe(title));
  });

  it("follows the switch from Sign In to Create Account", async () => {
    const { user } = await renderApp("/auth");
    await user.click(await screen.findByRole("link", { name: "Create an account" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Create Account" })).toBeVisible();
    expect(document.title).toBe("Create Account · Student Hub");
  });

  it.each([
    ["/", "Home · Student Hub"],
    ["/#todo", "Tasks · Student Hub"],
    ["/#calendar", "Calendar · Student Hub"],
  ])("a signed-in student's dashboard at %s reads %s", async (path, title) => {
    await renderApp(path, { user: student() });
    await waitFor(() => expect(document.title).toBe(title));
  });

  it.each([
    ["/password-reset", "Set a New Password", "Set a New Password · Student Hub"],
    ["/admin/push-debug", "Push Debug", "Push Debug · Student Hub"],
    ["/plan", "Study plan", "Study plan · Student Hub"],
  ])("a signed-in student at %s reads %s", async (path, heading, title) => {
    const { server } = await renderApp(path, { user: student() });
    server.answer("GET /api/push/subscriptions", []);
    expect(await screen.findByRole("heading", { level: 1, name: heading })).toBeVisible();
    // Set once the screen's words are in: a moment after its heading shows (CI saw it empty once).
    await waitFor(() => expect(document.title).toBe(title));
  });
});
