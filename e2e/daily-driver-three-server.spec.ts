import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { tooManyRegistrationsMessage } from "../server/services/rate-limiter";
import { expectNoAxeViolations } from "./axe";
import { expect, PASSWORD, test } from "./fixtures";
import { toast } from "./task-helpers";

// Issue 32's server-side defects (items 2, 4, 10 and 12), found using the app as a student and a
// staff member would on a phone, one test each at the size where it shows (each failed before
// the fix).

/** What the server answers the 41st student of a lesson once the address has met its limit (decision 097). */
const TWELVE_MINUTES = 12 * 60;
const REGISTRATION_LIMIT_MESSAGE = tooManyRegistrationsMessage(TWELVE_MINUTES);

/**
 * The browser suite's server runs with 100 times the limits (playwright.config.ts), so the 429 the
 * real limit sends is stood in for here; server/routes/sign-in-limits.test.ts meets the real one.
 */
async function answerRegistrationsWithTheLimit(page: Page) {
  await page.route("**/api/auth/register", (route) =>
    route.fulfill({
      status: 429,
      headers: { "retry-after": String(TWELVE_MINUTES) },
      contentType: "application/json",
      body: JSON.stringify({ message: REGISTRATION_LIMIT_MESSAGE }),
    }),
  );
}

async function fillRegistration(page: Page, email: string) {
  await page.goto("/auth?mode=register");
  await expect(page.getByRole("heading", { level: 1, name: "Create Account" })).toBeVisible();
  await page.getByLabel("First Name").fill("Ava");
  await page.getByLabel("Last Name").fill("Nguyen");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm Password").fill(PASSWORD);
}

const createAccount = (page: Page) => page.getByRole("button", { name: "Create Account" });
const formError = (page: Page) => page.getByRole("form", { name: "Create account" }).getByRole("alert");

test.describe("on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("the registration limit's message stays in the form after the toast, saying when to retry, until the student edits or retries", async ({
    page,
  }) => {
    await answerRegistrationsWithTheLimit(page);
    const email = `e2e-class-${randomBytes(5).toString("hex")}@example.com`;
    await fillRegistration(page, email);
    await createAccount(page).click();

    await expect(toast(page, "Registration failed", REGISTRATION_LIMIT_MESSAGE)).toBeVisible();
    await expect(formError(page)).toHaveText("Too many accounts were created from this network. Try again in 12 minutes.");
    // The toast goes (here closed, as a student busy typing would); the form still says when to try again.
    await toast(page, "Registration failed", REGISTRATION_LIMIT_MESSAGE).getByRole("button", { name: "Close toast" }).click();
    await expect(toast(page, "Registration failed", REGISTRATION_LIMIT_MESSAGE)).toHaveCount(0);
    await expect(formError(page)).toHaveText(REGISTRATION_LIMIT_MESSAGE);

    // Editing a field puts it away: the student has acted on it.
    await page.getByLabel("First Name").fill("Ava May");
    await expect(formError(page)).toHaveCount(0);

    // Trying again when the limit has passed signs the student up.
    await createAccount(page).click();
    await expect(formError(page)).toHaveText(REGISTRATION_LIMIT_MESSAGE);
    await page.unroute("**/api/auth/register");
    await createAccount(page).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("dialog", { name: "Complete Your Setup" })).toBeVisible();
    expect(await (await page.request.get("/api/user")).json()).toMatchObject({ email, firstName: "Ava May" });
  });
});

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`axe at 375 px, ${colorScheme} theme`, () => {
    test.use({ viewport: { width: 375, height: 800 }, colorScheme, reducedMotion: "reduce" });

    test("the registration form with the limit's message", async ({ page }) => {
      await answerRegistrationsWithTheLimit(page);
      await fillRegistration(page, `e2e-axe-${randomBytes(5).toString("hex")}@example.com`);
      await createAccount(page).click();
      await expect(formError(page)).toHaveText(REGISTRATION_LIMIT_MESSAGE);
      await expectNoAxeViolations(page, "the registration form with the limit's message");
    });
  });
}
