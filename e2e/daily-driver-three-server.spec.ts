import { randomBytes } from "node:crypto";
import { request as apiRequest, type APIRequestContext, type Page } from "@playwright/test";
import { tooManyRegistrationsMessage } from "../server/services/rate-limiter";
import { inEnglish } from "../core/test/in-english";
import { expectNoAxeViolations } from "./axe";
import { expect, PASSWORD, seedUser, signIn, test, type SeededUser } from "./fixtures";
import { toast } from "./task-helpers";

// Issue 32's server-side defects (items 2, 4, 10 and 12), found using the app as a student and a
// staff member would on a phone (each failed before the fix). The browser keeps the password reset
// read out on one phone and typed on another, and the axe scans. Moved (docs/decisions/120): the
// pages served whatever the Accept header to server/static.test.ts and static-landing.test.ts; the
// registration limit's message to client/features/auth/components/register-form.daily-driver.test.tsx;
// the audit log's "By" and "Push Not Delivered" to server/routes/admin.test.ts, push.test.ts and
// client/features/admin/components/admin-panel.daily-driver.test.tsx.

/** What the server answers the 41st student of a lesson once the address has met its limit (decision 097). */
const TWELVE_MINUTES = 12 * 60;
const REGISTRATION_LIMIT_MESSAGE = inEnglish(tooManyRegistrationsMessage(TWELVE_MINUTES))!;

/**
 * The browser suite's server runs with 100 times the limits (playwright.config.ts), so the 429 the
 * real limit sends is stood in for here; server/routes/sign-in-limits.test.ts meets the real one.
 */
async function answerRegistrationsWithTheLimit(page: Page) {
  await page.route("**/api/auth/register", (route) =>
    route.fulfill({
      status: 429,
      headers: { "retry-after": String(TWELVE_MINUTES) },
      contentType: "application/json",
      body: JSON.stringify({ message: REGISTRATION_LIMIT_MESSAGE }),
    }),
  );
}

async function fillRegistration(page: Page, email: string) {
  await page.goto("/auth?mode=register");
  await expect(page.getByRole("heading", { level: 1, name: "Create Account" })).toBeVisible();
  await page.getByLabel("First Name").fill("Ava");
  await page.getByLabel("Last Name").fill("Nguyen");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm Password").fill(PASSWORD);
}

/** The passcode the browser suite's server runs with (playwright.config.ts). */
const PASSCODE = "K7QM";

async function unlockedAdminPanel(page: Page) {
  await page.goto("/admin");
  await page.getByLabel("Admin Passcode").fill(PASSCODE);
  await page.getByRole("button", { name: "Unlock Admin Panel" }).click();
  await expect(page.getByText("Admin Access", { exact: true })).toBeVisible();
}

/** A student's own session, apart from the admin's browser: what she does on her phone. */
async function studentSession(user: SeededUser): Promise<{ api: APIRequestContext; csrf: Record<string, string> }> {
  const api = await apiRequest.newContext({ baseURL: test.info().project.use.baseURL });
  expect((await api.post("/api/login", { data: { email: user.email, password: user.password } })).status()).toBe(200);
  const { csrfToken } = (await (await api.get("/api/csrf-token")).json()) as { csrfToken: string };
  return { api, csrf: { "X-CSRF-Token": csrfToken } };
}

/**
 * What the audit log of issue 32 item 4 showed wrongly: a student changing her own password and
 * another deleting his own account (both read "Admin: <the student>"), and a push to a student
 * with no device ("Push Sent … delivered: 0"). Returns the three students.
 */
async function auditedStudentActions(page: Page) {
  const ava = await seedUser({ firstName: "Ava", email: `ava-${randomBytes(4).toString("hex")}@student.test` });
  const leo = await seedUser({ firstName: "Leo" });
  const noPhone = await seedUser({ firstName: "Noor" });

  const avaPhone = await studentSession(ava);
  const changed = await avaPhone.api.post("/api/auth/set-new-password", {
    headers: avaPhone.csrf,
    data: { temporaryPassword: PASSWORD, newPassword: "N3w!Secret-pass", confirmPassword: "N3w!Secret-pass" },
  });
  expect(changed.status()).toBe(200);
  await avaPhone.api.dispose();
  const leoPhone = await studentSession(leo);
  expect((await leoPhone.api.delete("/api/user", { headers: leoPhone.csrf, data: { password: PASSWORD } })).status()).toBe(204);
  await leoPhone.api.dispose();

  const admin = await seedUser({ firstName: "Rosa", isAdmin: true });
  await signIn(page, admin);
  await unlockedAdminPanel(page);
  const { csrfToken } = (await (await page.request.get("/api/csrf-token")).json()) as { csrfToken: string };
  const push = await page.request.post("/api/push/send", {
    headers: { "X-CSRF-Token": csrfToken },
    data: { externalUserIds: [noPhone.id], title: "Bus change", body: "Bus 12 leaves at 3:10 today" },
  });
  expect(await push.json()).toMatchObject({ ok: false });
  await page.getByRole("tab", { name: "Audit Log" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Audit Log" })).toBeVisible();
  return { admin, ava, leo, noPhone };
}

/** Searches the user list for one student and waits until the search has been applied (it runs 300 ms after typing). */
async function findStudent(page: Page, student: SeededUser) {
  await page.getByLabel("Search users").fill(student.email);
  await expect(page).toHaveURL(/search=/);
  const rows = page.getByRole("list", { name: "Users" }).getByRole("listitem");
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(student.email);
  return rows;
}

const auditEntry = (page: Page, label: string, email: string) =>
  page.getByRole("list", { name: "Audit log entries" }).getByRole("listitem").filter({ hasText: label }).filter({ hasText: email });

const createAccount = (page: Page) => page.getByRole("button", { name: "Create Account" });
const formError = (page: Page) => page.getByRole("form", { name: "Create account" }).getByRole("alert");

test.describe("a password reset on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("the admin reads out a grouped temporary password with no look-alike characters, and the student signs in with it as typed", async ({
    page,
    browser,
  }) => {
    const admin = await seedUser({ firstName: "Rosa", isAdmin: true });
    const student = await seedUser({ firstName: "Sam", lastName: "Lee" });
    await signIn(page, admin);
    await unlockedAdminPanel(page);
    const row = await findStudent(page, student);
    await row.getByRole("button", { name: "Reset password for Sam Lee" }).click();
    await page.getByRole("alertdialog", { name: "Reset Password" }).getByRole("button", { name: "Reset Password" }).click();

    const shown = page.getByRole("dialog", { name: "Temporary Password" }).getByLabel("Temporary password");
    await expect(shown).toHaveText(/^[A-Za-z0-9]{4}(-[A-Za-z0-9]{4}){2}$/);
    const temporaryPassword = (await shown.textContent())!;
    expect(temporaryPassword).not.toMatch(/[0O1lI5S]/);
    // On one line at 375 px: no group is split for the person reading it out.
    const { height } = (await shown.boundingBox())!;
    const lineHeight = await shown.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect(height).toBeLessThan(2 * lineHeight);

    // The student, on her own phone, types it as it was read out.
    const phone = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 375, height: 800 } });
    const studentPage = await phone.newPage();
    await studentPage.goto("/auth");
    await studentPage.getByLabel("Email").fill(student.email);
    await studentPage.getByLabel("Password", { exact: true }).pressSequentially(temporaryPassword);
    await studentPage.getByRole("button", { name: "Sign In" }).click();
    await expect(studentPage).toHaveURL(/\/password-reset$/);
    await studentPage.getByLabel("Temporary Password", { exact: true }).pressSequentially(temporaryPassword);
    await studentPage.getByLabel("New Password", { exact: true }).fill("N3w!Secret-pass");
    await studentPage.getByLabel("Confirm New Password", { exact: true }).fill("N3w!Secret-pass");
    await studentPage.getByRole("button", { name: "Update Password" }).click();
    await expect(toast(studentPage, "Password Updated", /updated successfully/)).toBeVisible();
    await expect(studentPage).toHaveURL(/\/$/);
    await phone.close();
  });
});

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`axe at 375 px, ${colorScheme} theme`, () => {
    test.use({ viewport: { width: 375, height: 800 }, colorScheme, reducedMotion: "reduce" });

    test("the registration form with the limit's message", async ({ page }) => {
      await answerRegistrationsWithTheLimit(page);
      await fillRegistration(page, `e2e-axe-${randomBytes(5).toString("hex")}@example.com`);
      await createAccount(page).click();
      await expect(formError(page)).toHaveText(REGISTRATION_LIMIT_MESSAGE);
      await expectNoAxeViolations(page, "the registration form with the limit's message");
    });

    test("the temporary password dialog", async ({ page }) => {
      const admin = await seedUser({ isAdmin: true });
      const student = await seedUser({ firstName: "Axe", lastName: "Reset" });
      await signIn(page, admin);
      await unlockedAdminPanel(page);
      const row = await findStudent(page, student);
      await row.getByRole("button", { name: "Reset password for Axe Reset" }).click();
      await page.getByRole("alertdialog", { name: "Reset Password" }).getByRole("button", { name: "Reset Password" }).click();
      await expect(page.getByRole("dialog", { name: "Temporary Password" }).getByLabel("Temporary password")).toHaveText(/-/);
      await expectNoAxeViolations(page, "the temporary password dialog");
    });

    test("the audit log with a student's own actions and a push not delivered", async ({ page }) => {
      const { noPhone } = await auditedStudentActions(page);
      await expect(auditEntry(page, "Push Not Delivered", noPhone.email)).toBeVisible();
      await expectNoAxeViolations(page, "the audit log");
      // Nothing of it runs past the screen, on a phone or a desktop.
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), `at ${width} px`).toBeLessThanOrEqual(width);
      }
    });
  });
}
