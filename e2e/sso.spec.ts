import type { Page } from "@playwright/test";
import { e2eDb, expect, seedUser, signIn, test } from "./fixtures";
import { expectSpanish } from "./spanish";

/**
 * Signing in with the school's account, the client's side (issue 35, docs/product.md#auth-screen and
 * #settings-dialog). The auth screen's buttons, words and refusals (?sso_error=<code>), and the
 * delete dialog of an account without a password, are component tests now
 * (client/app/screens/auth-sso.test.tsx, client/features/auth/components/delete-account-dialog.test.tsx,
 * docs/decisions/120); the round trip through a real provider is e2e/single-sign-on.spec.ts's.
 * Here, the delete dialog of such an account read in Spanish, with no English on it and axe's scan.
 */

type Provider = { id: string; label: string };

/** Stands in for GET /api/user/sign-in-methods: an account without a password that signs in with `providers`. */
async function stubPasswordlessAccount(page: Page, providers: Provider[]) {
  await page.route("**/api/user/sign-in-methods", (route) => route.fulfill({ json: { password: false, providers } }));
}

test.describe("in Spanish", () => {
  test.use({ locale: "es-MX" });

  test("the confirmation of a deletion with the provider reads in Spanish", async ({ page }) => {
    const user = await seedUser();
    await e2eDb().updateTable("users").set({ locale: "es" }).where("id", "=", user.id).execute();
    await signIn(page, user);
    // The server words the presets' labels in the account's language.
    await stubPasswordlessAccount(page, [{ id: "google", label: "Inicia sesión con Google" }]);
    await page.goto("/?sso_error=login_expired");
    const confirm = page.getByRole("alertdialog", { name: "¿Eliminar tu cuenta?" });
    await expect(confirm.getByRole("alert")).toHaveText(
      "Tu inicio de sesión venció, ya se usó o se empezó en otro navegador. Vuelve a intentarlo.",
    );
    await expect(confirm.getByRole("link", { name: "Inicia sesión con Google" })).toHaveAttribute(
      "href",
      "/auth/sso/google?purpose=confirm-deletion",
    );
    await expectSpanish(page, "the delete dialog of an account without a password", [user.firstName, user.lastName, user.email]);
  });
});
