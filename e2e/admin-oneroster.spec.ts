import { writeZip } from "../server/test/zip-writer";
import { expectNoAxeViolations } from "./axe";
import { e2eDb, expect, seedUser, signIn, test } from "./fixtures";
import { expectSpanish } from "./spanish";

/** The passcode the browser suite's server runs with (playwright.config.ts). */
const PASSCODE = "K7QM";

const WORDS = {
  en: {
    passcode: "Admin Passcode",
    unlock: "Unlock Admin Panel",
    settingsTab: "App Settings",
    roster: "Roster from the student information system",
    upload: "Upload OneRoster CSV",
    dialog: "Import a OneRoster CSV bundle",
    bundle: "OneRoster CSV bundle",
    summary: "2 accounts to make, 0 to update, 0 to close",
    noEmail: "no email address",
    apply: "Apply 2 changes",
    imported: "2 accounts made, 0 updated, 0 closed",
    done: "Done",
    runs: "Roster syncs",
    run: "Uploaded bundle · Whole roster",
    notZip: "This file is not a zip archive.",
  },
  es: {
    passcode: "Código de acceso",
    unlock: "Desbloquear el panel",
    settingsTab: "Configuración de la app",
    roster: "Lista de estudiantes del sistema de información estudiantil",
    upload: "Subir CSV de OneRoster",
    dialog: "Importar un paquete CSV de OneRoster",
    bundle: "Paquete CSV de OneRoster",
    summary: "2 cuentas por crear, 0 por actualizar, 0 por cerrar",
    noEmail: "sin dirección de correo",
    apply: "Aplicar 2 cambios",
    imported: "2 cuentas creadas, 0 actualizadas, 0 cerradas",
    done: "Listo",
    runs: "Sincronizaciones de la lista",
    run: "Paquete subido · Lista completa",
    notZip: "Este archivo no es un archivo zip.",
  },
} as const;

/** A OneRoster 1.2 bulk bundle as a SIS exports it: two students, one without an email, a teacher, a class. */
function bundle(tag: string) {
  const lines = (...rows: string[]) => rows.join("\r\n") + "\r\n";
  return writeZip({
    "manifest.csv": lines(
      "propertyName,value",
      "manifest.version,1.0",
      "oneroster.version,1.2",
      "file.users,bulk",
      "file.roles,bulk",
      "file.classes,bulk",
      "file.enrollments,bulk",
    ),
    "users.csv": lines(
      "sourcedId,status,dateLastModified,givenName,familyName,email",
      `${tag}-1,,,Marisol,Peña,marisol.${tag}@lincoln.example`,
      `${tag}-2,,,Kofi,Mensah,kofi.${tag}@lincoln.example`,
      `${tag}-3,,,Noemail,Student,`,
      `${tag}-t,,,Grace,Hopper,hopper.${tag}@lincoln.example`,
    ),
    "roles.csv": lines(
      "sourcedId,status,dateLastModified,userSourcedId,roleType,role,orgSourcedId",
      `r1-${tag},,,${tag}-1,primary,student,school-a`,
      `r2-${tag},,,${tag}-2,primary,student,school-a`,
      `r3-${tag},,,${tag}-3,primary,student,school-a`,
      `rt-${tag},,,${tag}-t,primary,teacher,school-a`,
    ),
    "classes.csv": lines("sourcedId,status,dateLastModified,title,periods", `bio-${tag},,,Biology,3`),
    "enrollments.csv": lines(
      "sourcedId,status,dateLastModified,classSourcedId,userSourcedId,role",
      `e1-${tag},,,bio-${tag},${tag}-1,student`,
      `e2-${tag},,,bio-${tag},${tag}-t,teacher`,
    ),
  });
}

/**
 * OneRoster's CSV binding in the admin panel at 375 px (issue 55), in English and Spanish, against
 * the real server: a file that is not a zip refused with the server's words, then the SIS's bundle
 * previewed student by student and applied, its students made accounts with their classes and its
 * run among the reports. Every bundle the server refuses, deltas and 1.1's layout are
 * server/routes/oneroster-csv.test.ts's; the dialog's states client/features/admin/components/app-settings-tab.test.tsx's.
 */
for (const locale of ["en", "es"] as const) {
  const words = WORDS[locale];

  test.describe(`a OneRoster CSV bundle at 375 px (${locale})`, () => {
    test.use({ viewport: { width: 375, height: 900 } });

    test("is previewed student by student, then applied as a run", async ({ page }) => {
      test.slow();
      const tag = `or${Date.now().toString(36)}${locale}`;
      // A bulk bundle is the whole roster: one uploaded before (the other language's run) would
      // have its students closed by this one. Each run starts from a school with no roster yet.
      await e2eDb().deleteFrom("roster_records").execute();
      await e2eDb().updateTable("users").set({ roster_source_id: null }).where("roster_source_id", "is not", null).execute();
      const admin = await seedUser({ firstName: "Rosa", lastName: "Diaz", isAdmin: true });
      await e2eDb().updateTable("users").set({ locale }).where("id", "=", admin.id).execute();
      await signIn(page, admin);
      await page.goto("/admin");
      await page.getByLabel(words.passcode).fill(PASSCODE);
      await page.getByRole("button", { name: words.unlock }).click();
      await page.getByRole("tab", { name: words.settingsTab }).click();
      const roster = page.getByRole("region", { name: words.roster });
      await roster.getByRole("button", { name: words.upload }).click();
      const dialog = page.getByRole("dialog", { name: words.dialog });
      await expect(dialog).toBeVisible();

      await dialog.getByLabel(words.bundle).setInputFiles({ name: "roster.csv", mimeType: "text/csv", buffer: Buffer.from("email\r\n") });
      await expect(dialog.getByRole("alert")).toContainText(words.notZip);

      await dialog.getByLabel(words.bundle).setInputFiles({ name: `${tag}.zip`, mimeType: "application/zip", buffer: bundle(tag) });
      await expect(dialog.getByText(words.summary)).toBeVisible();
      await expect(dialog.getByText("Marisol Peña")).toBeVisible();
      await expect(dialog.getByText(words.noEmail)).toBeVisible();
      expect(await e2eDb().selectFrom("users").select("id").where("roster_source_id", "=", `${tag}-1`).execute()).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      if (locale === "es")
        await expectSpanish(page, "a OneRoster bundle's preview", [
          "Rosa",
          "Diaz",
          "Marisol Peña",
          "Kofi Mensah",
          "Noemail Student",
          "OneRoster",
          "CSV",
          tag,
          "manifest.csv",
          "users.csv",
          "classes.csv",
          "enrollments.csv",
        ]);
      else await expectNoAxeViolations(page, "a OneRoster bundle's preview");

      await dialog.getByRole("button", { name: words.apply }).click();
      await expect(dialog.getByText(words.imported)).toBeVisible();
      await dialog.getByRole("button", { name: words.done }).click();
      await expect(roster.getByRole("list", { name: words.runs }).getByRole("listitem").first()).toContainText(words.run);

      const made = await e2eDb()
        .selectFrom("users")
        .select(["email", "user_classes", "password_hash"])
        .where("roster_source_id", "like", `${tag}-%`)
        .orderBy("email")
        .execute();
      expect(made).toEqual([
        { email: `kofi.${tag}@lincoln.example`, user_classes: "[]", password_hash: null },
        { email: `marisol.${tag}@lincoln.example`, user_classes: JSON.stringify(["Biology (3)"]), password_hash: null },
      ]);
    });
  });
}
