import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { answerPasswordAccount, answerPasswordlessAccount, fill, GOOGLE, MICROSOFT } from "@/test/auth";
import { FakeServer, reply, student } from "@/test/fake-server";
import { renderApp } from "@/test/render";
import { held } from "@/test/tasks";

// Moved from e2e/sso.spec.ts and e2e/account.spec.ts (docs/decisions/120): Settings → Delete my
// account, with a password and without one (confirmed at the account's provider). Deleting for
// real, and the landing page after it, stay in the browser (e2e/account.spec.ts,
// e2e/single-sign-on.spec.ts).

const address = () => window.location.pathname + window.location.search;
const TITLE = "Delete your account?";

/** The dashboard of a signed-in student, with GET /api/user/sign-in-methods answered by `methods`. */
async function dashboard(path: string, methods: (server: FakeServer) => FakeServer, server = new FakeServer()) {
  return renderApp(path, { user: student(), server: methods(server) });
}

/** Settings → Delete my account, from the sidebar. */
async function openDeleteDialog(user: Awaited<ReturnType<typeof renderApp>>["user"]) {
  const sidebar = await screen.findByRole("complementary", { name: "Sidebar" });
  await user.click(within(sidebar).getByRole("button", { name: "Settings" }));
  const settings = await screen.findByRole("dialog", { name: "Settings" });
  await user.click(within(settings).getByRole("button", { name: "Delete my account" }));
  return screen.findByRole("alertdialog", { name: TITLE });
}

describe("deleting an account with a password", () => {
  it("enables Delete Account once a password is typed, says a wrong one in the dialog, and sends the right one", async () => {
    const { user, server } = await dashboard("/", answerPasswordAccount);
    const confirm = await openDeleteDialog(user);
    const remove = within(confirm).getByRole("button", { name: "Delete Account" });
    expect(remove).toBeDisabled();

    server.answer(
      "DELETE /api/user",
      reply(401, { message: "Password is incorrect", code: "auth.password_incorrect", errors: { password: ["Password is incorrect"] } }),
    );
    await fill(user, within(confirm).getByLabelText("Password"), "Wrong!Passw0rd");
    expect(remove).toBeEnabled();
    await user.click(remove);
    expect(await within(confirm).findByRole("alert")).toHaveTextContent(/^Password is incorrect$/);
    // Still signed in, still here.
    expect(screen.getByRole("alertdialog", { name: TITLE })).toBeVisible();
    expect(server.body("DELETE /api/user")).toEqual({ password: "Wrong!Passw0rd" });

    // The answer waits until the pending button is seen: under a loaded CI machine an answer that
    // came at once could end the deletion (and the dialog) before the first look.
    const answer = held();
    server.on("DELETE /api/user", async () => {
      await answer.wait;
      return reply(204);
    });
    await fill(user, within(confirm).getByLabelText("Password"), "Str0ng!Passw0rd");
    await user.click(remove);
    // The app then starts again at / (a full-page load, the browser's: e2e/account.spec.ts).
    expect(await within(confirm).findByRole("button", { name: "Deleting..." })).toBeDisabled();
    answer.release();
    expect(server.sent("DELETE /api/user").map((request) => request.body)).toEqual([
      { password: "Wrong!Passw0rd" },
      { password: "Str0ng!Passw0rd" },
    ]);
  });

  it("refuses a blank password in the deletion schema's words under the field, and sends nothing", async () => {
    const { user, server } = await dashboard("/", answerPasswordAccount);
    const confirm = await openDeleteDialog(user);
    const remove = within(confirm).getByRole("button", { name: "Delete Account" });
    const password = within(confirm).getByLabelText("Password");
    await fill(user, password, "   ");
    expect(remove).toBeEnabled();
    await user.click(remove);

    expect(await within(confirm).findByRole("alert")).toHaveTextContent(/^Password is required$/);
    expect(password).toHaveAttribute("aria-invalid", "true");
    expect(server.sent("DELETE /api/user")).toEqual([]);
    expect(screen.getByRole("alertdialog", { name: TITLE })).toBeVisible();

    // The message stays while the password is typed, and goes at the next press; the password goes trimmed.
    server.answer("DELETE /api/user", reply(204));
    await fill(user, password, " Str0ng!Passw0rd ");
    expect(within(confirm).getByRole("alert")).toHaveTextContent(/^Password is required$/);
    await user.click(remove);
    await waitFor(() => expect(server.sent("DELETE /api/user")).toHaveLength(1));
    expect(within(confirm).queryByRole("alert")).toBeNull();
    expect(server.body("DELETE /api/user")).toEqual({ password: "Str0ng!Passw0rd" });
  });
});

describe("deleting an account without a password", () => {
  it("sends the student to confirm with the account's first provider instead of asking for a password", async () => {
    const { user } = await dashboard("/", (server) => answerPasswordlessAccount(server, [MICROSOFT, GOOGLE]));
    const confirm = await openDeleteDialog(user);
    expect(
      await within(confirm).findByText(
        "Your account has no password: to confirm it's you, sign in again with your school account. You'll come back here to finish.",
      ),
    ).toBeVisible();
    expect(within(confirm).getByRole("link", { name: "Sign in with Microsoft" })).toHaveAttribute(
      "href",
      "/auth/sso/microsoft?purpose=confirm-deletion",
    );
    expect(within(confirm).queryByLabelText("Password")).toBeNull();
    expect(within(confirm).getByRole("button", { name: "Delete Account" })).toBeDisabled();
  });

  it("back from the provider at /?confirm=delete-account, opens the confirmation by itself and deletes with {}", async () => {
    const { user, server } = await dashboard("/?confirm=delete-account", answerPasswordlessAccount);
    server.answer("DELETE /api/user", reply(204));
    const confirm = await screen.findByRole("alertdialog", { name: TITLE });
    expect(within(confirm).getByText("You've confirmed it's you. Delete your account now, or cancel to keep it.")).toBeVisible();
    expect(address()).toBe("/");
    expect(screen.queryByRole("dialog", { name: "Complete Your Setup" })).toBeNull();

    await user.click(within(confirm).getByRole("button", { name: "Delete Account" }));
    await waitFor(() => expect(server.sent("DELETE /api/user")).toHaveLength(1));
    expect(server.body("DELETE /api/user")).toEqual({});
  });

  it("once cancelled, the return is over: a reload does not open it, and Settings asks for the provider again", async () => {
    const { user, unmount } = await dashboard("/?confirm=delete-account", answerPasswordlessAccount);
    const confirm = await screen.findByRole("alertdialog", { name: TITLE });
    expect(within(confirm).getByRole("button", { name: "Delete Account" })).toBeEnabled();
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());

    const again = await openDeleteDialog(user);
    expect(await within(again).findByRole("link", { name: "Sign in with Google" })).toBeVisible();
    expect(within(again).getByRole("button", { name: "Delete Account" })).toBeDisabled();

    // A reload: the app starts again at the address as it is now, without the return's parameter.
    unmount();
    await dashboard(address(), answerPasswordlessAccount);
    expect(await screen.findByRole("heading", { level: 2, name: /^Good (morning|afternoon|evening)/ })).toBeVisible();
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("says the server's refusal over 10 minutes after the provider, and offers the provider again", async () => {
    const { user, server } = await dashboard("/?confirm=delete-account", answerPasswordlessAccount);
    server.answer("DELETE /api/user", reply(401, { message: "Sign in again to confirm.", code: "auth.reauthentication_required" }));
    const confirm = await screen.findByRole("alertdialog", { name: TITLE });
    await user.click(within(confirm).getByRole("button", { name: "Delete Account" }));

    expect(await within(confirm).findByRole("alert")).toHaveTextContent(
      /^More than 10 minutes have passed since you confirmed\. Confirm again to delete your account\.$/,
    );
    expect(within(confirm).getByRole("link", { name: "Sign in with Google" })).toHaveAttribute(
      "href",
      "/auth/sso/google?purpose=confirm-deletion",
    );
    expect(within(confirm).getByRole("button", { name: "Delete Account" })).toBeDisabled();
    // Still signed in, still here.
    expect(address()).toBe("/");
  });

  it("brings a signed-in student refused by the provider (/auth?sso_error=…) back to the dialog, saying why", async () => {
    await dashboard("/auth?sso_error=wrong_account", answerPasswordlessAccount);
    const confirm = await screen.findByRole("alertdialog", { name: TITLE });
    expect(within(confirm).getByRole("alert")).toHaveTextContent(
      /^You signed in with a different account than the one you use here\. Try again with the same account\.$/,
    );
    expect(await within(confirm).findByRole("link", { name: "Sign in with Google" })).toBeVisible();
    expect(within(confirm).getByRole("button", { name: "Delete Account" })).toBeDisabled();
    expect(address()).toBe("/");
  });
});
