import { expect, test } from "./fixtures";
import { expectSpanish, WIDTHS } from "./spanish";

/**
 * Student Hub in Spanish (issue 34, decision 108): the start-up screens, the auth screen and its
 * forms, the 404 page, Settings → Language. Each further area adds its screens to a spec of its own.
 */
test.describe("a Spanish-speaking visitor", () => {
  test.use({ locale: "es-MX" });

  // At phone width only, for axe in Spanish: the words at both widths, the refusal from the server,
  // switching languages, the 404 page and Settings → Language are component tests
  // (client/app/screens/auth-spanish.test.tsx).
  for (const size of WIDTHS.filter(({ name }) => name === "phone")) {
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
