import { readFile } from "node:fs/promises";
import type { Browser, Page } from "@playwright/test";
import { parseCsv } from "../core/csv";
import { e2eDb, expect, seedUser, serverNoticesOutsideWrite, signIn, test } from "./fixtures";
import { expectSpanish } from "./spanish";
import { toast } from "./task-helpers";

/**
 * Admin → User Management → Import Students (issue 35): a small file with one bad line, its
 * preview, the import, the temporary passwords downloaded once, and a new student signing in with
 * one; then the same dialog read in Spanish.
 */

/** The passcode the browser suite's server runs with (playwright.config.ts). */
const PASSCODE = "K7QM";
const NEW_PASSWORD = "N3w!Secret-pass";

/** A roster of two students and a line whose email is not one, with fresh addresses each run. */
function roster(tag: string) {
  const students = [
    { email: `ana.${tag}@school.test`, firstName: "Ana", lastName: "López" },
    { email: `ben.${tag}@school.test`, firstName: "Ben", lastName: "Okafor" },
  ];
  const csv = [
    "email,firstName,lastName,isAdmin",
    `${students[0]!.email},${students[0]!.firstName},${students[0]!.lastName},`,
    `not-an-email-${tag},Bad,Line,`,
    `${students[1]!.email},"${students[1]!.firstName}",${students[1]!.lastName},no`,
  ].join("\r\n");
  return { students, file: { name: "roster.csv", mimeType: "text/csv", buffer: Buffer.from(csv, "utf8") } };
}

async function openImport(page: Page, button: string, dialogName: string) {
  await page.getByRole("button", { name: button }).click();
  const dialog = page.getByRole("dialog", { name: dialogName });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, timezoneId: "America/New_York" });
  return context.newPage();
}

test.describe("importing students", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("preview with the bad line's problem, import, download the temporary passwords, and a new student signs in with one", async ({
    page,
    browser,
  }) => {
    test.slow(); // Two browsers and an import.
    const tag = Date.now().toString(36);
    const { students, file } = roster(tag);
    const admin = await seedUser({ firstName: "Rosa", lastName: "Diaz", isAdmin: true });
    await signIn(page, admin);
    await page.goto("/admin");
    await page.getByLabel("Admin Passcode").fill(PASSCODE);
    await page.getByRole("button", { name: "Unlock Admin Panel" }).click();
    await expect(page.getByText("Admin Access", { exact: true })).toBeVisible();

    const dialog = await openImport(page, "Import Students", "Import Students");
    await expect(dialog).toContainText("email, firstName, lastName");

    await test.step("the preview lists every line, the bad one with its problem, and creates nothing", async () => {
      await dialog.getByLabel("CSV file of students").setInputFiles(file);
      await expect(dialog.getByRole("status").filter({ hasText: "2 to create, 0 already exist, 1 with problems" })).toBeVisible();
      const lines = dialog.getByRole("list", { name: "Lines of the file" }).locator(":scope > li");
      await expect(lines).toHaveCount(3);
      await expect(lines.nth(1)).toContainText("Line 3");
      await expect(lines.nth(1)).toContainText("Problem");
      await expect(lines.nth(1)).toContainText("Invalid email address");
      await expect(lines.nth(0)).toContainText(students[0]!.email);
      await expect(lines.nth(0)).toContainText("To create");
      expect(await e2eDb().selectFrom("users").select("id").where("email", "=", students[0]!.email).execute()).toEqual([]);
    });

    let temporaryPassword = "";
    await test.step("import creates the valid lines; the temporary passwords download as CSV", async () => {
      await dialog.getByRole("button", { name: "Import 2 Students" }).click();
      await expect(dialog.getByRole("status").filter({ hasText: "2 accounts created" })).toBeVisible();
      await expect(dialog).toContainText("shown only this once");
      await expect(dialog.getByRole("list", { name: "Lines of the file" }).locator(":scope > li").first()).toContainText("Created");
      const downloading = page.waitForEvent("download");
      await dialog.getByRole("button", { name: "Download Temporary Passwords" }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe("temporary-passwords.csv");
      const parsed = parseCsv(await readFile(await download.path(), "utf8"));
      if (!parsed.ok) throw new Error("the download is not CSV");
      const [header, ...rows] = parsed.records.map((record) => record.fields);
      expect(header).toEqual(["email", "temporaryPassword"]);
      expect(rows.map(([email]) => email)).toEqual(students.map((student) => student.email));
      for (const [, password] of rows) expect(password).toMatch(/^[A-Za-z0-9]{4}(-[A-Za-z0-9]{4}){2}$/);
      temporaryPassword = rows[0]![1]!;
      await dialog.getByRole("button", { name: "Done" }).click();
      await expect(dialog).toBeHidden();
    });

    await test.step("the list shows the new students, a reset pending; the audit log has the import", async () => {
      await page.getByLabel("Search users").fill(tag);
      const rows = page.getByRole("list", { name: "Users" }).getByRole("listitem");
      await expect(rows).toHaveCount(2);
      await expect(rows.filter({ hasText: students[0]!.email })).toContainText("Password reset pending");
      await page.getByRole("tab", { name: "Audit Log" }).click();
      const entry = page.getByRole("list", { name: "Audit log entries" }).getByRole("listitem").first();
      await expect(entry).toContainText("Students Imported");
      await expect(entry).toContainText("count: 2");
    });

    await test.step("the new student signs in with it and is sent to set a new password", async () => {
      const student = await freshPage(browser);
      await student.goto("/auth");
      await student.getByLabel("Email").fill(students[0]!.email);
      await student.getByLabel("Password", { exact: true }).fill(temporaryPassword);
      await student.getByRole("button", { name: "Sign In" }).click();
      await expect(student).toHaveURL(/\/password-reset$/);
      await student.getByLabel("Temporary Password", { exact: true }).fill(temporaryPassword);
      await student.getByLabel("New Password", { exact: true }).fill(NEW_PASSWORD);
      await student.getByLabel("Confirm New Password", { exact: true }).fill(NEW_PASSWORD);
      await student.getByRole("button", { name: "Update Password" }).click();
      await expect(toast(student, "Password Updated", /updated successfully/)).toBeVisible();
      await expect(student).toHaveURL(/\/$/);
      await student.context().close();
    });
  });
});

test.describe("importing students in Spanish, on a phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the dialog, its preview and its result read in Spanish", async ({ page }) => {
    const tag = `es${Date.now().toString(36)}`;
    const { students, file } = roster(tag);
    const admin = await seedUser({ firstName: "Lucía", lastName: "Ramos", isAdmin: true });
    await e2eDb().updateTable("users").set({ locale: "es" }).where("id", "=", admin.id).execute();
    await serverNoticesOutsideWrite();
    await signIn(page, admin);
    await page.goto("/admin");
    await page.getByLabel("Código de acceso", { exact: true }).fill(PASSCODE);
    await page.getByRole("button", { name: "Desbloquear el panel" }).click();

    const dialog = await openImport(page, "Importar estudiantes", "Importar estudiantes");
    const typed = [admin.email, admin.firstName, admin.lastName, "roster.csv", `not-an-email-${tag}`, ...students.map((s) => s.email)];
    await expectSpanish(page, "the import dialog", typed);

    await dialog.getByLabel("Archivo CSV de estudiantes").setInputFiles(file);
    await expect(dialog.getByRole("status").filter({ hasText: "2 por crear, 0 ya existen, 1 con problemas" })).toBeVisible();
    const bad = dialog.getByRole("list", { name: "Líneas del archivo" }).locator(":scope > li").nth(1);
    await expect(bad).toContainText("Línea 3");
    await expect(bad).toContainText("Correo electrónico no válido");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectSpanish(page, "the import's preview", typed);

    await dialog.getByRole("button", { name: "Importar 2 estudiantes" }).click();
    await expect(dialog.getByRole("status").filter({ hasText: "2 cuentas creadas" })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Descargar contraseñas temporales" })).toBeVisible();
    await expectSpanish(page, "the import's result", typed);
  });
});
