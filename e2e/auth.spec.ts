import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { budgetedScripts, chunkOf, idleScripts, recordScripts } from "./bundles";
import { dashboardTab, expect, PASSWORD, test } from "./fixtures";

/**
 * Creating an account and signing in against the real server, and what /auth downloads. The
 * forms' checks, refusals, modes and what they send are component tests now
 * (client/features/auth/components/register-form.test.tsx, sign-in-form.test.tsx, docs/decisions/120).
 */

const uniqueEmail = () => `e2e-reg-${randomBytes(5).toString("hex")}@example.com`;

/** The register form's fields, found by their labels. */
function registerForm(page: Page) {
  return {
    firstName: page.getByLabel("First Name"),
    lastName: page.getByLabel("Last Name"),
    email: page.getByLabel("Email"),
    password: page.getByLabel("Password", { exact: true }),
    confirmPassword: page.getByLabel("Confirm Password"),
    submit: page.getByRole("button", { name: "Create Account" }),
  };
}

function signInForm(page: Page) {
  return {
    email: page.getByLabel("Email"),
    password: page.getByLabel("Password", { exact: true }),
    submit: page.getByRole("button", { name: "Sign In" }),
  };
}

async function openRegister(page: Page) {
  await page.goto("/auth?mode=register");
  await expect(page.getByRole("heading", { level: 1, name: "Create Account" })).toBeVisible();
  return registerForm(page);
}

test.describe("creating an account", () => {
  test("a valid form creates the account and lands on the dashboard", async ({ page }) => {
    const email = uniqueEmail();
    const form = await openRegister(page);
    await form.firstName.fill("Ana");
    await form.lastName.fill("Lopez");
    await form.email.fill(email);
    await form.password.fill(PASSWORD);
    await form.confirmPassword.fill(PASSWORD);
    await form.submit.click();

    await expect(page).toHaveURL(/\/$/);
    // A new account has no classes yet: the class setup opens over the dashboard; it can wait.
    const classSetup = page.getByRole("dialog", { name: "Complete Your Setup" });
    await expect(classSetup).toBeVisible();
    await classSetup.getByRole("button", { name: "Cancel" }).click();
    await expect(classSetup).toBeHidden();
    await expect(page.getByRole("heading", { level: 2, name: /^Good (morning|afternoon|evening), Ana$/ })).toBeVisible();
    await expect(dashboardTab(page, "Home")).toHaveAttribute("aria-selected", "true");
    const sidebar = page.getByRole("complementary", { name: "Sidebar" });
    await expect(sidebar.getByText("Ana Lopez", { exact: true })).toBeVisible();
    await expect(sidebar.getByText(email, { exact: true })).toBeVisible();

    // The session is real: the server knows who this is.
    const me = await page.request.get("/api/user");
    expect(me.status()).toBe(200);
    expect(await me.json()).toMatchObject({ email, firstName: "Ana", lastName: "Lopez", passwordResetRequired: false });
  });
});

test.describe("signing in", () => {
  test("the right password lands on the dashboard", async ({ page, user }) => {
    await page.goto("/auth");
    const form = signInForm(page);
    await form.email.fill(user.email);
    await form.password.fill(user.password);
    await form.submit.click();

    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole("heading", { level: 2, name: new RegExp(`^Good (morning|afternoon|evening), ${user.firstName}$`) }),
    ).toBeVisible();
    await expect(page.getByRole("complementary", { name: "Sidebar" }).getByText(user.email)).toBeVisible();
  });
});

test.describe("what /auth downloads (decision 102)", () => {
  const validation = () => chunkOf("features/auth/utils/auth-schemas.ts");

  test("its first screen is exactly the scripts the bundle budget counts, then, once the form shows, the toast library; the forms' validation (zod) comes with the first focus", async ({
    page,
  }) => {
    const scripts = recordScripts(page);
    let formShownWhenToastsAsked: boolean | undefined;
    await page.route(`**${chunkOf("lib/toast-library.ts")}`, async (route) => {
      formShownWhenToastsAsked = await page.getByRole("button", { name: "Sign In" }).isVisible();
      await route.continue();
    });
    await page.goto("/auth");
    await expect(page.getByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(idleScripts("/auth")).toContain(chunkOf("lib/toast-library.ts"));
    await expect.poll(() => scripts.read()).toEqual([...budgetedScripts("/auth"), ...idleScripts("/auth")].sort());
    expect(formShownWhenToastsAsked).toBe(true);
    expect(scripts.read()).not.toContain(validation());

    await signInForm(page).email.focus();
    await expect.poll(() => scripts.read()).toContain(validation());
  });

  test("a form sent before its validation has arrived waits for it, then shows the same messages", async ({ page }) => {
    let releaseValidation!: () => void;
    const validationHeld = new Promise<void>((resolve) => (releaseValidation = resolve));
    await page.route(`**${validation()}`, async (route) => {
      await validationHeld;
      await route.continue();
    });
    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") sent.push(new URL(request.url()).pathname);
    });
    await openRegister(page);
    const form = registerForm(page);
    const validationAsked = page.waitForRequest((request) => new URL(request.url()).pathname === validation());
    await form.submit.click();
    await validationAsked;
    await expect(page.getByText("First name is required")).toHaveCount(0);

    releaseValidation();
    await expect(form.firstName).toHaveAccessibleDescription("First name is required");
    await expect(form.email).toHaveAccessibleDescription("Invalid email address");
    expect(sent).toEqual([]);
  });
});
