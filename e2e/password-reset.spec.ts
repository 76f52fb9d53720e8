import type { Page } from "@playwright/test";
import { dashboardTab, e2eDb, expect, requirePasswordReset, test } from "./fixtures";

/**
 * Set a New Password after an admin's reset (decision 070), the journey against the real server.
 * The form's checks and refusals, the paths that lead to it and its Sign Out are component tests
 * (client/app/screens/password-reset.test.tsx, docs/decisions/120); the server's gate is
 * server/routes/auth.test.ts's "the password-reset gate".
 */

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

  test("signing in with the temporary password leads to Set a New Password; a strong new one opens the dashboard", async ({
    page,
    user,
    request,
  }) => {
    await page.goto("/auth");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(TEMPORARY_PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();

    await expect(page).toHaveURL(/\/password-reset$/);
    const form = resetForm(page);
    await expect(form.heading).toBeVisible();
    await expect(dashboardTab(page, "Home")).toHaveCount(0);
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
