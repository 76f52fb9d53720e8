import { expect, type Page, test } from "@playwright/test";
import { E2E_SSO_PORT } from "../playwright.config";
import { expectSpanish } from "./spanish";

// The server of a school with single sign-on (playwright.config.ts), a real round trip through
// the suite's own OpenID provider and its login page (oidc-provider's development form: any
// login, any password; every login is a verified account of lincoln.example but "outsider").
test.use({ baseURL: `http://localhost:${E2E_SSO_PORT}` });

async function signInAtProvider(page: Page, login: string) {
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/interaction\//);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any password");
  await page.getByRole("button", { name: "Sign-in" }).click();
}

test.describe("in Spanish", () => {
  test.use({ locale: "es-US" });

  test("the buttons, the sign-in and a refusal read in Spanish, and the new account is Spanish", async ({ page }) => {
    await page.goto("/auth");
    await expect(page.getByRole("link", { name: "Inicia sesión con Google" })).toBeVisible();
    await expectSpanish(page, "the auth screen of a school with single sign-on");
    await page.getByRole("link", { name: "Inicia sesión con Google" }).click();
    await signInAtProvider(page, "outsider");
    await expect(page.getByRole("alert")).toHaveText("Esa cuenta no es de tu escuela. Inicia sesión con tu cuenta de la escuela.");
    // Turned back: nobody is signed in.
    await expect(page).toHaveURL(`http://localhost:${E2E_SSO_PORT}/auth`);
    expect((await page.request.get("/api/user")).status()).toBe(401);
    await expectSpanish(page, "the auth screen after a refused sign-in");

    // The provider remembers who signed in there last: another student on this computer starts afresh.
    await page.context().clearCookies();
    const login = `lucia${Date.now()}`;
    await page.getByRole("link", { name: "Inicia sesión con Microsoft" }).click();
    await signInAtProvider(page, login);
    await expect(page.getByRole("dialog", { name: "Completa tu configuración" })).toBeVisible();
    expect(await (await page.request.get("/api/user")).json()).toMatchObject({ email: `${login}@lincoln.example`, locale: "es" });
  });
});

test("a student signs in with the school's Google account on the first try, and deletes the account after signing in again there", async ({
  page,
}) => {
  const login = `ana${Date.now()}`;
  await page.goto("/auth");
  await expect(page.getByRole("link", { name: "Sign in with Microsoft" })).toBeVisible();
  await page.getByRole("link", { name: "Sign in with Google" }).click();
  await signInAtProvider(page, login);
  // Back in the app, signed in: a new account is asked to set up its classes.
  await expect(page).toHaveURL(`http://localhost:${E2E_SSO_PORT}/`);
  await expect(page.getByRole("dialog", { name: "Complete Your Setup" })).toBeVisible();
  const me = await (await page.request.get("/api/user")).json();
  expect(me).toMatchObject({ email: `${login}@lincoln.example`, lastName: "Test", locale: "en" });
  const { id } = me;

  // The delete dialog's link (its component test, delete-account-dialog.test.tsx, checks the dialog
  // offers it): the provider asks to sign in again.
  await page.goto("/auth/sso/google?purpose=confirm-deletion");
  await signInAtProvider(page, login);
  const confirm = page.getByRole("alertdialog", { name: "Delete your account?" });
  await expect(confirm.getByText("You've confirmed it's you. Delete your account now, or cancel to keep it.")).toBeVisible();
  await confirm.getByRole("button", { name: "Delete Account" }).click();
  // Gone, and back on the visitors' landing page.
  await expect(page.getByRole("heading", { level: 1, name: "Your Student Productivity Hub" })).toBeVisible();
  expect((await page.request.get("/api/user")).status()).toBe(401);

  // Signing in again with the same school account makes a new, empty account: the old one is gone.
  await page.context().clearCookies();
  const later = await page.context().newPage();
  await later.goto("/auth");
  await later.getByRole("link", { name: "Sign in with Google" }).click();
  await signInAtProvider(later, login);
  await expect(later.getByRole("dialog", { name: "Complete Your Setup" })).toBeVisible();
  expect((await (await later.request.get("/api/user")).json()).id).not.toBe(id);
});
