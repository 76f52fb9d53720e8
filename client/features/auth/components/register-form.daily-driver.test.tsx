import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { User } from "@core/api-types";
import "@/test/daily-driver";
import { FakeServer, reply, student } from "@/test/fake-server";
import { renderApp } from "@/test/render";
import { findToast } from "@/test/admin";

// Moved from e2e/daily-driver-three-server.spec.ts (docs/decisions/120): the registration limit's
// message in the Create Account form. The server's 429 itself is server/routes/sign-in-limits.test.ts's.

const PASSWORD = "Str0ng!Passw0rd";
/** What the server answers once the address has met its limit (decision 097), 12 minutes left. */
const LIMIT_MESSAGE = "Too many accounts were created from this network. Try again in 12 minutes.";

describe("the registration limit on a phone", () => {
  it("stays in the form after the toast, saying when to retry, until the student edits or retries, and a retry later signs her up", async () => {
    const server = new FakeServer();
    server.answer("POST /api/auth/register", reply(429, { message: LIMIT_MESSAGE }, { "retry-after": "720" }));
    const { user } = await renderApp("/auth?mode=register", { server, width: 375 });
    expect(await screen.findByRole("heading", { level: 1, name: "Create Account" })).toBeVisible();
    await user.type(screen.getByLabelText("First Name"), "Ava");
    await user.type(screen.getByLabelText("Last Name"), "Nguyen");
    await user.type(screen.getByLabelText("Email"), "ava@example.com");
    await user.type(screen.getByLabelText("Password", { exact: true }), PASSWORD);
    await user.type(screen.getByLabelText("Confirm Password"), PASSWORD);
    const createAccount = screen.getByRole("button", { name: "Create Account" });
    const formError = () => within(screen.getByRole("form", { name: "Create account" })).queryByRole("alert");
    await user.click(createAccount);

    const toast = await findToast("Registration failed", LIMIT_MESSAGE);
    await waitFor(() => expect(formError()).toHaveTextContent(LIMIT_MESSAGE));
    // The toast goes (closed, as a student busy typing would); the form still says when to try again.
    await user.click(within(toast).getByRole("button", { name: "Close toast" }));
    await waitFor(() => expect(document.querySelector("[data-sonner-toast]")).toBeNull());
    // The toast library hands the focus back to the button pressed last once its toast is gone.
    await waitFor(() => expect(createAccount).toHaveFocus());
    expect(formError()).toHaveTextContent(LIMIT_MESSAGE);

    // Editing a field puts it away: the student has acted on it.
    await user.type(screen.getByLabelText("First Name"), " May");
    expect(formError()).toBeNull();

    // Trying again while the limit holds says it again; once it has passed, the student is signed up.
    await user.click(createAccount);
    await waitFor(() => expect(formError()).toHaveTextContent(LIMIT_MESSAGE));
    server.on("POST /api/auth/register", ({ body }) => {
      const fields = body as { email: string; firstName: string; lastName: string };
      server.user = student({ id: 7, email: fields.email, firstName: fields.firstName, lastName: fields.lastName, userClasses: [] });
      return reply(201, server.user satisfies User);
    });
    await user.click(createAccount);
    expect(await screen.findByRole("dialog", { name: "Complete Your Setup" })).toBeVisible();
    expect(window.location.pathname).toBe("/");
    expect(server.sent("POST /api/auth/register").at(-1)?.body).toMatchObject({
      email: "ava@example.com",
      firstName: "Ava May",
      lastName: "Nguyen",
    });
  });
});
