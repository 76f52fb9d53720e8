import type { Page, Request } from "@playwright/test";
import { e2eDb, expect, openSettings, seedUser, signIn, test } from "./fixtures";
import { expectSpanish } from "./spanish";

/**
 * Signing in with the school's account, the client's side (issue 35, docs/product.md#auth-screen and
 * #settings-dialog). The server's routes are stood in for with page.route: the providers, the
 * sign-up policy, the account's sign-in methods and the deletion's answer. The round trip through a
 * real provider is the server's suite's.
 */

type Provider = { id: string; label: string };
const GOOGLE: Provider = { id: "google", label: "Sign in with Google" };
const MICROSOFT: Provider = { id: "microsoft", label: "Sign in with Microsoft" };

async function stubSignInOptions(
  page: Page,
  { providers = [GOOGLE, MICROSOFT], mode = "open", delayMs = 0 }: { providers?: Provider[]; mode?: string; delayMs?: number } = {},
) {
  await page.route("**/api/auth/providers", async (route) => {
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.fulfill({ json: providers });
  });
  await page.route("**/api/auth/registration", (route) => route.fulfill({ json: { mode } }));
}

const signInForm = (page: Page) => page.getByRole("form", { name: "Sign in" });
const providerLinks = (page: Page) => page.locator('a[href^="/auth/sso/"]');

test.describe("the auth screen's school sign-in", () => {
  test("shows one button per provider above the form, each a link to /auth/sso/{id}, and marks the one followed busy", async ({ page }) => {
    // Answered late: the screen waits for them, so its first frame already has the buttons.
    await stubSignInOptions(page, { delayMs: 300 });
    await page.route("**/auth/sso/google", (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>Google</title><h1>Google</h1>" }),
    );
    await page.goto("/auth");
    await expect(page.getByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();
    // Seen together with the heading, not after it: nothing moves under the student's finger.
    expect(await providerLinks(page).count()).toBe(2);

    const google = page.getByRole("link", { name: "Sign in with Google" });
    const microsoft = page.getByRole("link", { name: "Sign in with Microsoft" });
    await expect(google).toHaveAttribute("href", "/auth/sso/google");
    await expect(microsoft).toHaveAttribute("href", "/auth/sso/microsoft");
    await expect(page.getByText("or", { exact: true })).toBeVisible();
    // Above the form, which is still there for passwords.
    const googleBox = (await google.boundingBox())!;
    const emailBox = (await page.getByLabel("Email").boundingBox())!;
    expect(googleBox.y).toBeLessThan(emailBox.y);
    await expect(signInForm(page).getByRole("button", { name: "Sign In" })).toBeVisible();

    // Followed, the link shows it is on its way and the others take no click. (The page stays: the
    // navigation is cancelled once the app has handled the click, so the state can be read.)
    await page.evaluate(() => window.addEventListener("click", (event) => event.preventDefault(), { once: true }));
    await google.click();
    await expect(google).toHaveAttribute("aria-busy", "true");
    await expect(microsoft).toHaveAttribute("aria-disabled", "true");
    await expect(page).toHaveURL(/\/auth$/);

    // A full-page navigation to the server's route, which sends the browser on to the provider.
    await page.reload();
    await page.getByRole("link", { name: "Sign in with Google" }).click();
    await expect(page).toHaveURL(/\/auth\/sso\/google$/);
    await expect(page.getByRole("heading", { name: "Google" })).toBeVisible();
  });

  test("shows the buttons on the register form too, and none when the school has no provider", async ({ page }) => {
    await stubSignInOptions(page, { providers: [MICROSOFT] });
    await page.goto("/auth?mode=register");
    await expect(page.getByRole("heading", { level: 1, name: "Create Account" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign in with Microsoft" })).toHaveAttribute("href", "/auth/sso/microsoft");

    await page.unrouteAll();
    await stubSignInOptions(page, { providers: [] });
    await page.goto("/auth");
    await expect(page.getByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();
    await expect(signInForm(page)).toBeVisible();
    await expect(providerLinks(page)).toHaveCount(0);
    await expect(page.getByText("or", { exact: true })).toHaveCount(0);
  });

  test("says why a provider's return did not sign the student in, once: the parameter leaves the address", async ({ page }) => {
    await stubSignInOptions(page);
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
    for (const [code, message] of Object.entries(messages)) {
      await test.step(code, async () => {
        await page.goto(`/auth?sso_error=${code}`);
        await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveText(message);
        await expect(page).toHaveURL(/\/auth$/);
      });
    }

    // Shown above the buttons; a reload does not show it again.
    await page.goto("/auth?mode=register&sso_error=no_account");
    const alert = page.getByRole("alert").filter({ hasText: /\S/ });
    await expect(alert).toHaveText(messages.no_account!);
    await expect(page).toHaveURL(/\/auth\?mode=register$/);
    expect((await alert.boundingBox())!.y).toBeLessThan((await page.getByRole("link", { name: "Sign in with Google" }).boundingBox())!.y);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Create Account" })).toBeVisible();
    await expect(page.getByText(messages.no_account!)).toHaveCount(0);
  });

  test("sso-only: visitors see the providers only; staff with a password open the sign-in form", async ({ page }) => {
    await stubSignInOptions(page, { mode: "sso-only" });
    // The landing page's "Create account" leads here: the school's buttons, not a register form that would be refused.
    await page.goto("/auth?mode=register");
    await expect(page.getByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();
    await expect(providerLinks(page)).toHaveCount(2);
    await expect(signInForm(page)).toHaveCount(0);
    await page.getByRole("button", { name: "Sign in with email and password" }).click();
    await expect(signInForm(page)).toBeVisible();
    await expect(page.getByRole("form", { name: "Create account" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Create an account" })).toHaveCount(0);
    await expect(page.getByText("Accounts are made by signing in with your school account.")).toBeVisible();
    await expect(providerLinks(page)).toHaveCount(2);
  });

  test("closed: no registration either, and the providers still shown", async ({ page }) => {
    await stubSignInOptions(page, { mode: "closed", providers: [GOOGLE] });
    await page.goto("/auth");
    await expect(signInForm(page)).toBeVisible();
    await expect(page.getByText("Ask your school for an account.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Create an account" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Sign in with Google" })).toHaveAttribute("href", "/auth/sso/google");
    await page.goto("/auth?mode=register");
    await expect(page.getByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();
    await expect(page.getByText("Ask your school for an account.")).toBeVisible();
  });

  test("a policy it cannot read (an older server, a failure) offers registration as before", async ({ page }) => {
    await page.route("**/api/auth/providers", (route) => route.fulfill({ status: 500, json: { message: "Boom" } }));
    await page.route("**/api/auth/registration", (route) => route.fulfill({ status: 404, json: { message: "Not found" } }));
    await page.goto("/auth");
    await expect(signInForm(page)).toBeVisible();
    await expect(providerLinks(page)).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Create an account" })).toBeVisible();
  });
});

/** Stands in for GET /api/user/sign-in-methods: an account without a password that signs in with Google. */
async function stubPasswordlessAccount(page: Page, providers: Provider[] = [GOOGLE]) {
  await page.route("**/api/user/sign-in-methods", (route) => route.fulfill({ json: { password: false, providers } }));
}

/** Stands in for DELETE /api/user, answering `answer`; the requests it received. */
async function stubDeletion(page: Page, answer: { status: number; json?: unknown }): Promise<Request[]> {
  const sent: Request[] = [];
  await page.route("**/api/user", async (route) => {
    if (route.request().method() !== "DELETE") return route.fallback();
    sent.push(route.request());
    await route.fulfill(answer.json === undefined ? { status: answer.status } : { status: answer.status, json: answer.json });
  });
  return sent;
}

test.describe("deleting an account without a password", () => {
  test("the dialog sends the student to confirm with the account's provider instead of asking for a password", async ({
    signedInPage: page,
  }) => {
    await stubPasswordlessAccount(page, [MICROSOFT, GOOGLE]);
    await page.goto("/");
    const settings = await openSettings(page, false);
    await settings.getByRole("button", { name: "Delete my account" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete your account?" });
    await expect(
      confirm.getByText(
        "Your account has no password: to confirm it's you, sign in again with your school account. You'll come back here to finish.",
      ),
    ).toBeVisible();
    // The first provider the account uses.
    await expect(confirm.getByRole("link", { name: "Sign in with Microsoft" })).toHaveAttribute(
      "href",
      "/auth/sso/microsoft?purpose=confirm-deletion",
    );
    await expect(confirm.getByLabel("Password")).toHaveCount(0);
    await expect(confirm.getByRole("button", { name: "Delete Account" })).toBeDisabled();
  });

  test("back from the provider at /?confirm=delete-account, the confirmation opens by itself and deletes with {}", async ({
    signedInPage: page,
  }) => {
    await stubPasswordlessAccount(page);
    const sent = await stubDeletion(page, { status: 204 });
    await page.goto("/?confirm=delete-account");
    const confirm = page.getByRole("alertdialog", { name: "Delete your account?" });
    await expect(confirm.getByText("You've confirmed it's you. Delete your account now, or cancel to keep it.")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("dialog", { name: "Complete Your Setup" })).toHaveCount(0);

    await confirm.getByRole("button", { name: "Delete Account" }).click();
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]!.postDataJSON()).toEqual({});
    // Then, as after signing out, the app starts again at /.
    await page.waitForURL((url) => url.pathname === "/" && url.search === "");
  });

  test("cancelled, the return is over: Settings asks for the provider again", async ({ signedInPage: page }) => {
    await stubPasswordlessAccount(page);
    await page.goto("/?confirm=delete-account");
    const confirm = page.getByRole("alertdialog", { name: "Delete your account?" });
    await expect(confirm.getByRole("button", { name: "Delete Account" })).toBeEnabled();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await page.reload();
    await expect(page.getByRole("heading", { level: 2, name: /^Good (morning|afternoon|evening)/ })).toBeVisible();
    await expect(confirm).toHaveCount(0);

    const settings = await openSettings(page, false);
    await settings.getByRole("button", { name: "Delete my account" }).click();
    await expect(confirm.getByRole("link", { name: "Sign in with Google" })).toBeVisible();
    await expect(confirm.getByRole("button", { name: "Delete Account" })).toBeDisabled();
  });

  test("over 10 minutes after the provider, the server's refusal is said and the provider offered again", async ({
    signedInPage: page,
  }) => {
    await stubPasswordlessAccount(page);
    await stubDeletion(page, {
      status: 401,
      json: { message: "Sign in again to confirm.", code: "auth.reauthentication_required" },
    });
    await page.goto("/?confirm=delete-account");
    const confirm = page.getByRole("alertdialog", { name: "Delete your account?" });
    await confirm.getByRole("button", { name: "Delete Account" }).click();
    await expect(confirm.getByRole("alert")).toHaveText(
      "More than 10 minutes have passed since you confirmed. Confirm again to delete your account.",
    );
    await expect(confirm.getByRole("link", { name: "Sign in with Google" })).toHaveAttribute(
      "href",
      "/auth/sso/google?purpose=confirm-deletion",
    );
    await expect(confirm.getByRole("button", { name: "Delete Account" })).toBeDisabled();
    // Still signed in, still here.
    await expect(page).toHaveURL(/\/$/);
  });

  test("a refused confirmation (/auth?sso_error=…) brings a signed-in student back to the dialog, saying why", async ({
    signedInPage: page,
  }) => {
    await stubPasswordlessAccount(page);
    await page.goto("/auth?sso_error=wrong_account");
    const confirm = page.getByRole("alertdialog", { name: "Delete your account?" });
    await expect(confirm.getByRole("alert")).toHaveText(
      "You signed in with a different account than the one you use here. Try again with the same account.",
    );
    await expect(confirm.getByRole("link", { name: "Sign in with Google" })).toBeVisible();
    await expect(confirm.getByRole("button", { name: "Delete Account" })).toBeDisabled();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe("in Spanish", () => {
  test.use({ locale: "es-MX" });

  test("the providers, a provider's refusal and the closed sign-up read in Spanish", async ({ page }) => {
    await stubSignInOptions(page, { mode: "closed", providers: [{ id: "google", label: "Iniciar sesión con Google" }] });
    await page.goto("/auth?sso_error=domain_not_allowed");
    await expect(page.getByRole("heading", { level: 1, name: "Iniciar sesión" })).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveText(
      "Esa cuenta no es de tu escuela. Inicia sesión con tu cuenta de la escuela.",
    );
    await expect(page.getByRole("link", { name: "Iniciar sesión con Google" })).toHaveAttribute("href", "/auth/sso/google");
    await expect(page.getByText("Pídele una cuenta a tu escuela.")).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    await expectSpanish(page, "the auth screen with a provider, a refusal and closed sign-up");
  });

  test("the confirmation of a deletion with the provider reads in Spanish", async ({ page }) => {
    const user = await seedUser();
    await e2eDb().updateTable("users").set({ locale: "es" }).where("id", "=", user.id).execute();
    await signIn(page, user);
    // The server words the presets' labels in the account's language.
    await stubPasswordlessAccount(page, [{ id: "google", label: "Inicia sesión con Google" }]);
    await page.goto("/?sso_error=login_expired");
    const confirm = page.getByRole("alertdialog", { name: "¿Eliminar tu cuenta?" });
    await expect(confirm.getByRole("alert")).toHaveText(
      "Tu inicio de sesión venció, ya se usó o se empezó en otro navegador. Inténtalo de nuevo.",
    );
    await expect(confirm.getByRole("link", { name: "Inicia sesión con Google" })).toHaveAttribute(
      "href",
      "/auth/sso/google?purpose=confirm-deletion",
    );
    await expectSpanish(page, "the delete dialog of an account without a password", [user.firstName, user.lastName, user.email]);
  });
});
