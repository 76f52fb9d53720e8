import type { Page } from "@playwright/test";
import { E2E_PORT, E2E_SMTP_PORT } from "../playwright.config";
import { startTestSmtpServer, type TestSmtpServer } from "../server/test/smtp-server";
import { expectNoAxeViolations } from "./axe";
import { dashboardTab, e2eDb, expect, seedUser, test } from "./fixtures";
import { expectSpanish } from "./spanish";

/**
 * Forgot password by email (issue 38, decision 115), at a phone's width: "Forgot password?" on the
 * sign-in form, the mail read back from a real SMTP server, its link and a new password. The forms'
 * checks, what they send and the words for a link already used are component tests
 * (client/app/screens/password-by-email.test.tsx, docs/decisions/120); that a link works once is
 * server/routes/password-reset.test.ts's.
 */
const NEW_PASSWORD = "N3w!Secret-pass";
let smtp: TestSmtpServer;

test.beforeAll(async () => {
  smtp = await startTestSmtpServer(E2E_SMTP_PORT);
});
test.afterAll(async () => {
  await smtp.close();
});
test.use({ viewport: { width: 375, height: 812 } });

/** The reset link of the mail the server sent `email`, once it has arrived. */
async function linkMailedTo(email: string): Promise<{ link: string; subject: string }> {
  let found: { link: string; subject: string } | undefined;
  await expect
    .poll(
      () => {
        const mail = smtp.received.find((m) => m.to === email);
        const link = /(http\S+\/reset-password\?token=[\w-]+(?:&lang=[a-z]+)?)/.exec(mail?.parsed.text ?? "")?.[1];
        if (mail && link) found = { link, subject: mail.parsed.subject ?? "" };
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

async function noSideways(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

test("a student who forgot the password asks for a link, sets a new password from the mail and is signed in", async ({ page }) => {
  const user = await seedUser();
  await page.goto("/auth");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole("heading", { level: 1, name: "Forgot your password?" })).toBeVisible();
  await expect(page).toHaveTitle("Forgot your password? · Student Hub");
  await noSideways(page);
  await expectNoAxeViolations(page, "/forgot-password");

  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toContainText(`If an account uses ${user.email}, a link to reset its password is on its way.`);

  const { link, subject } = await linkMailedTo(user.email);
  expect(subject).toBe("Reset your Student Hub password");
  expect(link.startsWith(`http://localhost:${E2E_PORT}/reset-password?token=`)).toBe(true);

  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
  // The token is taken off the address once read.
  await expect(page).toHaveURL(/\/reset-password$/);
  await noSideways(page);
  await expectNoAxeViolations(page, "/reset-password");
  await page.getByLabel("New Password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Confirm New Password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(dashboardTab(page, "Home")).toBeVisible();
  expect((await page.request.post("/api/auth/login", { data: { email: user.email, password: NEW_PASSWORD } })).status()).toBe(200);
});

test.describe("in Spanish", () => {
  test.use({ locale: "es-MX" });

  test("the two screens and the mail read in Spanish, and the mailed link opens in Spanish on an English browser", async ({
    page,
    browser,
  }) => {
    const user = await seedUser();
    await e2eDb().updateTable("users").set({ locale: "es" }).where("id", "=", user.id).execute();
    await page.goto("/auth");
    await page.getByRole("link", { name: "¿Olvidaste tu contraseña?" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "¿Olvidaste tu contraseña?" })).toBeVisible();
    await page.getByLabel("Correo electrónico").fill(user.email);
    await page.getByRole("button", { name: "Enviar enlace" }).click();
    await expect(page.getByRole("status")).toContainText(`Si una cuenta usa ${user.email}`);
    await expectSpanish(page, "/forgot-password, sent", [user.email]);
    await noSideways(page);

    const { link, subject } = await linkMailedTo(user.email);
    expect(subject).toBe("Restablece tu contraseña de Student Hub");
    // Opened on a device whose browser is English (issue 49): the page reads in the mail's language.
    const phone = await browser.newContext({ locale: "en-US", viewport: { width: 375, height: 812 } });
    try {
      const opened = await phone.newPage();
      await opened.goto(link);
      await expect(opened.getByRole("heading", { level: 1, name: "Elige una contraseña nueva" })).toBeVisible();
      await opened.getByLabel("Nueva contraseña", { exact: true }).fill(NEW_PASSWORD);
      await opened.getByLabel("Confirmar nueva contraseña", { exact: true }).fill("Distinta!123");
      await opened.getByRole("button", { name: "Guardar contraseña nueva" }).click();
      await expect(opened.getByText("Las contraseñas no coinciden")).toBeVisible();
      await expectSpanish(opened, "/reset-password, refused");
      await noSideways(opened);
      await opened.getByLabel("Confirmar nueva contraseña", { exact: true }).fill(NEW_PASSWORD);
      await opened.getByRole("button", { name: "Guardar contraseña nueva" }).click();
      await expect(opened.getByRole("tab", { name: "Inicio", exact: true })).toBeVisible();
    } finally {
      await phone.close();
    }
  });
});
