import { expectNoAxeViolations } from "./axe";
import { e2eDb, expect, seedUser, signIn, test } from "./fixtures";
import { expectSpanish } from "./spanish";
import { seedTasks } from "./task-helpers";

/** The passcode the browser suite's server runs with (playwright.config.ts). */
const PASSCODE = "K7QM";

const WORDS = {
  en: {
    passcode: "Admin Passcode",
    unlock: "Unlock Admin Panel",
    search: "Search users",
    select: (name: string) => `Select ${name}`,
    selected: "2 accounts selected",
    delete: "Delete 2 accounts",
    question: "Delete 2 accounts?",
    type: "To confirm, type DELETE 2 ACCOUNTS",
    done: "2 accounts deleted",
    settingsTab: "App Settings",
    retention: "Data retention",
    off: "Off: accounts are kept until someone deletes them.",
    roster: "Roster from the student information system",
    syncNow: "Sync now",
    notConnected: "The student information system is not connected",
  },
  es: {
    passcode: "Código de acceso",
    unlock: "Desbloquear el panel",
    search: "Buscar usuarios",
    select: (name: string) => `Seleccionar a ${name}`,
    selected: "2 cuentas seleccionadas",
    delete: "Eliminar 2 cuentas",
    question: "¿Eliminar 2 cuentas?",
    type: "Para confirmar, escribe DELETE 2 ACCOUNTS",
    done: "2 cuentas eliminadas",
    settingsTab: "Configuración de la app",
    retention: "Conservación de datos",
    off: "Desactivada: las cuentas se conservan hasta que alguien las elimine.",
    roster: "Lista de estudiantes del sistema de información estudiantil",
    syncNow: "Sincronizar ahora",
    notConnected: "El sistema de información estudiantil no está conectado",
  },
} as const;

/**
 * Data retention in the admin panel at 375 px (issue 55), in English and Spanish, against the real
 * server: a cohort picked in the user list and deleted after the typed confirmation, with its
 * students' data, and the policy in force and the roster's syncs under App Settings (neither set
 * up on the suite's server). The sweep, the cohort's refusals and the sync are
 * server/routes/retention.test.ts's and server/routes/oneroster.test.ts's.
 */
for (const locale of ["en", "es"] as const) {
  const words = WORDS[locale];

  test.describe(`data retention at 375 px (${locale})`, () => {
    test.use({ viewport: { width: 375, height: 900 } });

    test("deletes a graduating cohort picked in the user list after the typed confirmation, and shows the policy", async ({ page }) => {
      test.slow();
      const tag = `grad${Date.now().toString(36)}${locale}`;
      const admin = await seedUser({ firstName: "Rosa", lastName: "Diaz", isAdmin: true });
      await e2eDb().updateTable("users").set({ locale }).where("id", "=", admin.id).execute();
      const first = await seedUser({ firstName: "Ana", lastName: tag, email: `${tag}-ana@example.com` });
      const second = await seedUser({ firstName: "Ben", lastName: tag, email: `${tag}-ben@example.com` });
      const staying = await seedUser({ firstName: "Cy", lastName: "Stays" });
      await seedTasks(first, [{ title: "Senior essay" }]);
      await signIn(page, admin);

      await page.goto("/admin");
      await page.getByLabel(words.passcode).fill(PASSCODE);
      await page.getByRole("button", { name: words.unlock }).click();
      await page.getByLabel(words.search).fill(tag);
      await page.getByRole("checkbox", { name: words.select(`Ana ${tag}`) }).click();
      await page.getByRole("checkbox", { name: words.select(`Ben ${tag}`) }).click();
      const bar = page.getByRole("region", { name: words.selected });
      await bar.getByRole("button", { name: words.delete }).click();
      const question = page.getByRole("dialog", { name: words.question });
      await expect(question.getByRole("button", { name: words.delete })).toBeDisabled();
      await question.getByLabel(words.type).fill("DELETE 2 ACCOUNTS");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      if (locale === "es")
        await expectSpanish(page, "a cohort's deletion", ["Rosa", "Diaz", "Ana", "Ben", tag, "DELETE 2 ACCOUNTS", "DELETE", "ACCOUNTS"]);
      else await expectNoAxeViolations(page, "a cohort's deletion");
      await question.getByRole("button", { name: words.delete }).click();
      await expect(page.getByText(words.done)).toBeVisible();

      const left = await e2eDb().selectFrom("users").select("id").where("id", "in", [first.id, second.id, staying.id]).execute();
      expect(left).toEqual([{ id: staying.id }]);
      expect(await e2eDb().selectFrom("tasks").select("id").where("user_id", "=", first.id).execute()).toEqual([]);

      await page.getByRole("tab", { name: words.settingsTab }).click();
      const section = page.getByRole("region", { name: words.retention });
      await expect(section.getByText(words.off)).toBeVisible();
      // The roster's section: no provider on the suite's server, so a sync now says so (an
      // uploaded bundle's run, e2e/admin-oneroster.spec.ts, may be listed already).
      const roster = page.getByRole("region", { name: words.roster });
      await expect(roster).toBeVisible();
      await roster.getByRole("button", { name: words.syncNow }).click();
      await expect(page.getByText(words.notConnected, { exact: false })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      if (locale === "es")
        await expectSpanish(page, "App Settings' retention and roster", [
          "Rosa",
          "Diaz",
          "RETENTION_INACTIVE_DAYS",
          "ONEROSTER_URL",
          "OneRoster",
        ]);
      else await expectNoAxeViolations(page, "App Settings' retention and roster");
    });
  });
}
