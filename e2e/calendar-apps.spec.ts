import type { APIRequestContext, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { e2eDb, expect, openSettings, seedUser, signIn, test } from "./fixtures";
import { expectSpanish } from "./spanish";

/**
 * Settings → Calendar apps at 375 px (issue 52), in English and Spanish, against the real server:
 * a device password made, shown once, taken by the CalDAV server, listed, removed and refused.
 * The protocol itself is server/caldav.test.ts's (tsdav and ical.js on both engines).
 */

const basic = (username: string, password: string) => `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`;

/** The DAV root asked for its principal, as a calendar app's first request is. */
async function davStatus(request: APIRequestContext, username: string, password: string): Promise<number> {
  const res = await request.fetch("/dav/", { method: "PROPFIND", headers: { authorization: basic(username, password), depth: "0" } });
  return res.status();
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

test.describe("Settings → Calendar apps at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("connects a calendar app with a password shown once, which the CalDAV server takes until the app is removed", async ({
    page,
    request,
  }) => {
    const user = await seedUser({ firstName: "Maya" });
    await signIn(page, user);
    await page.goto("/");
    const settings = await openSettings(page, true);
    const section = settings.getByRole("region", { name: "Calendar apps" });
    await section.getByLabel("Device name").fill("Maya's iPhone");
    await section.getByRole("button", { name: "Connect a calendar app" }).click();

    const details = page.getByRole("dialog", { name: "Connect Maya's iPhone" });
    await expect(details).toBeVisible();
    await expect(details.getByRole("img", { name: "QR code to connect the app" })).toBeVisible();
    const values = await details.locator("dd code").allTextContents();
    expect(values[1]).toBe(user.email);
    const password = values[2]!;
    expect(password).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    await noSidewaysScroll(page);
    await expectNoAxeViolations(page, "a device password shown once");
    expect(await davStatus(request, user.email, password)).toBe(207);
    await details.getByRole("button", { name: "Done" }).click();

    const list = section.getByRole("list", { name: "Connected calendar apps" });
    await expect(list.getByRole("listitem")).toContainText("Maya's iPhone");
    await list.getByRole("button", { name: "Remove Maya's iPhone" }).click();
    await page.getByRole("alertdialog", { name: "Remove Maya's iPhone?" }).getByRole("button", { name: "Remove" }).click();
    await expect(list).toHaveCount(0);
    expect(await davStatus(request, user.email, password)).toBe(401);
    expect(await e2eDb().selectFrom("device_passwords").selectAll().where("user_id", "=", user.id).execute()).toEqual([]);
  });

  test("reads in Spanish", async ({ page }) => {
    const user = await seedUser({ firstName: "Lucía" });
    await e2eDb().updateTable("users").set({ locale: "es" }).where("id", "=", user.id).execute();
    await signIn(page, user);
    await page.goto("/");
    await page.getByRole("button", { name: /^(Abrir (el )?menú)$/ }).click();
    await page
      .getByRole("dialog", { name: /^(Menú)$/ })
      .getByRole("button", { name: "Configuración" })
      .click();
    const section = page.getByRole("dialog", { name: "Configuración" }).getByRole("region", { name: "Apps de calendario" });
    await section.getByLabel("Nombre del dispositivo").fill("iPhone de Lucía");
    await section.getByRole("button", { name: "Conectar una app de calendario" }).click();
    const details = page.getByRole("dialog", { name: "Conectar iPhone de Lucía" });
    await expect(details.getByText("Servidor", { exact: true })).toBeVisible();
    const values = await details.locator("dd code").allTextContents();
    await expectSpanish(page, "a device password shown once", [
      "iPhone de Lucía",
      "Lucía",
      "Patel",
      "DAVx5",
      "CalDAV",
      "Thunderbird",
      "iPhone",
      ...values,
    ]);
    await noSidewaysScroll(page);
  });
});
