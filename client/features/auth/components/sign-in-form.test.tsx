import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fill } from "@/test/auth";
import { reply, student } from "@/test/fake-server";
import { renderApp } from "@/test/render";

// Moved from e2e/auth.spec.ts (docs/decisions/120): the Sign In form's checks and refusals, the
// auth screen's two modes, and /auth for a student already signed in. Signing in against the real
// server, on to the dashboard, stays in the browser.

const PASSWORD = "Str0ng!Passw0rd";
const SHOW_PASSWORD = /^Show ?password$/;
const address = () => window.location.pathname + window.location.search;

async function openSignIn(path = "/auth") {
  const rendered = await renderApp(path);
  expect(await screen.findByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();
  const form = {
    email: screen.getByLabelText("Email"),
    password: screen.getByLabelText("Password", { exact: true }),
    submit: screen.getByRole("button", { name: "Sign In" }),
  };
  return { ...rendered, form };
}

describe("signing in", () => {
  it("says a wrong password in the form's error box and stays on the form", async () => {
    const { user, server, form } = await openSignIn();
    server.answer("POST /api/auth/login", reply(401, { message: "Invalid email or password", code: "auth.invalid_credentials" }));
    expect(screen.queryByRole("alert")).toBeNull();
    await fill(user, form.email, "maya@example.com");
    await fill(user, form.password, "Wr0ng!Password");
    await user.click(form.submit);

    expect(await screen.findByRole("alert")).toHaveTextContent(/^Invalid email or password$/);
    expect(address()).toBe("/auth");
    expect(screen.getByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();
  });

  it("asks an empty form for a valid email and a password, and sends nothing", async () => {
    const { user, server, form } = await openSignIn();
    await user.click(form.submit);

    await waitFor(() => expect(form.email).toHaveAccessibleDescription("Invalid email address"));
    expect(form.password).toHaveAccessibleDescription("Password is required");
    expect(server.sent("POST /api/auth/login")).toEqual([]);
  });

  it("sends the email and password, and the right ones open the dashboard", async () => {
    const { user, server, form } = await openSignIn();
    server.on("POST /api/auth/login", () => (server.user = student()));
    await fill(user, form.email, "maya@example.com");
    await fill(user, form.password, PASSWORD);
    await user.click(form.submit);

    expect(await screen.findByRole("heading", { level: 2, name: /^Good (morning|afternoon|evening), Maya$/ })).toBeVisible();
    expect(server.body("POST /api/auth/login")).toEqual({ email: "maya@example.com", password: PASSWORD });
    expect(address()).toBe("/");
  });

  it("shows the sign-in password with Show password, and hides it again", async () => {
    const { user, form } = await openSignIn();
    await fill(user, form.password, "secret-value");
    expect(form.password).toHaveAttribute("type", "password");
    const toggle = screen.getByRole("button", { name: SHOW_PASSWORD });
    await user.click(toggle);
    expect(form.password).toHaveAttribute("type", "text");
    expect(form.password).toHaveValue("secret-value");
    await user.click(toggle);
    expect(form.password).toHaveAttribute("type", "password");
  });
});

describe("/auth for a student already signed in", () => {
  it.each(["/auth", "/auth?mode=register"])("%s sends them to the dashboard", async (path) => {
    await renderApp(path, { user: student() });
    expect(await screen.findByRole("tablist", { name: "Dashboard sections" })).toBeVisible();
    expect(address()).toBe("/");
    expect(screen.queryByRole("heading", { level: 1, name: "Sign In" })).toBeNull();
  });
});

describe("the auth screen's modes", () => {
  it("opens Create Account at ?mode=register, and its links switch between the two modes", async () => {
    const { user } = await renderApp("/auth?mode=register");
    expect(await screen.findByRole("heading", { level: 1, name: "Create Account" })).toBeVisible();
    expect(screen.getByText("At least 8 characters with uppercase, lowercase, number, and special character")).toBeVisible();

    await user.click(screen.getByRole("link", { name: "Sign in" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();
    expect(address()).toBe("/auth");
    expect(screen.queryByLabelText("First Name")).toBeNull();

    await user.click(screen.getByRole("link", { name: "Create an account" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Create Account" })).toBeVisible();
    expect(address()).toBe("/auth?mode=register");
  });

  it("clears the fields and the errors when the mode is switched", async () => {
    const { user } = await renderApp("/auth");
    await fill(user, await screen.findByLabelText("Email"), "someone@example.com");
    await fill(user, screen.getByLabelText("Password", { exact: true }), "whatever");
    await user.click(screen.getByRole("link", { name: "Create an account" }));

    expect(await screen.findByLabelText("First Name")).toHaveValue("");
    expect(screen.getByLabelText("Email")).toHaveValue("");
    expect(screen.getByLabelText("Password", { exact: true })).toHaveValue("");
    await fill(user, screen.getByLabelText("First Name"), "Ana");
    await fill(user, screen.getByLabelText("Email"), "bad");
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText("Invalid email address")).toBeVisible();

    await user.click(screen.getByRole("link", { name: "Sign in" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();
    expect(screen.getByLabelText("Email")).toHaveValue("");
    expect(screen.getByLabelText("Password", { exact: true })).toHaveValue("");
    expect(screen.queryByText("Invalid email address")).toBeNull();

    await user.click(screen.getByRole("link", { name: "Create an account" }));
    expect(await screen.findByLabelText("First Name")).toHaveValue("");
    expect(screen.queryByText("Last name is required")).toBeNull();
  });

  it("shows both register passwords, as typed, with one Show password", async () => {
    // The toggle's pressed state is read in client/app/screens/auth.test.tsx; here, that the values stay.
    const { user } = await renderApp("/auth?mode=register");
    const password = await screen.findByLabelText("Password", { exact: true });
    const confirm = screen.getByLabelText("Confirm Password");
    await fill(user, password, PASSWORD);
    await fill(user, confirm, PASSWORD);
    await user.click(screen.getByRole("button", { name: SHOW_PASSWORD }));
    expect(password).toHaveAttribute("type", "text");
    expect(confirm).toHaveAttribute("type", "text");
    expect(password).toHaveValue(PASSWORD);
    expect(confirm).toHaveValue(PASSWORD);
  });
});
