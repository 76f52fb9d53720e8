import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { budgetedScripts, chunkOf, idleScripts, recordScripts } from "./bundles";
import { dashboardTab, expect, PASSWORD, test } from "./fixtures";

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
    errorBox: page.getByRole("alert").filter({ hasText: /\S/ }),
  };
}

async function openRegister(page: Page) {
  await page.goto("/auth?mode=register");
  await expect(page.getByRole("heading", { level: 1, name: "Create Account" })).toBeVisible();
  return registerForm(page);
}

test.describe("creating an account", () => {
  test("an empty form shows the first error of every field under that field", async ({ page }) => {
    const form = await openRegister(page);
    await form.submit.click();

    await expect(form.firstName).toHaveAccessibleDescription("First name is required");
    await expect(form.lastName).toHaveAccessibleDescription("Last name is required");
    await expect(form.email).toHaveAccessibleDescription("Invalid email address");
    // The hint stays; only the first failing password rule is shown.
    await expect(form.password).toHaveAccessibleDescription(
      "At least 8 characters with uppercase, lowercase, number, and special character Password must be at least 8 characters",
    );
    await expect(form.firstName).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText(/Password must contain/)).toHaveCount(0);
    await expect(page).toHaveURL(/\/auth\?mode=register$/);
  });

  test("a weak password shows the first broken rule, one at a time", async ({ page }) => {
    const form = await openRegister(page);
    await form.firstName.fill("Ana");
    await form.lastName.fill("Lopez");
    await form.email.fill(uniqueEmail());

    const cases = [
      { password: "Sh0rt!", message: "Password must be at least 8 characters" },
      { password: "lowercase1!", message: "Password must contain at least one uppercase letter" },
      { password: "UPPERCASE1!", message: "Password must contain at least one lowercase letter" },
      { password: "NoNumbers!!", message: "Password must contain at least one number" },
      { password: "NoSpecial12", message: "Password must contain at least one special character" },
      // Breaks three rules (uppercase, number, special): only the first is shown.
      { password: "onlylowercase", message: "Password must contain at least one uppercase letter" },
    ];
    for (const { password, message } of cases) {
      await test.step(`"${password}" shows "${message}"`, async () => {
        await form.password.fill(password);
        await form.confirmPassword.fill(password);
        await form.submit.click();

        await expect(page.getByText(message, { exact: true })).toBeVisible();
        await expect(page.getByText(/^Password must /)).toHaveCount(1);
        await expect(form.password).toHaveAttribute("aria-invalid", "true");
      });
    }
    await expect(page.getByRole("heading", { level: 1, name: "Create Account" })).toBeVisible();
  });

  test("mismatched passwords and a bad email are reported on their own fields", async ({ page }) => {
    const form = await openRegister(page);
    await form.firstName.fill("Ana");
    await form.lastName.fill("Lopez");
    await form.email.fill("ana-at-example.com");
    await form.password.fill(PASSWORD);
    await form.confirmPassword.fill(`${PASSWORD}x`);
    await form.submit.click();

    await expect(form.email).toHaveAccessibleDescription("Invalid email address");
    await expect(form.confirmPassword).toHaveAccessibleDescription("Passwords don't match");
    await expect(form.password).toHaveAttribute("aria-invalid", "false");
    await expect(form.firstName).toHaveAttribute("aria-invalid", "false");
  });

  test("editing a field clears its error and leaves the others", async ({ page }) => {
    const form = await openRegister(page);
    await form.submit.click();
    await expect(page.getByText("First name is required")).toBeVisible();
    await expect(page.getByText("Last name is required")).toBeVisible();

    await form.firstName.pressSequentially("A");

    await expect(page.getByText("First name is required")).toHaveCount(0);
    await expect(form.firstName).toHaveAttribute("aria-invalid", "false");
    await expect(page.getByText("Last name is required")).toBeVisible();
    await expect(page.getByText("Invalid email address")).toBeVisible();
  });

  test("inputs are trimmed as they are typed", async ({ page }) => {
    const form = await openRegister(page);
    await form.email.fill("  ana@example.com  ");
    await expect(form.email).toHaveValue("ana@example.com");

    // Typed key by key, a two-word name keeps its inner space; the edges go as typed and on blur.
    await form.firstName.pressSequentially("  Mary Ann ");
    await expect(form.firstName).toHaveValue("Mary Ann ");
    await form.lastName.focus();
    await expect(form.firstName).toHaveValue("Mary Ann");
  });

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

  test("an email that is already registered shows the server's message", async ({ page, user }) => {
    const form = await openRegister(page);
    await form.firstName.fill("Ana");
    await form.lastName.fill("Lopez");
    await form.email.fill(user.email);
    await form.password.fill(PASSWORD);
    await form.confirmPassword.fill(PASSWORD);
    await form.submit.click();

    await expect(page.getByText("Registration failed", { exact: true })).toBeVisible();
    await expect(form.email).toHaveAccessibleDescription("An account with this email already exists");
    await expect(page.getByRole("heading", { level: 1, name: "Create Account" })).toBeVisible();
  });
});

test.describe("signing in", () => {
  test("a wrong password shows the error box and stays on the form", async ({ page, user }) => {
    await page.goto("/auth");
    const form = signInForm(page);
    await expect(form.errorBox).toHaveCount(0);
    await form.email.fill(user.email);
    await form.password.fill("Wr0ng!Password");
    await form.submit.click();

    await expect(form.errorBox).toHaveText("Invalid email or password");
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();
  });

  test("an unknown email gets the same message as a wrong password", async ({ page }) => {
    await page.goto("/auth");
    const form = signInForm(page);
    await form.email.fill(uniqueEmail());
    await form.password.fill(PASSWORD);
    await form.submit.click();

    await expect(form.errorBox).toHaveText("Invalid email or password");
  });

  test("an empty form asks for a valid email and a password", async ({ page }) => {
    await page.goto("/auth");
    const form = signInForm(page);
    await form.submit.click();

    await expect(form.email).toHaveAccessibleDescription("Invalid email address");
    await expect(form.password).toHaveAccessibleDescription("Password is required");
  });

  test("the right password lands on the dashboard, and /auth then sends back to it", async ({ page, user }) => {
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

    await page.goto("/auth");
    await expect(page).toHaveURL(/\/$/);
    await expect(dashboardTab(page, "Home")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Sign In" })).toHaveCount(0);
  });

  test("/auth?mode=register while signed in also sends to the dashboard", async ({ signedInPage: page }) => {
    await page.goto("/auth?mode=register");
    await expect(page).toHaveURL(/\/$/);
    await expect(dashboardTab(page, "Home")).toBeVisible();
  });
});

test.describe("what /auth downloads (decision 102)", () => {
  const validation = () => chunkOf("features/auth/utils/auth-resolvers.ts");

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

test.describe("the auth screen's modes", () => {
  test("?mode=register opens Create Account and the toggle links switch modes", async ({ page }) => {
    await page.goto("/auth?mode=register");
    await expect(page.getByRole("heading", { level: 1, name: "Create Account" })).toBeVisible();
    await expect(page.getByText("At least 8 characters with uppercase, lowercase, number, and special character")).toBeVisible();

    await page.getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();
    await expect(page.getByLabel("First Name")).toHaveCount(0);

    await page.getByRole("link", { name: "Create an account" }).click();
    await expect(page).toHaveURL(/\/auth\?mode=register$/);
    await expect(page.getByRole("heading", { level: 1, name: "Create Account" })).toBeVisible();
  });

  test("switching mode clears the fields and the errors", async ({ page }) => {
    await page.goto("/auth");
    const signIn = signInForm(page);
    await signIn.email.fill("someone@example.com");
    await signIn.password.fill("whatever");
    await page.getByRole("link", { name: "Create an account" }).click();

    const register = registerForm(page);
    await expect(register.email).toHaveValue("");
    await expect(register.password).toHaveValue("");
    await register.firstName.fill("Ana");
    await register.email.fill("bad");
    await register.submit.click();
    await expect(page.getByText("Invalid email address")).toBeVisible();

    await page.getByRole("link", { name: "Sign in" }).click();
    await expect(signIn.email).toHaveValue("");
    await expect(signIn.password).toHaveValue("");
    await expect(page.getByText("Invalid email address")).toHaveCount(0);

    await page.getByRole("link", { name: "Create an account" }).click();
    await expect(register.firstName).toHaveValue("");
    await expect(page.getByText("Last name is required")).toHaveCount(0);
  });

  test("Show password toggles both password fields together", async ({ page }) => {
    const form = await openRegister(page);
    await form.password.fill(PASSWORD);
    await form.confirmPassword.fill(PASSWORD);
    await expect(form.password).toHaveAttribute("type", "password");
    await expect(form.confirmPassword).toHaveAttribute("type", "password");

    // One toggle button (docs/product.md#form-behaviour): pressed while the passwords are shown.
    const toggle = page.getByRole("button", { name: "Show password" });
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expect(form.password).toHaveAttribute("type", "text");
    await expect(form.confirmPassword).toHaveAttribute("type", "text");
    await expect(form.password).toHaveValue(PASSWORD);

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await expect(form.password).toHaveAttribute("type", "password");
    await expect(form.confirmPassword).toHaveAttribute("type", "password");
  });

  test("Show password reveals the sign-in password too", async ({ page }) => {
    await page.goto("/auth");
    const form = signInForm(page);
    await form.password.fill("secret-value");
    await expect(form.password).toHaveAttribute("type", "password");
    const toggle = page.getByRole("button", { name: "Show password" });
    await toggle.click();
    await expect(form.password).toHaveAttribute("type", "text");
    await toggle.click();
    await expect(form.password).toHaveAttribute("type", "password");
  });
});
