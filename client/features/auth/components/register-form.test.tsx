import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fill } from "@/test/auth";
import { reply, student } from "@/test/fake-server";
import { renderApp } from "@/test/render";

// Moved from e2e/auth.spec.ts (docs/decisions/120): the Create Account form's checks, what it
// sends and how it says the server's refusal. The journey to the dashboard stays in the browser.

const PASSWORD = "Str0ng!Passw0rd";
const HINT = "At least 8 characters with uppercase, lowercase, number, and special character";

async function openRegister() {
  const rendered = await renderApp("/auth?mode=register");
  expect(await screen.findByRole("heading", { level: 1, name: "Create Account" })).toBeVisible();
  const form = {
    firstName: screen.getByLabelText("First Name"),
    lastName: screen.getByLabelText("Last Name"),
    email: screen.getByLabelText("Email"),
    password: screen.getByLabelText("Password", { exact: true }),
    confirmPassword: screen.getByLabelText("Confirm Password"),
    submit: screen.getByRole("button", { name: "Create Account" }),
  };
  return { ...rendered, form };
}

describe("creating an account", () => {
  it("an empty form shows the first error of every field under that field, and sends nothing", async () => {
    const { user, server, form } = await openRegister();
    await user.click(form.submit);

    await waitFor(() => expect(form.firstName).toHaveAccessibleDescription("First name is required"));
    expect(form.lastName).toHaveAccessibleDescription("Last name is required");
    expect(form.email).toHaveAccessibleDescription("Invalid email address");
    // The hint stays; only the first failing password rule is shown.
    expect(form.password).toHaveAccessibleDescription(`${HINT} Password must be at least 8 characters`);
    expect(form.firstName).toHaveAttribute("aria-invalid", "true");
    expect(screen.queryByText(/Password must contain/)).toBeNull();
    expect(window.location.pathname + window.location.search).toBe("/auth?mode=register");
    expect(server.sent("POST /api/auth/register")).toEqual([]);
  });

  it("a weak password shows the first broken rule, one at a time", async () => {
    const { user, form } = await openRegister();
    await fill(user, form.firstName, "Ana");
    await fill(user, form.lastName, "Lopez");
    await fill(user, form.email, "ana@example.com");

    const cases = [
      { password: "Sh0rt!", message: "Password must be at least 8 characters" },
      { password: "lowercase1!", message: "Password must contain at least one uppercase letter" },
      { password: "UPPERCASE1!", message: "Password must contain at least one lowercase letter" },
      { password: "NoNumbers!!", message: "Password must contain at least one number" },
      { password: "NoSpecial12", message: "Password must contain at least one special character" },
      // Breaks three rules (uppercase, number, special): only the first is shown.
      { password: "onlylowercase", message: "Password must contain at least one uppercase letter" },
    ];
    for (const { password, message } of cases) {
      await fill(user, form.password, password);
      await fill(user, form.confirmPassword, password);
      await user.click(form.submit);

      expect(await screen.findByText(message, { exact: true }), password).toBeVisible();
      expect(screen.getAllByText(/^Password must /), password).toHaveLength(1);
      expect(form.password, password).toHaveAttribute("aria-invalid", "true");
    }
    expect(screen.getByRole("heading", { level: 1, name: "Create Account" })).toBeVisible();
  });

  it("reports mismatched passwords and a bad email on their own fields", async () => {
    const { user, form } = await openRegister();
    await fill(user, form.firstName, "Ana");
    await fill(user, form.lastName, "Lopez");
    await fill(user, form.email, "ana-at-example.com");
    await fill(user, form.password, PASSWORD);
    await fill(user, form.confirmPassword, `${PASSWORD}x`);
    await user.click(form.submit);

    await waitFor(() => expect(form.email).toHaveAccessibleDescription("Invalid email address"));
    expect(form.confirmPassword).toHaveAccessibleDescription("Passwords don't match");
    expect(form.password).toHaveAttribute("aria-invalid", "false");
    expect(form.firstName).toHaveAttribute("aria-invalid", "false");
  });

  it("clears a field's error as it is edited and leaves the others", async () => {
    const { user, form } = await openRegister();
    await user.click(form.submit);
    expect(await screen.findByText("First name is required")).toBeVisible();
    expect(screen.getByText("Last name is required")).toBeVisible();

    await user.type(form.firstName, "A");

    expect(screen.queryByText("First name is required")).toBeNull();
    expect(form.firstName).toHaveAttribute("aria-invalid", "false");
    expect(screen.getByText("Last name is required")).toBeVisible();
    expect(screen.getByText("Invalid email address")).toBeVisible();
  });

  it("keeps a two-word name's inner space as it is typed and trims its edges when the field is left", async () => {
    // (An email's spaces are the browser's to show: e2e/auth-fields.spec.ts.)
    const { user, form } = await openRegister();
    await user.type(form.firstName, "  Mary Ann ");
    expect(form.firstName).toHaveValue("Mary Ann ");
    await user.click(form.lastName);
    expect(form.firstName).toHaveValue("Mary Ann");
  });

  it("sends the five fields, trimmed, and opens the dashboard with the class setup for the new account", async () => {
    const { user, server, form } = await openRegister();
    const ana = student({ id: 7, firstName: "Ana", lastName: "Lopez", email: "ana@example.com", userClasses: [] });
    server.on("POST /api/auth/register", () => {
      server.user = ana;
      return reply(201, ana);
    });
    await fill(user, form.firstName, "Ana");
    await fill(user, form.lastName, "Lopez ");
    await fill(user, form.email, "ana@example.com");
    await fill(user, form.password, PASSWORD);
    await fill(user, form.confirmPassword, PASSWORD);
    await user.click(form.submit);

    expect(await screen.findByRole("dialog", { name: "Complete Your Setup" })).toBeVisible();
    expect(server.body("POST /api/auth/register")).toEqual({
      firstName: "Ana",
      lastName: "Lopez",
      email: "ana@example.com",
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(window.location.pathname + window.location.search).toBe("/");
  });

  it("says an email already registered in a toast and under the Email field, and stays on the form", async () => {
    const { user, server, form } = await openRegister();
    server.answer(
      "POST /api/auth/register",
      reply(409, {
        message: "An account with this email already exists",
        code: "auth.email_taken",
        errors: { email: ["An account with this email already exists"] },
      }),
    );
    await fill(user, form.firstName, "Ana");
    await fill(user, form.lastName, "Lopez");
    await fill(user, form.email, "maya@example.com");
    await fill(user, form.password, PASSWORD);
    await fill(user, form.confirmPassword, PASSWORD);
    await user.click(form.submit);

    expect(await screen.findByText("Registration failed", { exact: true })).toBeVisible();
    await waitFor(() => expect(form.email).toHaveAccessibleDescription("An account with this email already exists"));
    expect(screen.getByRole("heading", { level: 1, name: "Create Account" })).toBeVisible();
    // Said under its field, so not again in the form's own error box.
    expect(within(screen.getByRole("form", { name: "Create account" })).queryByRole("alert")).toBeNull();
  });
});
