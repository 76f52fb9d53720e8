import { readFile } from "node:fs/promises";
import type { Browser, Page } from "@playwright/test";
import { parseCsv } from "../core/csv";
import { e2eDb, expect, seedUser, serverNoticesOutsideWrite, signIn, test } from "./fixtures";
import { toast } from "./task-helpers";

/**
 * Admin → User Management → Import Students (issue 35): a small file with one bad line, its
 * preview, the import, the temporary passwords downloaded once, and a new student signing in with
 * one; then the dialog's preview on a phone in Spanish. The dialog's lines, counts, badges, the
 * file it downloads, what it sends and its words in both languages are
 * client/features/admin/components/roster-import-dialog.test.tsx's (docs/decisions/120); each line's
 * checks and the passwords' format are server/routes/roster-import.test.ts's.
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

  test("import a file with a bad line, download the temporary passwords, and a new student signs in with one", async ({
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
    await dialog.getByLabel("CSV file of students").setInputFiles(file);
    await expect(dialog.getByRole("status").filter({ hasText: "2 to create, 0 already exist, 1 with problems" })).toBeVisible();

    let temporaryPassword = "";
    await test.step("import creates the valid lines; the temporary passwords download as CSV", async () => {
      await dialog.getByRole("button", { name: "Import 2 Students" }).click();
      await expect(dialog.getByRole("status").filter({ hasText: "2 accounts created" })).toBeVisible();
      const downloading = page.waitForEvent("download");
      await dialog.getByRole("button", { name: "Download Temporary Passwords" }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe("temporary-passwords.csv");
      const parsed = parseCsv(await readFile(await download.path(), "utf8"));
      if (!parsed.ok) throw new Error("the download is not CSV");
      const [, ...rows] = parsed.records.map((record) => record.fields);
      expect(rows.map(([email]) => email)).toEqual(students.map((student) => student.email));
      temporaryPassword = rows[0]![1]!;
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

  test("the preview of a file, in Spanish, fits: nothing scrolls sideways at 375 px", async ({ page }) => {
    const tag = `es${Date.now().toString(36)}`;
    const { file } = roster(tag);
    const admin = await seedUser({ firstName: "Lucía", lastName: "Ramos", isAdmin: true });
    await e2eDb().updateTable("users").set({ locale: "es" }).where("id", "=", admin.id).execute();
    await serverNoticesOutsideWrite();
    await signIn(page, admin);
    await page.goto("/admin");
    await page.getByLabel("Código de acceso", { exact: true }).fill(PASSCODE);
    await page.getByRole("button", { name: "Desbloquear el panel" }).click();

    const dialog = await openImport(page, "Importar estudiantes", "Importar estudiantes");
    await dialog.getByLabel("Archivo CSV de estudiantes").setInputFiles(file);
    await expect(dialog.getByRole("status").filter({ hasText: "2 por crear, 0 ya existen, 1 con problemas" })).toBeVisible();
    await expect(dialog.getByRole("list", { name: "Líneas del archivo" }).locator(":scope > li").nth(1)).toContainText("Línea 3");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
