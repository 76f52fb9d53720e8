import type { Browser, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { expect, seedUser, signIn, test, type SeededUser } from "./fixtures";
import { receivedPushes, subscribeDeviceThrough } from "./push-helpers";
import { toast } from "./task-helpers";

/** The admin panel's Notifications tab and the push debug page (docs/product.md#admin-area). */

const PASSCODE = "K7QM";

async function unlockedNotificationsTab(page: Page) {
  await page.goto("/admin?tab=notifications");
  await page.getByLabel("Admin Passcode").fill(PASSCODE);
  await page.getByRole("button", { name: "Unlock Admin Panel" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Notifications" })).toBeVisible();
}

/** The student's own browser, signed in, with a device registered for push. */
async function studentWithDevice(browser: Browser, student: SeededUser) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await signIn(page, student);
  const device = await subscribeDeviceThrough(page);
  await context.close();
  return device;
}

const titlesReceived = async () => (await receivedPushes()).map((push) => (push.payload as { title: string }).title);

// The tab's disabled Send, its refusals and its words are
// client/features/admin/components/notifications-tab.test.tsx's (docs/decisions/120); here, a push
// reaching the chosen student's device, and axe.
test.describe("the admin's Notifications tab", () => {
  test("axe finds nothing on the tab; the chosen student's device receives the push", async ({ page, browser }) => {
    const admin = await seedUser({ isAdmin: true, firstName: "Dana" });
    const student = await seedUser({ firstName: "Priya", lastName: "Raman" });
    const device = await studentWithDevice(browser, student);
    await signIn(page, admin);
    await unlockedNotificationsTab(page);
    await expect(page.getByRole("list", { name: "Matching users" })).toBeVisible();
    await expectNoAxeViolations(page, "the Notifications tab");

    await page.getByLabel("Search users").fill(student.email);
    await page.getByRole("radio", { name: new RegExp(student.email) }).check();
    await page.getByLabel("Title").fill("Assembly moved");
    await page.getByLabel("Message").fill("The assembly is in the gym at 10.");
    await page.getByRole("button", { name: "Send Notification" }).click();
    await expect(toast(page, "Success", "Push notification sent successfully")).toBeVisible();
    const push = (await receivedPushes()).find((received) => received.device === device.id);
    expect(push?.payload).toMatchObject({ title: "Assembly moved", body: "The assembly is in the gym at 10." });
  });
});

test.describe("the push debug page", () => {
  test("any signed-in student checks the push state and sends themselves a test push through the server", async ({ page, user }) => {
    await signIn(page, user);
    await page.goto("/admin/push-debug");
    await expect(page.getByRole("heading", { level: 1, name: "Push Debug" })).toBeVisible();
    await expect(page.getByText("iOS or iPadOS 16.4 or later.")).toBeVisible();
    // Its cards' headings come right under the page's h1 (Lighthouse's heading order).
    await expect(page.getByRole("heading", { level: 2, name: "Push on iPhone and iPad needs" })).toBeVisible();

    await page.getByRole("button", { name: "Check Push State" }).click();
    const state = page.getByRole("definition");
    await expect(page.getByText("Notification permission")).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Push state" })).toBeVisible();
    await expect(state.filter({ hasText: "does not know this device; 0 devices for your account" })).toBeVisible();

    await subscribeDeviceThrough(page);
    await page.getByRole("button", { name: "Check Push State" }).click();
    await expect(state.filter({ hasText: "1 device for your account" })).toBeVisible();

    await page.getByRole("button", { name: "Send Test Notification" }).click();
    await expect(toast(page, "Success", "Push notification sent successfully")).toBeVisible();
    await expect.poll(titlesReceived).toContain("Test Notification");
    await expectNoAxeViolations(page, "the push debug page");
  });
});
