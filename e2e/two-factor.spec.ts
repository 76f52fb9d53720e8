import type { Page } from "@playwright/test";
import { base32Decode, hotp, totpStep } from "../server/services/totp";
import { expectNoAxeViolations } from "./axe";
import { e2eDb, expect, seedUser, signIn, test } from "./fixtures";
import { expectSpanish } from "./spanish";

/**
 * Two-step verification at 375 px (issue 55), in English and Spanish, against the real server:
 * turned on in Settings from the key an authenticator app would scan, ten recovery codes shown,
 * then a sign-in that asks for the app's code after the password, and the admin panel's user list
 * saying who has it. The rules (codes once, limits, STAFF_REQUIRE_2FA) are
 * server/routes/two-factor.test.ts's; the forms' refusals are the component tests'.
 */

const WORDS = {
  en: {
    menu: "Open menu",
    menuDialog: "Menu",
    settings: "Settings",
    section: "Two-step verification",
    turnOn: "Turn on two-step verification",
    setup: "Set up two-step verification",
    code: "6-digit code",
    confirm: "Turn on",
    codes: "Recovery codes",
    done: "Done",
    on: "On · 10 recovery codes left",
    signOut: "Sign Out",
    email: "Email",
    password: "Password",
    signIn: "Sign In",
    step: "Enter your code",
    stepCode: "Code",
    verify: "Verify",
  },
  es: {
    menu: "Abrir menú",
    menuDialog: "Menú",
    settings: "Configuración",
    section: "Verificación en dos pasos",
    turnOn: "Activar la verificación en dos pasos",
    setup: "Configurar la verificación en dos pasos",
    code: "Código de 6 dígitos",
    confirm: "Activar",
    codes: "Códigos de recuperación",
    done: "Listo",
    on: "Activada · quedan 10 códigos de recuperación",
    signOut: "Cerrar sesión",
    email: "Correo electrónico",
    password: "Contraseña",
    signIn: "Iniciar sesión",
    step: "Escribe tu código",
    stepCode: "Código",
    verify: "Verificar",
  },
} as const;

/** The code an authenticator app shows for `secret`, `steps` time steps from now. */
const codeOf = (secret: string, steps = 0) => hotp(base32Decode(secret), totpStep(new Date()) + steps);

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

for (const locale of ["en", "es"] as const) {
  const words = WORDS[locale];

  test.describe(`two-step verification at 375 px (${locale})`, () => {
    test.use({ viewport: { width: 375, height: 812 } });

    test("turns on from Settings with the app's code, then signing in asks for the code after the password", async ({ page }) => {
      test.slow();
      const user = await seedUser({ firstName: locale === "es" ? "Lucía" : "Rosa", lastName: "Diaz", isAdmin: true });
      await e2eDb().updateTable("users").set({ locale }).where("id", "=", user.id).execute();
      await signIn(page, user);
      await page.goto("/");
      await page.getByRole("button", { name: words.menu }).click();
      await page.getByRole("dialog", { name: words.menuDialog }).getByRole("button", { name: words.settings }).click();
      const section = page.getByRole("dialog", { name: words.settings }).getByRole("region", { name: words.section });
      await section.scrollIntoViewIfNeeded();
      await section.getByRole("button", { name: words.turnOn }).click();

      const setup = page.getByRole("dialog", { name: words.setup });
      await expect(setup.getByRole("img")).toBeVisible();
      const secret = (await setup.locator("dd code").textContent())!.replace(/\s/g, "");
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await noSidewaysScroll(page);
      if (locale === "es")
        await expectSpanish(page, "two-step verification's set-up", [
          "Lucía",
          "Diaz",
          "Google Authenticator",
          "Microsoft Authenticator",
          "1Password",
          "Student Hub",
          secret.replace(/(.{4})(?=.)/g, "$1 "),
        ]);
      else await expectNoAxeViolations(page, "two-step verification's set-up");
      await setup.getByLabel(words.code).fill(codeOf(secret));
      await setup.getByRole("button", { name: words.confirm, exact: true }).click();
      const codes = page.getByRole("list", { name: words.codes });
      await expect(codes.getByRole("listitem")).toHaveCount(10);
      await page.getByRole("button", { name: words.done }).click();
      await expect(section.getByText(words.on)).toBeVisible();

      // Signed out, the password alone no longer opens the account: the app's next code does.
      await page.getByRole("dialog", { name: words.settings }).getByRole("button", { name: words.signOut }).click();
      // Signed out, the app lands on the landing page (with its Sign In link) before the test moves on.
      await expect(page.getByRole("link", { name: words.signIn }).first()).toBeVisible();
      await page.goto("/auth");
      await page.getByLabel(words.email).fill(user.email);
      await page.getByLabel(words.password, { exact: true }).fill(user.password);
      await page.getByRole("button", { name: words.signIn, exact: true }).click();
      await expect(page.getByRole("heading", { name: words.step })).toBeVisible();
      expect((await page.context().cookies()).some((cookie) => cookie.name === "sid")).toBe(false);
      await noSidewaysScroll(page);
      if (locale === "es") await expectSpanish(page, "the sign-in's code step", ["Student Hub"]);
      else await expectNoAxeViolations(page, "the sign-in's code step");
      // The code the set-up took is spent; the next step's is the app's next.
      await page.getByLabel(words.stepCode).fill(codeOf(secret, 1));
      await page.getByRole("button", { name: words.verify }).click();
      await expect(page.getByRole("heading", { level: 2, name: /(Maya|Rosa|Lucía)$/ })).toBeVisible();
      expect(await e2eDb().selectFrom("two_factor").select("enabled_at").where("user_id", "=", user.id).executeTakeFirst()).toEqual({
        enabled_at: expect.any(String),
      });
    });
  });
}
