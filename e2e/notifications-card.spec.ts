import type { Page } from "@playwright/test";
import { e2eDb, expect, seedUser, signIn, test } from "./fixtures";
import { receivedPushes, standInForPushManager } from "./push-helpers";
import { openHomeTab, toast } from "./task-helpers";

/**
 * The Home tab's notifications card (docs/product.md#notifications-card). Headless Chromium reaches
 * no push service: `standInForPushManager` stands in for PushManager.subscribe at that boundary
 * only, with a real subscription of the suite's push service; the permission, the app's worker
 * and the server are real.
 */
const card = (page: Page) => page.getByRole("region", { name: "Notification settings" });

async function serverView(page: Page): Promise<{ subscribed: boolean; devices: number }> {
  return (await page.request.get("/api/push/subscriptions")).json();
}

async function sendToSelf(page: Page, userId: number, title: string) {
  const { csrfToken } = await (await page.request.get("/api/csrf-token")).json();
  const response = await page.request.post("/api/push/send", {
    headers: { "x-csrf-token": csrfToken },
    data: { externalUserIds: [userId], title, body: "From the notifications card test" },
  });
  return response.json();
}

test.describe("the notifications card", () => {
  test("a browser without the permission shows Enable Notifications; a refusal says Notifications Blocked", async ({
    signedInPage: page,
  }) => {
    await openHomeTab(page);
    await expect(card(page).getByRole("heading", { name: "Notifications" })).toBeVisible();
    await card(page).getByRole("button", { name: "Enable Notifications" }).click();
    await expect(toast(page, "Notifications Blocked", /Allow them in the site settings/)).toBeVisible();
    await expect(card(page).getByRole("button", { name: "Enable Notifications" })).toBeEnabled();
    expect(await serverView(page)).toMatchObject({ subscribed: false, devices: 0 });
  });

  test.describe("in an iPhone's browser tab", () => {
    test.use({
      userAgent:
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      viewport: { width: 390, height: 844 },
    });

    test("shows how to add Student Hub to the Home Screen instead of a button", async ({ signedInPage: page }) => {
      await openHomeTab(page);
      await expect(card(page).getByText("Choose Add to Home Screen, then Add.")).toBeVisible();
      await expect(card(page).getByRole("button")).toHaveCount(0);
    });
  });

  test.describe("with the permission and the app's worker", () => {
    test.use({ serviceWorkers: "allow" });

    test("Enable subscribes this device, a push to oneself arrives, Disable removes it; sign-out unbinds, sign-in binds again", async ({
      page,
      context,
      user,
    }) => {
      await context.grantPermissions(["notifications"]);
      await standInForPushManager(page);
      await signIn(page, user);
      await openHomeTab(page);

      await card(page).getByRole("button", { name: "Enable Notifications" }).click();
      await expect(toast(page, "Notifications Enabled", "You'll get Student Hub notifications on this device.")).toBeVisible();
      await expect(card(page).getByRole("button", { name: "Disable" })).toBeVisible();
      expect(await serverView(page)).toMatchObject({ subscribed: true, devices: 1 });

      expect(await sendToSelf(page, user.id, "Card test one")).toEqual({ ok: true });
      await expect
        .poll(async () => (await receivedPushes()).map((push) => (push.payload as { title: string }).title))
        .toContain("Card test one");

      // A reload finds the subscription again.
      await page.reload();
      await expect(card(page).getByRole("button", { name: "Disable" })).toBeVisible();

      await card(page).getByRole("button", { name: "Disable" }).click();
      await expect(toast(page, "Notifications Disabled", "You won't get Student Hub notifications on this device.")).toBeVisible();
      await expect(card(page).getByRole("button", { name: "Enable Notifications" })).toBeVisible();
      expect(await serverView(page)).toMatchObject({ subscribed: false, devices: 0 });
      expect(await sendToSelf(page, user.id, "Card test two")).toMatchObject({ ok: false });

      // On again, then signed out: the server forgets the device with the session...
      await card(page).getByRole("button", { name: "Enable Notifications" }).click();
      await expect(card(page).getByRole("button", { name: "Disable" })).toBeVisible();
      await page.getByRole("complementary", { name: "Sidebar" }).getByRole("button", { name: "Settings" }).click();
      await page.getByRole("dialog", { name: "Settings" }).getByRole("button", { name: "Sign Out" }).click();
      await expect(page).toHaveURL(/\/$/);
      const devicesOf = async (userId: number) =>
        (await e2eDb().selectFrom("push_subscriptions").select("id").where("user_id", "=", userId).execute()).length;
      expect(await devicesOf(user.id)).toBe(0);
      const classmate = await seedUser({ firstName: "Leo" });
      // ...and whoever signs in next on this device gets it, about a second later.
      await signIn(page, classmate);
      // A full load: "/#home" from "/" alone would only change the hash.
      await page.reload();
      await openHomeTab(page);
      await expect(card(page).getByRole("button", { name: "Disable" })).toBeVisible();
      await expect.poll(async () => (await serverView(page)).subscribed).toBe(true);
      expect(await sendToSelf(page, classmate.id, "Card test three")).toEqual({ ok: true });
      expect(await devicesOf(user.id)).toBe(0);
    });
  });
});
