import { e2eDb, expect, test, openSettings } from "./fixtures";
import { seedTask, toast } from "./task-helpers";

/**
 * Settings → Delete my account, Your data and the calendar feed (docs/product.md#settings-dialog),
 * each a journey against the real server on a phone, where Settings is opened from the menu and has
 * the least room. The delete dialog's checks and refusals are component tests
 * (client/features/auth/components/delete-account-dialog.test.tsx, docs/decisions/120); the
 * component tests open Settings from the desktop's sidebar.
 */
const viewport = { width: 375, height: 740 };
test.use({ viewport });

test.describe(`at ${viewport.width} px`, () => {
  test("the password deletes everything and lands on the landing page", async ({ signedInPage: page, user }) => {
    await seedTask(user, { title: "Essay" });
    await page.goto("/");
    const settings = await openSettings(page, true);
    await settings.getByRole("button", { name: "Delete my account" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete your account?" });
    await expect(confirm).toBeVisible();
    await confirm.getByLabel("Password").fill(user.password);
    await confirm.getByRole("button", { name: "Delete Account" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("link", { name: /Sign In|Get Started/ }).first()).toBeVisible();
    expect(await e2eDb().selectFrom("users").select("id").where("id", "=", user.id).executeTakeFirst()).toBeUndefined();
    expect(await e2eDb().selectFrom("tasks").select("id").where("user_id", "=", user.id).execute()).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  });
});

test.describe(`your data at ${viewport.width} px`, () => {
  test("Download my data saves the export, and Import restores it into a new account", async ({ page, user }) => {
    const { seedUser, signIn } = await import("./fixtures");
    await seedTask(user, { title: "Lab report", dueDate: "2099-03-01" });
    await signIn(page, user);
    await page.goto("/");
    let settings = await openSettings(page, true);
    const [download] = await Promise.all([page.waitForEvent("download"), settings.getByRole("link", { name: "Download my data" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^student-hub-export-\d{4}-\d{2}-\d{2}\.json$/);
    const file = await download.path();

    // Another student, with no tasks yet, imports it.
    const other = await seedUser();
    await page.context().clearCookies();
    await signIn(page, other);
    await page.goto("/");
    settings = await openSettings(page, true);
    const answer = page.waitForResponse((r) => r.url().endsWith("/api/user/import"));
    await settings.getByLabel("Export file to import").setInputFiles(file);
    const imported = await answer;
    expect(imported.status(), await imported.text()).toBe(200);
    await expect(toast(page, "Data imported", "1 task, 0 events and 8 classes restored.")).toBeVisible();
    expect(await e2eDb().selectFrom("tasks").select("title").where("user_id", "=", other.id).execute()).toEqual([{ title: "Lab report" }]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

    // Importing again into the now full account is refused, with the reason.
    await settings.getByLabel("Export file to import").setInputFiles(file);
    await expect(toast(page, "Import failed", /already has tasks or events/)).toBeVisible();
  });
});

test.describe(`the calendar feed at ${viewport.width} px`, () => {
  test("is off until turned on; its link answers the calendar, Copy copies it, Reset ends the old link, Turn Off ends it", async ({
    signedInPage: page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/");
    const settings = await openSettings(page, true);
    const feed = settings.getByRole("region", { name: "Calendar feed" });
    await feed.getByRole("button", { name: "Turn On Calendar Feed" }).click();
    await expect(toast(page, "Calendar feed on", "Add the link to your calendar app.")).toBeVisible();
    const link = feed.getByLabel("Calendar feed link");
    const url = await link.inputValue();
    expect(url).toMatch(/^http:\/\/localhost:\d+\/feed\/[\w-]{43}\.ics$/);
    expect(await feed.getByRole("link", { name: "Subscribe (Apple, Outlook)" }).getAttribute("href")).toBe(url.replace("http:", "webcal:"));
    const answer = await page.request.get(url);
    expect(answer.status()).toBe(200);
    expect(await answer.text()).toContain("BEGIN:VCALENDAR");

    await feed.getByRole("button", { name: "Copy link" }).click();
    await expect(toast(page, "Copied!", "The calendar feed link is on your clipboard.")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    await feed.getByRole("button", { name: "Reset Link" }).click();
    await expect(toast(page, "Feed link reset", /old link stops working/)).toBeVisible();
    await expect(link).not.toHaveValue(url);
    expect((await page.request.get(url)).status()).toBe(404);
    const second = await link.inputValue();
    await feed.getByRole("button", { name: "Turn Off" }).click();
    await expect(feed.getByRole("button", { name: "Turn On Calendar Feed" })).toBeVisible();
    expect((await page.request.get(second)).status()).toBe(404);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  });
});
