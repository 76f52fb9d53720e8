import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { answerSignInOptions, GOOGLE, MICROSOFT } from "@/test/auth";
import { FakeServer, reply } from "@/test/fake-server";
import { renderApp } from "@/test/render";

// Moved from e2e/sso.spec.ts (docs/decisions/120): the auth screen's school sign-in, its words and
// its refusals (?sso_error=<code>). A real round trip through a provider stays in the browser
// (e2e/single-sign-on.spec.ts).

const address = () => window.location.pathname + window.location.search;
const providerLinks = () => screen.queryAllByRole("link").filter((link) => link.getAttribute("href")?.startsWith("/auth/sso/"));
/** The alerts that say something (an empty live region is no message). */
const said = () => screen.queryAllByRole("alert").filter((alert) => alert.textContent?.trim());
const follows = (first: Element, second: Element) => Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);

describe("the auth screen's school sign-in", () => {
  it("shows one link per provider to /auth/sso/{id} above the form from its first frame, and marks the one followed busy", async () => {
    // The screen's code already here, as the browser has it when the options are slower than it:
    // only the wait for them can then hold the screen back.
    await Promise.all([import("@/app/screens/auth"), import("@/api/auth/sign-in-reads")]);
    const server = answerSignInOptions(new FakeServer());
    // Answered late (within the second the screen waits for them, longer than it takes to render):
    // the buttons come with the heading, not after it.
    server.on("GET /api/auth/providers", () => new Promise((resolve) => setTimeout(() => resolve([GOOGLE, MICROSOFT]), 700)));
    const { user } = await renderApp("/auth", { server });
    expect(await screen.findByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();
    expect(providerLinks()).toHaveLength(2);

    const google = screen.getByRole("link", { name: "Sign in with Google" });
    const microsoft = screen.getByRole("link", { name: "Sign in with Microsoft" });
    expect(google).toHaveAttribute("href", "/auth/sso/google");
    expect(microsoft).toHaveAttribute("href", "/auth/sso/microsoft");
    expect(screen.getByText("or", { exact: true })).toBeVisible();
    // Before the form, which is still there for passwords.
    expect(follows(google, screen.getByLabelText("Email"))).toBe(true);
    expect(screen.getByRole("form", { name: "Sign in" })).toContainElement(screen.getByRole("button", { name: "Sign In" }));

    // Followed, the link shows it is on its way and the others take no click. (jsdom does not
    // navigate: the browser's full-page navigation is e2e/single-sign-on.spec.ts's.)
    window.addEventListener("click", (event) => event.preventDefault(), { once: true });
    await user.click(google);
    expect(google).toHaveAttribute("aria-busy", "true");
    expect(microsoft).toHaveAttribute("aria-disabled", "true");
    expect(address()).toBe("/auth");
  });

  it("shows the buttons on the register form too", async () => {
    await renderApp("/auth?mode=register", { server: answerSignInOptions(new FakeServer(), { providers: [MICROSOFT] }) });
    expect(await screen.findByRole("link", { name: "Sign in with Microsoft" })).toHaveAttribute("href", "/auth/sso/microsoft");
    expect(screen.getByRole("heading", { level: 1, name: "Create Account" })).toBeVisible();
    expect(providerLinks()).toHaveLength(1);
  });

  it("shows no button and no divider when the school has no provider", async () => {
    await renderApp("/auth", { server: answerSignInOptions(new FakeServer(), { providers: [] }) });
    expect(await screen.findByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();
    expect(screen.getByRole("form", { name: "Sign in" })).toBeVisible();
    expect(providerLinks()).toHaveLength(0);
    expect(screen.queryByText("or", { exact: true })).toBeNull();
  });

  it("offers registration as before when it cannot read the policy (an older server, a failure)", async () => {
    const server = new FakeServer()
      .answer("GET /api/auth/providers", reply(500, { message: "Boom" }))
      .answer("GET /api/auth/registration", reply(404, { message: "Not found" }));
    await renderApp("/auth", { server });
    expect(await screen.findByRole("form", { name: "Sign in" })).toBeVisible();
    expect(providerLinks()).toHaveLength(0);
    expect(screen.getByRole("link", { name: "Create an account" })).toBeVisible();
  });
});

describe("the school's sign-up policy", () => {
  it("sso-only: a visitor sees the providers only; staff with a password open the sign-in form", async () => {
    const { user } = await renderApp("/auth?mode=register", { server: answerSignInOptions(new FakeServer(), { mode: "sso-only" }) });
    // The landing page's "Create account" leads here: the school's buttons, not a register form that would be refused.
    expect(await screen.findByRole("button", { name: "Sign in with email and password" })).toBeVisible();
    expect(screen.getByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();
    expect(providerLinks()).toHaveLength(2);
    expect(screen.queryByRole("form", { name: "Sign in" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Sign in with email and password" }));
    expect(screen.getByRole("form", { name: "Sign in" })).toBeVisible();
    expect(screen.queryByRole("form", { name: "Create account" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Create an account" })).toBeNull();
    expect(screen.getByText("Accounts are made by signing in with your school account.")).toBeVisible();
    expect(providerLinks()).toHaveLength(2);
  });

  it("closed: no registration, even at ?mode=register, and the providers still shown", async () => {
    await renderApp("/auth?mode=register", { server: answerSignInOptions(new FakeServer(), { mode: "closed", providers: [GOOGLE] }) });
    expect(await screen.findByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();
    expect(screen.getByRole("form", { name: "Sign in" })).toBeVisible();
    expect(screen.getByText("Ask your school for an account.")).toBeVisible();
    expect(screen.queryByRole("link", { name: "Create an account" })).toBeNull();
    expect(await screen.findByRole("link", { name: "Sign in with Google" })).toHaveAttribute("href", "/auth/sso/google");
  });
});

describe("a provider's return that did not sign the student in (?sso_error=<code>)", () => {
  const messages: Record<string, string> = {
    provider_error: "Signing in with your school account was cancelled or refused. Try again, and ask your school if it keeps happening.",
    provider_unavailable: "Your school's sign-in could not be reached. Try again in a few minutes.",
    login_expired: "Your sign-in expired, was already used, or was started in another browser. Try again.",
    invalid_response: "Your school account could not be verified. Try again.",
    email_not_verified:
      "An account with this email already exists, but your school account hasn't confirmed the email. Sign in with your password, or ask your school for help.",
    domain_not_allowed: "That account isn't from your school. Sign in with your school account.",
    no_account: "There's no Student Hub account for that email yet. Ask your school to make one for you.",
    wrong_account: "You signed in with a different account than the one you use here. Try again with the same account.",
    unknown_provider: "That way of signing in isn't available. Choose another one.",
    something_new: "Signing in with your school account didn't work. Try again.",
  };

  it.each(Object.entries(messages))("%s is said, and the parameter leaves the address", async (code, message) => {
    await renderApp(`/auth?sso_error=${code}`, { server: answerSignInOptions(new FakeServer()) });
    expect(await screen.findByText(message)).toBeVisible();
    expect(said().map((alert) => alert.textContent)).toEqual([message]);
    expect(address()).toBe("/auth");
  });

  it("is said above the buttons, once: the address kept without it shows it no more", async () => {
    const server = answerSignInOptions(new FakeServer());
    const { unmount } = await renderApp("/auth?mode=register&sso_error=no_account", { server });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(messages.no_account!);
    expect(address()).toBe("/auth?mode=register");
    expect(follows(alert, await screen.findByRole("link", { name: "Sign in with Google" }))).toBe(true);

    // A reload: the app starts again at the address as it is now.
    unmount();
    await renderApp(address(), { server: answerSignInOptions(new FakeServer()) });
    expect(await screen.findByRole("heading", { level: 1, name: "Create Account" })).toBeVisible();
    expect(screen.queryByText(messages.no_account!)).toBeNull();
  });
});

describe("in Spanish", () => {
  it("the providers, a provider's refusal and the closed sign-up read in Spanish", async () => {
    const server = answerSignInOptions(new FakeServer(), {
      mode: "closed",
      providers: [{ id: "google", label: "Iniciar sesión con Google" }],
    });
    await renderApp("/auth?sso_error=domain_not_allowed", { server, locale: "es" });
    expect(await screen.findByRole("heading", { level: 1, name: "Iniciar sesión" })).toBeVisible();
    expect(said().map((alert) => alert.textContent)).toEqual([
      "Esa cuenta no es de tu escuela. Inicia sesión con tu cuenta de la escuela.",
    ]);
    expect(await screen.findByRole("link", { name: "Iniciar sesión con Google" })).toHaveAttribute("href", "/auth/sso/google");
    expect(screen.getByText("o", { exact: true })).toBeVisible();
    expect(screen.getByText("Pídele una cuenta a tu escuela.")).toBeVisible();
    expect(address()).toBe("/auth");
  });
});
