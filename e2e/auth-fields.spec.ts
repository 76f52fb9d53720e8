import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * The account screens' details (issue 14): the Email field shows the address without the spaces
 * typed or pasted around it, the password toggle reports its state, a visitor on /password-reset
 * is told to sign in, and every screen names itself in the browser tab.
 */

/**
 * The text a textbox shows, as the browser's accessibility tree reads it. An email input's `value`
 * leaves out the spaces around the address even while they are on screen, so `toHaveValue`
 * cannot tell whether they are still visible; the accessibility tree reports the text shown.
 */
async function shownText(page: Page, name: string): Promise<string | undefined> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = await cdp.send("Accessibility.getFullAXTree");
    const box = nodes.find((node) => node.role?.value === "textbox" && node.name?.value === name && !node.ignored);
    return box?.value?.value as string | undefined;
  } finally {
    await cdp.detach();
  }
}

test.describe("the Email field", () => {
  test("spaces typed around the address on Sign In go when the field loses focus", async ({ page }) => {
    await page.goto("/auth");
    const email = page.getByLabel("Email");
    await email.pressSequentially("  ana@example.com  ");
    await expect(email).toHaveValue("ana@example.com");

    await page.getByLabel("Password", { exact: true }).focus();
    await expect.poll(() => shownText(page, "Email")).toBe("ana@example.com");
  });

  test("spaces pasted around the address on Create Account go when the field loses focus", async ({ page }) => {
    await page.goto("/auth?mode=register");
    const email = page.getByLabel("Email");
    // fill() inserts the text in one go, as a paste does.
    await email.fill("  ana@example.com ");

    await page.getByLabel("Password", { exact: true }).focus();
    await expect.poll(() => shownText(page, "Email")).toBe("ana@example.com");
  });

  test("Enter in the Email field sends the form and leaves the address trimmed on screen", async ({ page }) => {
    await page.goto("/auth");
    await page.getByLabel("Password", { exact: true }).fill("Wr0ng!Password");
    const email = page.getByLabel("Email");
    await email.pressSequentially("  nobody@example.com ");
    await email.press("Enter");

    await expect(page.getByText("Invalid email or password", { exact: true })).toBeVisible();
    await expect(email).toBeFocused();
    await expect.poll(() => shownText(page, "Email")).toBe("nobody@example.com");
  });
});

test.describe("the password toggle", () => {
  test("is a toggle button named Show password whose pressed state says whether the passwords are shown", async ({ page }) => {
    await page.goto("/auth?mode=register");
    const password = page.getByLabel("Password", { exact: true });
    const confirm = page.getByLabel("Confirm Password");
    const toggle = page.getByRole("button", { name: "Show password", exact: true });

    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await expect(password).toHaveAttribute("type", "password");

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("button", { name: "Show password", pressed: true })).toBeVisible();
    await expect(password).toHaveAttribute("type", "text");
    await expect(confirm).toHaveAttribute("type", "text");

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await expect(password).toHaveAttribute("type", "password");
    await expect(confirm).toHaveAttribute("type", "password");
  });
});

test.describe("/password-reset for a visitor", () => {
  test("asks them to sign in first, with a way to /auth and no form", async ({ page }) => {
    await page.goto("/password-reset");

    await expect(page.getByRole("heading", { level: 1, name: "Set a New Password" })).toBeVisible();
    await expect(
      page.getByText(
        "Sign in first to set a new password. If your password was reset, sign in with the temporary password you were given.",
        { exact: true },
      ),
    ).toBeVisible();
    await expect(page.getByLabel("Temporary Password")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Update Password" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Sign Out" })).toHaveCount(0);

    await page.getByRole("link", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();
  });
});

test.describe("document titles", () => {
  test("each screen a visitor can open has its own title", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle("Student Hub: Your Student Productivity Hub");

    await page.goto("/auth");
    await expect(page.getByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();
    await expect(page).toHaveTitle("Sign In · Student Hub");

    await page.getByRole("link", { name: "Create an account" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Create Account" })).toBeVisible();
    await expect(page).toHaveTitle("Create Account · Student Hub");

    await page.goto("/auth?mode=register");
    await expect(page).toHaveTitle("Create Account · Student Hub");

    await page.goto("/password-reset");
    await expect(page).toHaveTitle("Set a New Password · Student Hub");

    await page.goto("/no/such/page");
    await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
    await expect(page).toHaveTitle("404 Page Not Found · Student Hub");
  });

  test("a signed-in user's password page and placeholder screens have theirs", async ({ signedInPage: page }) => {
    await page.goto("/password-reset");
    await expect(page.getByRole("heading", { level: 1, name: "Set a New Password" })).toBeVisible();
    await expect(page).toHaveTitle("Set a New Password · Student Hub");

    await page.goto("/admin/push-debug");
    await expect(page.getByRole("heading", { level: 1, name: "Push Debug" })).toBeVisible();
    await expect(page).toHaveTitle("Push Debug · Student Hub");
  });
});
