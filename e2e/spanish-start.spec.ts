import { expect, openSettings, seedUser, signIn, test } from "./fixtures";
import { expectSpanish, WIDTHS } from "./spanish";

/**
 * Student Hub in Spanish (issue 34, decision 108): the start-up screens, the auth screen and its
 * forms, the 404 page, Settings → Language. Each further area adds its screens to a spec of its own.
 */
test.describe("a Spanish-speaking visitor", () => {
  test.use({ locale: "es-MX" });

  for (const size of WIDTHS) {
    test(`reads the auth screen, its two forms and their messages in Spanish (${size.name})`, async ({ page }) => {
      await page.setViewportSize(size);
      await page.goto("/auth");
      await expect(page.getByRole("heading", { name: "Iniciar sesión" })).toBeVisible();
      await expect(page).toHaveTitle("Iniciar sesión · Student Hub");
      await expect(page.locator("html")).toHaveAttribute("lang", "es");
      await expectSpanish(page, `sign-in (${size.name})`);

      // Sent empty: the forms' own validation, in Spanish.
      await page.getByRole("button", { name: "Iniciar sesión" }).click();
      await expect(page.getByText("Correo electrónico no válido")).toBeVisible();
      await expect(page.getByText("La contraseña es obligatoria")).toBeVisible();
      await expectSpanish(page, `sign-in errors (${size.name})`);

      await page.getByRole("link", { name: "Crea una cuenta" }).click();
      await expect(page.getByRole("heading", { name: "Crear cuenta" })).toBeVisible();
      await page.getByLabel("Contraseña", { exact: true }).fill("short");
      await page.getByRole("button", { name: "Crear cuenta" }).click();
      await expect(page.getByText("El nombre es obligatorio")).toBeVisible();
      await expect(page.getByText("La contraseña debe tener al menos 8 caracteres")).toBeVisible();
      await expectSpanish(page, `registration errors (${size.name})`);
    });
  }

  test("hears a wrong password refused in Spanish, from the server", async ({ page }) => {
    const user = await seedUser();
    await page.goto("/auth");
    await page.getByLabel("Correo electrónico").fill(user.email);
    await page.getByLabel("Contraseña", { exact: true }).fill("Wr0ng!Password");
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect(page.getByRole("alert")).toBeVisible();
    await expectSpanish(page, "a refused sign-in", [user.email]);
  });

  test("switches to English, and this device keeps the choice", async ({ page }) => {
    await page.goto("/auth");
    await page.getByText("English", { exact: true }).click();
    await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.reload();
    await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
    await page.getByText("Español", { exact: true }).click();
    await expect(page.getByRole("heading", { name: "Iniciar sesión" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { name: "Iniciar sesión" })).toBeVisible();
  });

  test("finds the 404 page in Spanish", async ({ page }) => {
    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { name: "404 Página no encontrada" })).toBeVisible();
    await expectSpanish(page, "the 404 page");
  });

  test("registers in Spanish, and the account keeps Spanish on a device whose browser is English", async ({ page, browser }) => {
    await page.goto("/auth?mode=register");
    const email = `es-${Date.now()}@example.com`;
    await page.getByLabel("Nombre", { exact: true }).fill("Lucía");
    await page.getByLabel("Apellido").fill("Gómez");
    await page.getByLabel("Correo electrónico").fill(email);
    await page.getByLabel("Contraseña", { exact: true }).fill("Str0ng!Passw0rd");
    await page.getByLabel("Confirmar contraseña").fill("Str0ng!Passw0rd");
    await page.getByRole("button", { name: "Crear cuenta" }).click();
    await expect(page).toHaveURL(/\/$/);

    const english = await browser.newContext({ locale: "en-US" });
    const other = await english.newPage();
    await other.goto("/auth");
    await expect(other.getByRole("heading", { name: "Sign In" })).toBeVisible();
    await other.getByLabel("Email").fill(email);
    await other.getByLabel("Password", { exact: true }).fill("Str0ng!Passw0rd");
    await other.getByRole("button", { name: "Sign In" }).click();
    await expect(other.locator("html")).toHaveAttribute("lang", "es");
    await english.close();
  });
});

test.describe("Settings → Language", () => {
  test("switches the app at once, is kept with the account, and follows it to the next load", async ({ page }) => {
    const user = await seedUser();
    await signIn(page, user);
    await page.goto("/");
    const settings = await openSettings(page, false);
    await settings.getByText("Español", { exact: true }).click();
    const ajustes = page.getByRole("dialog", { name: "Configuración" });
    await expect(ajustes).toBeVisible();
    await expect(ajustes.getByRole("radio", { name: "Español" })).toBeChecked();
    await expect(ajustes.getByRole("button", { name: "Cerrar sesión" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");

    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    // Back to English for the account: the next load is English again.
    await page
      .getByRole("complementary")
      .getByRole("button", { name: /Settings|Configuración/ })
      .click();
    await page.getByRole("dialog", { name: "Configuración" }).getByText("English", { exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Settings" })).toBeVisible();
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });
});
