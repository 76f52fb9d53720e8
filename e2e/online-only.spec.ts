import { expect, openSettings, seedUser, signIn, test } from "./fixtures";

/**
 * Settings, the account and the admin screens stay online-only (decision 116, issue 37): offline,
 * they say so where the changes are made, not only in the app's connection banner. Their words in
 * Spanish are component tests (client/components/states/online-only-notice.test.tsx).
 */
test.use({ viewport: { width: 375, height: 740 } });

const SETTINGS_NOTICE =
  "You're offline. Settings and account changes need a connection and are not saved until it is back; the tasks and events you change are kept and sent then.";
const ADMIN_NOTICE = "You're offline. Changes on this page need a connection: nothing here is saved until it is back.";

test("Settings says offline that its changes need a connection, and stops saying it once the connection is back", async ({
  signedInPage: page,
  context,
}) => {
  await page.goto("/");
  const settings = await openSettings(page, true);
  await expect(settings.getByText(SETTINGS_NOTICE)).toHaveCount(0);
  await context.setOffline(true);
  await expect(settings.getByRole("status").filter({ hasText: SETTINGS_NOTICE })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await context.setOffline(false);
  await expect(settings.getByText(SETTINGS_NOTICE)).toHaveCount(0);
});

test("the admin panel says so when its server cannot be reached (the health check fails)", async ({ page }) => {
  test.slow();
  const admin = await seedUser({ firstName: "Rosa", lastName: "Diaz", isAdmin: true });
  await signIn(page, admin);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(ADMIN_NOTICE)).toHaveCount(0);
  // The server is down (the Wi-Fi is up): the health check's answers fail.
  await page.route("**/api/health", (route) => route.abort("connectionrefused"));
  await expect(page.getByText(ADMIN_NOTICE)).toBeVisible({ timeout: 30_000 });
  await page.unroute("**/api/health");
  await expect(page.getByText(ADMIN_NOTICE)).toHaveCount(0, { timeout: 15_000 });
});
