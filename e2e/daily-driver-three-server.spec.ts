import { randomBytes } from "node:crypto";
import { request as apiRequest, type APIRequestContext, type Page } from "@playwright/test";
import { tooManyRegistrationsMessage } from "../server/services/rate-limiter";
import { inEnglish } from "../core/test/in-english";
import { expectNoAxeViolations } from "./axe";
import { expect, PASSWORD, seedUser, signIn, test, type SeededUser } from "./fixtures";
import { toast } from "./task-helpers";

// Issue 32's server-side defects (items 2, 4, 10 and 12), found using the app as a student and a
// staff member would on a phone, one test each at the size where it shows (each failed before
// the fix).

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

test("curl, an uptime monitor or a link preview gets the page whatever it accepts; the API and missing files keep the JSON 404", async ({
  request,
}) => {
  for (const accept of ["*/*", "application/json"]) {
    const landing = await request.get("/", { headers: { accept } });
    expect(landing.status(), `/ with Accept: ${accept}`).toBe(200);
    expect(landing.headers()["content-type"]).toContain("text/html");
    expect(await landing.text()).toContain("<title>Student Hub: Your Student Productivity Hub</title>");
    const head = await request.head("/", { headers: { accept } });
    expect(head.status()).toBe(200);
    expect(head.headers()["content-type"]).toContain("text/html");

    for (const page of ["/auth", "/password-reset", "/admin", "/no/such/page"]) {
      const app = await request.get(page, { headers: { accept } });
      expect(app.status(), `${page} with Accept: ${accept}`).toBe(200);
      expect(await app.text()).toContain("<title>Student Hub</title>");
    }
    for (const missing of ["/api/no-such-thing", "/assets/gone.js", "/favicon.ico"]) {
      const notFound = await request.get(missing, { headers: { accept } });
      expect(notFound.status(), `${missing} with Accept: ${accept}`).toBe(404);
      expect(await notFound.json()).toEqual({ message: "Not found", code: "server.not_found" });
    }
  }
});

test.describe("on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("the registration limit's message stays in the form after the toast, saying when to retry, until the student edits or retries", async ({
    page,
  }) => {
    await answerRegistrationsWithTheLimit(page);
    const email = `e2e-class-${randomBytes(5).toString("hex")}@example.com`;
    await fillRegistration(page, email);
    await createAccount(page).click();

    await expect(toast(page, "Registration failed", REGISTRATION_LIMIT_MESSAGE)).toBeVisible();
    await expect(formError(page)).toHaveText("Too many accounts were created from this network. Try again in 12 minutes.");
    // The toast goes (here closed, as a student busy typing would); the form still says when to try again.
    await toast(page, "Registration failed", REGISTRATION_LIMIT_MESSAGE).getByRole("button", { name: "Close toast" }).click();
    await expect(toast(page, "Registration failed", REGISTRATION_LIMIT_MESSAGE)).toHaveCount(0);
    await expect(formError(page)).toHaveText(REGISTRATION_LIMIT_MESSAGE);

    // Editing a field puts it away: the student has acted on it.
    await page.getByLabel("First Name").fill("Ava May");
    await expect(formError(page)).toHaveCount(0);

    // Trying again when the limit has passed signs the student up.
    await createAccount(page).click();
    await expect(formError(page)).toHaveText(REGISTRATION_LIMIT_MESSAGE);
    await page.unroute("**/api/auth/register");
    await createAccount(page).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("dialog", { name: "Complete Your Setup" })).toBeVisible();
    expect(await (await page.request.get("/api/user")).json()).toMatchObject({ email, firstName: "Ava May" });
  });
});

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

for (const width of [375, 1280]) {
  test.describe(`the audit log at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("names a student acting on her own account “By”, not “Admin”, and a push to a student with no device “Push Not Delivered”", async ({
      page,
    }) => {
      const { admin, ava, leo, noPhone } = await auditedStudentActions(page);

      const passwordChanged = auditEntry(page, "Password Changed", ava.email);
      await expect(passwordChanged).toHaveCount(1);
      await expect(passwordChanged.getByText("By:", { exact: true })).toBeVisible();
      await expect(passwordChanged.getByText("Admin:", { exact: true })).toHaveCount(0);

      const ownDeletion = auditEntry(page, "Account Deleted", leo.email);
      await expect(ownDeletion).toHaveCount(1);
      await expect(ownDeletion.getByText("By:", { exact: true })).toBeVisible();
      await expect(ownDeletion.getByText("Admin:", { exact: true })).toHaveCount(0);

      const push = auditEntry(page, "Push Not Delivered", noPhone.email);
      await expect(push).toHaveCount(1);
      await expect(push).toContainText("title: Bus change, reason: no device");
      // The admin who sent it is still named as the admin.
      await expect(push.getByText("Admin:", { exact: true })).toBeVisible();
      await expect(push).toContainText(admin.email);
      await expect(auditEntry(page, "Push Sent", noPhone.email)).toHaveCount(0);

      // "Copy Logs" words them the same way.
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
      await page.getByRole("button", { name: "Copy Logs" }).click();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toContain(`Password Changed | target: ${ava.email} | by: ${ava.email}`);
      expect(copied).toContain(
        `Push Not Delivered | target: ${noPhone.email} | admin: ${admin.email} | title: Bus change, reason: no device`,
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  });
}

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
    });
  });
}
