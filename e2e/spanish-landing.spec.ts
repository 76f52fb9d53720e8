import { budgetedScripts, recordScripts } from "./bundles";
import { e2eDb, expect, seedUser, serverNoticesOutsideWrite, signIn, test } from "./fixtures";
import { expectSpanish, WIDTHS } from "./spanish";

/**
 * The landing page in Spanish (issue 34, decisions 068 and 108): prerendered in both languages, sent
 * in the language chosen on this device, else the browser's; English and Español links that need
 * no script.
 */
test.describe("a Spanish-speaking visitor's landing page", () => {
  test.use({ locale: "es-MX" });

  // At a phone's width, where the longer Spanish words are tightest; the words themselves are
  // component tests (client/app/screens/landing.test.tsx, decision 120).
  test("is in Spanish, prerendered (phone)", async ({ page }) => {
    const size = WIDTHS[0];
    await page.setViewportSize(size);
    const scripts = recordScripts(page);
    const response = await page.goto("/");
    expect(response?.headers()["content-language"]).toBe("es");
    await expect(page.getByRole("heading", { level: 1, name: "Tu centro de productividad estudiantil" })).toBeVisible();
    await expect(page).toHaveTitle("Student Hub: Tu centro de productividad estudiantil");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    const account = page.getByRole("navigation", { name: "Cuenta" });
    await expect(account.getByRole("link", { name: "Iniciar sesión" })).toBeVisible();
    await expect(account.getByRole("link", { name: "Crear cuenta" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Empieza gratis" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Síguenos en Instagram" })).toBeVisible();
    const languages = page.getByRole("navigation", { name: "Idioma" });
    await expect(languages.getByRole("link", { name: "Español" })).toHaveAttribute("aria-current", "true");
    await expect(languages.getByRole("link", { name: "English" })).toHaveAttribute("lang", "en");
    // The longer Spanish words still fit a phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    await expectSpanish(page, `the landing page (${size.name})`);
    // The same one small script as the English page, which the bundle budget counts: no app code.
    await page.waitForLoadState("networkidle");
    expect(scripts.read()).toEqual(budgetedScripts("/ (landing page)"));
  });

  test("switches to English and back by keyboard, without the app, and this device keeps the choice", async ({ page }) => {
    await page.goto("/");
    const languages = page.getByRole("navigation", { name: "Idioma" });
    await languages.getByRole("link", { name: "English" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: "Your Student Productivity Hub" })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page).toHaveTitle("Student Hub: Your Student Productivity Hub");
    // Still the prerendered page: the app's scripts never loaded.
    expect(await page.evaluate(() => document.querySelectorAll('script[type="module"]').length)).toBe(0);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Your Student Productivity Hub" })).toBeVisible();

    // The app follows the choice too.
    await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Sign In" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();
    await page.goto("/");

    await page.getByRole("navigation", { name: "Language" }).getByRole("link", { name: "Español" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Tu centro de productividad estudiantil" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Tu centro de productividad estudiantil" })).toBeVisible();
  });
});

test.describe("an English-speaking visitor's landing page", () => {
  test("after signing out of a Spanish account, is in the account's language", async ({ page }) => {
    const user = await seedUser();
    await e2eDb().updateTable("users").set({ locale: "es" }).where("id", "=", user.id).execute();
    await serverNoticesOutsideWrite();
    await signIn(page, user);
    await page.goto("/");
    await page
      .getByRole("complementary")
      .getByRole("button", { name: /Settings|Configuración/ })
      .click();
    await page.getByRole("dialog", { name: "Configuración" }).getByRole("button", { name: "Cerrar sesión" }).click();

    // The account's language was kept on this device (client/app/use-account-locale.ts).
    await expect(page.getByRole("heading", { level: 1, name: "Tu centro de productividad estudiantil" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expectSpanish(page, "the landing page after signing out");
  });
});
