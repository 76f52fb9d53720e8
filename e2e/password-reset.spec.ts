import type { Page } from "@playwright/test";
import { dashboardTab, e2eDb, expect, requirePasswordReset, signIn, test } from "./fixtures";

/** What an admin's reset would have handed the student. */
const TEMPORARY_PASSWORD = "Temp#Pass2025";
const NEW_PASSWORD = "N3w!Secret-pass";

function resetForm(page: Page) {
  return {
    heading: page.getByRole("heading", { level: 1, name: "Set a New Password" }),
    temporaryPassword: page.getByLabel("Temporary Password", { exact: true }),
    newPassword: page.getByLabel("New Password", { exact: true }),
    confirmPassword: page.getByLabel("Confirm New Password", { exact: true }),
    submit: page.getByRole("button", { name: "Update Password" }),
  };
}

test.describe("a user whose password was reset by an admin", () => {
  test.beforeEach(async ({ user }) => {
    await requirePasswordReset(user, TEMPORARY_PASSWORD);
  });

  test("signing in with the temporary password leads to Set a New Password", async ({ page, user }) => {
    await page.goto("/auth");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(TEMPORARY_PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();

    await expect(page).toHaveURL(/\/password-reset$/);
    const form = resetForm(page);
    await expect(form.heading).toBeVisible();
    await expect(
      page.getByText("Must contain at least 8 characters with uppercase, lowercase, number, and special character."),
    ).toBeVisible();
    await expect(dashboardTab(page, "Home")).toHaveCount(0);
  });

  test("every other path sends them to /password-reset", async ({ page, user }) => {
    await signIn(page, user);
    for (const path of ["/", "/#todo", "/auth", "/auth?mode=register", "/admin", "/admin/push-debug", "/nonexistent"]) {
      await test.step(path, async () => {
        await page.goto(path);
        await expect(page).toHaveURL(/\/password-reset$/);
        await expect(resetForm(page).heading).toBeVisible();
      });
    }
  });

  test("Sign Out is their way off the page, and it ends the session", async ({ page, user }) => {
    await signIn(page, user);
    await page.goto("/");
    await expect(resetForm(page).heading).toBeVisible();

    await page.getByRole("button", { name: "Sign Out" }).click();

    await expect(page.getByRole("heading", { level: 1, name: "Your Student Productivity Hub" })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect((await page.request.get("/api/user")).status()).toBe(401);
  });

  test("the API refuses everything else with 403 until the password is changed", async ({ page, user }) => {
    await signIn(page, user);

    const tasks = await page.request.get("/api/tasks");
    expect(tasks.status()).toBe(403);
    expect(await tasks.json()).toMatchObject({
      message: "You must set a new password before continuing.",
      code: "server.password_reset_pending",
    });
    const me = await page.request.get("/api/user");
    expect(me.status()).toBe(200);
    expect(await me.json()).toMatchObject({ email: user.email, passwordResetRequired: true });
  });

  test("the form checks its fields before sending, lowercase rule first", async ({ page, user }) => {
    await signIn(page, user);
    await page.goto("/password-reset");
    const form = resetForm(page);
    await form.submit.click();
    await expect(form.temporaryPassword).toHaveAccessibleDescription("Temporary password is required");

    await form.temporaryPassword.fill(TEMPORARY_PASSWORD);
    // No lowercase and no uppercase letter: this form names the lowercase rule first.
    await form.newPassword.fill("12345678!");
    await form.confirmPassword.fill("12345678!");
    await form.submit.click();
    await expect(page.getByText("Password must contain at least one lowercase letter", { exact: true })).toBeVisible();
    await expect(page.getByText(/^Password must /)).toHaveCount(1);
    await expect(page.getByText("Temporary password is required")).toHaveCount(0);

    await form.newPassword.fill(NEW_PASSWORD);
    await expect(page.getByText(/^Password must /)).toHaveCount(0);
    await form.confirmPassword.fill(`${NEW_PASSWORD}?`);
    await form.submit.click();
    await expect(form.confirmPassword).toHaveAccessibleDescription("Passwords don't match");
    await expect(page).toHaveURL(/\/password-reset$/);
  });

  test("a wrong temporary password shows Update Failed and keeps them on the page", async ({ page, user }) => {
    await signIn(page, user);
    await page.goto("/password-reset");
    const form = resetForm(page);
    await form.temporaryPassword.fill("Not-the-temp1!");
    await form.newPassword.fill(NEW_PASSWORD);
    await form.confirmPassword.fill(NEW_PASSWORD);
    await form.submit.click();

    await expect(page.getByText("Update Failed", { exact: true })).toBeVisible();
    await expect(form.temporaryPassword).toHaveAccessibleDescription("Temporary password is incorrect");
    await expect(page).toHaveURL(/\/password-reset$/);
    expect((await page.request.get("/api/tasks")).status()).toBe(403);
  });

  test("the right temporary password and a strong new one open the dashboard", async ({ page, user, request }) => {
    await signIn(page, user);
    await page.goto("/");
    await expect(page).toHaveURL(/\/password-reset$/);
    const form = resetForm(page);
    await form.temporaryPassword.fill(TEMPORARY_PASSWORD);
    await form.newPassword.fill(NEW_PASSWORD);
    await form.confirmPassword.fill(NEW_PASSWORD);
    await form.submit.click();

    await expect(page.getByText("Password Updated", { exact: true })).toBeVisible();
    await expect(page.getByText("Your password has been updated successfully. You can now use your account normally.")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole("heading", { level: 2, name: new RegExp(`^Good (morning|afternoon|evening), ${user.firstName}$`) }),
    ).toBeVisible();
    await expect(dashboardTab(page, "Home")).toHaveAttribute("aria-selected", "true");

    // The gate is lifted for this browser, and /password-reset is no longer forced.
    expect((await page.request.get("/api/tasks")).status()).toBe(200);
    await page.goto("/#todo");
    await expect(page).toHaveURL(/\/#todo$/);
    await expect(dashboardTab(page, "Tasks")).toHaveAttribute("aria-selected", "true");

    const row = await e2eDb().selectFrom("users").select(["password_reset_required"]).where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(row.password_reset_required).toBe(0);
    // The new password signs in; the temporary one no longer does.
    const withTemporary = await request.post("/api/auth/login", { data: { email: user.email, password: TEMPORARY_PASSWORD } });
    expect(withTemporary.status()).toBe(401);
    const withNew = await request.post("/api/auth/login", { data: { email: user.email, password: NEW_PASSWORD } });
    expect(withNew.status()).toBe(200);
  });
});
