import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { e2eDb, expect, seedUser, signIn, test } from "./fixtures";
import { expectSpanish } from "./spanish";

/**
 * Settings → Family at 375 px (issue 54), in English and Spanish, against the real server: a
 * guardian invited in their language, shown as invited and then confirmed, and removed after a
 * question. The confirmation itself (a link in a mail) and the digests are
 * server/routes/guardians.test.ts's and server/routes/guardian-digests.test.ts's, over real SMTP.
 */

const WORDS = {
  en: {
    menu: "Open menu",
    menuDialog: "Menu",
    settings: "Settings",
    family: "Family",
    email: "Their email",
    language: "Language",
    guardianLanguage: "Español",
    frequency: "How often",
    daily: "Each school day",
    invite: "Invite a parent or guardian",
    list: "Parents and guardians",
    invited: "Invited: waiting for them to confirm",
    confirmed: "Confirmed",
    remove: "Remove",
    question: (email: string) => `Stop sharing with ${email}?`,
    removed: (email: string) => `${email} removed`,
  },
  es: {
    menu: "Abrir menú",
    menuDialog: "Menú",
    settings: "Configuración",
    family: "Familia",
    email: "Su correo",
    language: "Idioma",
    guardianLanguage: "English",
    frequency: "Frecuencia",
    daily: "Cada día de clases",
    invite: "Invitar a un padre, madre o tutor",
    list: "Padres, madres y tutores",
    invited: "Invitado: falta que confirme",
    confirmed: "Confirmado",
    remove: "Quitar",
    question: (email: string) => `¿Dejar de compartir con ${email}?`,
    removed: (email: string) => `${email} quitado`,
  },
} as const;

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

for (const locale of ["en", "es"] as const) {
  const words = WORDS[locale];

  test.describe(`Settings → Family at 375 px (${locale})`, () => {
    test.use({ viewport: { width: 375, height: 812 } });

    test("invites a guardian in their language, shows them invited then confirmed, and removes them after a question", async ({ page }) => {
      const user = await seedUser({ firstName: locale === "es" ? "Lucía" : "Maya" });
      await e2eDb().updateTable("users").set({ locale }).where("id", "=", user.id).execute();
      const guardian = `family-${user.id}@example.com`;
      await signIn(page, user);
      await page.goto("/");
      const openFamily = async () => {
        await page.getByRole("button", { name: words.menu }).click();
        await page.getByRole("dialog", { name: words.menuDialog }).getByRole("button", { name: words.settings }).click();
        const section = page.getByRole("dialog", { name: words.settings }).getByRole("region", { name: words.family });
        await section.scrollIntoViewIfNeeded();
        return section;
      };

      const section = await openFamily();
      await section.getByLabel(words.email).fill(guardian);
      await section.getByRole("combobox", { name: words.language }).click();
      await page.getByRole("option", { name: words.guardianLanguage }).click();
      await section.getByRole("combobox", { name: words.frequency }).click();
      await page.getByRole("option", { name: words.daily }).click();
      await section.getByRole("button", { name: words.invite }).click();
      const item = section.getByRole("list", { name: words.list }).getByRole("listitem");
      await expect(item).toContainText(guardian);
      await expect(item).toContainText(words.invited);
      await expect(item).toContainText(words.daily);
      const [row] = await e2eDb()
        .selectFrom("guardians")
        .select(["locale", "frequency", "status"])
        .where("user_id", "=", user.id)
        .execute();
      expect(row).toEqual({ locale: locale === "en" ? "es" : "en", frequency: "daily", status: "invited" });
      await noSidewaysScroll(page);
      if (locale === "es") await expectSpanish(page, "Settings → Family", ["Lucía", "Patel", guardian, "English"]);
      else await expectNoAxeViolations(page, "Settings → Family");

      // The guardian confirms from their mail (the API tests follow that link): the list says so when next opened.
      await e2eDb().updateTable("guardians").set({ status: "confirmed" }).where("user_id", "=", user.id).execute();
      await page.reload();
      const again = await openFamily();
      const confirmed = again.getByRole("list", { name: words.list }).getByRole("listitem");
      await expect(confirmed).toContainText(words.confirmed);
      await again.getByRole("button", { name: `${words.remove} ${guardian}` }).click();
      const question = page.getByRole("alertdialog", { name: words.question(guardian) });
      await question.getByRole("button", { name: words.remove, exact: true }).click();
      await expect(page.getByText(words.removed(guardian))).toBeVisible();
      await expect(again.getByRole("list", { name: words.list })).toHaveCount(0);
      expect(await e2eDb().selectFrom("guardians").selectAll().where("user_id", "=", user.id).execute()).toEqual([]);
    });
  });
}
