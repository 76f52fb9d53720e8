import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { answerSignInOptions, fill } from "@/test/auth";
import { FakeServer, reply, student } from "@/test/fake-server";
import { renderApp } from "@/test/render";

// Moved from e2e/forgot-password.spec.ts (docs/decisions/120): /forgot-password's and
// /reset-password's checks, what they send and how they say a dead link. The journey through a
// real mail, its link and the new password stays in the browser.

const NEW_PASSWORD = "N3w!Secret-pass";
const address = () => window.location.pathname + window.location.search;
const LINK_DEAD = "This link has expired or was already used";

describe("/forgot-password", () => {
  it("is reached from the sign-in form's Forgot password?, when the school sends mail", async () => {
    const { user } = await renderApp("/auth", {
      server: answerSignInOptions(new FakeServer(), { providers: [], passwordResetByEmail: true }),
    });
    await user.click(await screen.findByRole("link", { name: "Forgot password?" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Forgot your password?" })).toBeVisible();
    expect(address()).toBe("/forgot-password");
    await waitFor(() => expect(document.title).toBe("Forgot your password? · Student Hub"));
  });

  it("asks for a valid email, sends it, and says what happens next whether or not an account uses it", async () => {
    const { user, server } = await renderApp("/forgot-password");
    server.answer("POST /api/auth/forgot-password", reply(202, { ok: true }));
    const send = await screen.findByRole("button", { name: "Send reset link" });
    await user.click(send);
    expect(await screen.findByText("Invalid email address")).toBeVisible();
    expect(server.sent("POST /api/auth/forgot-password")).toEqual([]);

    await fill(user, screen.getByLabelText("Email"), "maya@example.com");
    await user.click(send);
    expect(await screen.findByRole("status")).toHaveTextContent(
      "If an account uses maya@example.com, a link to reset its password is on its way. Check your inbox (and spam folder). The link works for 60 minutes.",
    );
    expect(server.body("POST /api/auth/forgot-password")).toEqual({ email: "maya@example.com" });
  });
});

describe("/reset-password, opened from the mailed link", () => {
  it("takes the token off the address, checks the new password, and sends it with the token to open the dashboard", async () => {
    const { user, server } = await renderApp("/reset-password?token=abc-123");
    server.on("POST /api/auth/reset-password", () => (server.user = student()));
    expect(await screen.findByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
    expect(address()).toBe("/reset-password");
    await waitFor(() => expect(document.title).toBe("Choose a new password · Student Hub"));

    await fill(user, screen.getByLabelText("New Password", { exact: true }), "weakpassword");
    await fill(user, screen.getByLabelText("Confirm New Password", { exact: true }), "weakpassword");
    await user.click(screen.getByRole("button", { name: "Save new password" }));
    expect(await screen.findByText("Password must contain at least one uppercase letter")).toBeVisible();
    expect(server.sent("POST /api/auth/reset-password")).toEqual([]);

    await fill(user, screen.getByLabelText("New Password", { exact: true }), NEW_PASSWORD);
    await fill(user, screen.getByLabelText("Confirm New Password", { exact: true }), NEW_PASSWORD);
    await user.click(screen.getByRole("button", { name: "Save new password" }));
    expect(await screen.findByRole("tablist", { name: "Dashboard sections" })).toBeVisible();
    expect(server.body("POST /api/auth/reset-password")).toEqual({
      token: "abc-123",
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(address()).toBe("/");
  });

  it("says a link already used or expired as the page opens, before a password is typed, with the way to ask for another (issue 49)", async () => {
    const server = new FakeServer();
    server.answer(
      "POST /api/auth/reset-password/check",
      reply(400, { message: LINK_DEAD, code: "auth.reset_link_invalid", errors: { token: [LINK_DEAD] } }),
    );
    const { user } = await renderApp("/reset-password?token=used-token&lang=en", { server });
    expect(await screen.findByRole("alert")).toHaveTextContent(new RegExp(`^${LINK_DEAD}$`));
    expect(server.body("POST /api/auth/reset-password/check")).toEqual({ token: "used-token" });
    expect(screen.queryByLabelText("New Password", { exact: true })).toBeNull();
    expect(screen.queryByRole("button", { name: "Save new password" })).toBeNull();
    expect(address()).toBe("/reset-password");
    await user.click(screen.getByRole("link", { name: "Ask for a new link" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Forgot your password?" })).toBeVisible();
  });

  it("says the password rule once: under the field, not again as the page's intro (issue 49)", async () => {
    await renderApp("/reset-password?token=abc-123");
    await screen.findByLabelText("New Password", { exact: true });
    expect(screen.getAllByText(/^At least 8 characters/)).toHaveLength(1);
    expect(screen.getByText("Saving it signs you in here and signs you out on your other devices.")).toBeVisible();
  });

  it("says a link already used in words, with the way to ask for another", async () => {
    const { user, server } = await renderApp("/reset-password?token=used-token");
    // The server's refusal of a used link (server/routes/password-reset.test.ts "a link works once").
    server.answer(
      "POST /api/auth/reset-password",
      reply(400, { message: LINK_DEAD, code: "auth.reset_link_invalid", errors: { token: [LINK_DEAD] } }),
    );
    await fill(user, await screen.findByLabelText("New Password", { exact: true }), "An0ther!Password");
    await fill(user, screen.getByLabelText("Confirm New Password", { exact: true }), "An0ther!Password");
    await user.click(screen.getByRole("button", { name: "Save new password" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(new RegExp(`^${LINK_DEAD}$`));
    await user.click(screen.getByRole("link", { name: "Ask for a new link" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Forgot your password?" })).toBeVisible();
    expect(address()).toBe("/forgot-password");
  });
});
