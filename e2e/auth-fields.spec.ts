import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * The account screens' details (issue 14): the Email field shows the address without the spaces
 * typed or pasted around it. The password toggle's state, /password-reset for a visitor and the
 * screens' titles are component tests now (client/app/screens/auth.test.tsx, docs/decisions/120).
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
  // Only a browser shows this: an email input's value drops the spaces around the address even
  // while they are on screen (jsdom's too), so the text shown is read from the accessibility tree.
  // The rest of the account screens' details are component tests (client/app/screens/auth.test.tsx).
  test("spaces typed or pasted around the address go when the field loses focus, and after Enter", async ({ page }) => {
    await page.goto("/auth");
    const email = page.getByLabel("Email");
    await email.pressSequentially("  ana@example.com  ");
    await page.getByLabel("Password", { exact: true }).focus();
    await expect.poll(() => shownText(page, "Email")).toBe("ana@example.com");

    await page.getByRole("link", { name: "Create an account" }).click();
    // fill() inserts the text in one go, as a paste does.
    await page.getByLabel("Email").fill("  ana@example.com ");
    await page.getByLabel("Password", { exact: true }).focus();
    await expect.poll(() => shownText(page, "Email")).toBe("ana@example.com");

    await page.goto("/auth");
    await page.getByLabel("Password", { exact: true }).fill("Wr0ng!Password");
    await page.getByLabel("Email").pressSequentially("  nobody@example.com ");
    await page.getByLabel("Email").press("Enter");
    await expect(page.getByText("Invalid email or password", { exact: true })).toBeVisible();
    await expect.poll(() => shownText(page, "Email")).toBe("nobody@example.com");
  });
});
