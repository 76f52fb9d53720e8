import type { Page } from "@playwright/test";
import { seedEvent } from "./event-helpers";
import { e2eDb, expect, openSettings, seedUser, serverNoticesOutsideWrite, signIn, test, type SeededUser } from "./fixtures";
import { openHomeTab, openTasksTab, schoolDate, seedTasks } from "./task-helpers";
import { faintBoundaries, focusHiddenOnTab, sidewaysScroll, stickingOut, textCutBySpacing, undersizedTargets } from "./wcag";

/**
 * WCAG 2.2 AA beyond axe (issue 49, docs/accessibility.md, decision 123), on every screen a
 * visitor, a student and an admin see: at 375 px and 1280 px no target under 24 × 24 px that
 * 2.5.8's exceptions do not cover, and no control focused by Tab or Shift+Tab entirely hidden
 * (behind the bottom bar, the add button, the phone's header or a toast: 2.4.11); at 320 px
 * nothing scrolls sideways (1.4.10) and the text spacing a reader may set cuts no text (1.4.12);
 * in both themes the edges of fields and controls stand out 3:1 (1.4.11); the sign-in forms take a
 * paste and name their fields' purpose (3.3.8, 1.3.5).
 */

/** The passcode the browser suite's server runs with (playwright.config.ts). */
const PASSCODE = "K7QM";

/** What a screen is checked for, once it shows. */
type Check = (where: string) => Promise<void>;

async function visitorScreens(page: Page, check: Check) {
  const screens = [
    ["/", "Your Student Productivity Hub"],
    ["/auth", "Sign In"],
    ["/auth?mode=register", "Create Account"],
    ["/forgot-password", "Forgot your password?"],
  ] as const;
  for (const [path, heading] of screens) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await check(path);
  }
}

async function seedStudent(): Promise<SeededUser> {
  const student = await seedUser();
  await seedTasks(student, [
    { title: "Lab report", subject: "Science", dueDate: schoolDate(0), dueTime: "09:00", priority: "high" },
    { title: "Essay outline", subject: "English", dueDate: schoolDate(-1), priority: "low" },
    ...Array.from({ length: 8 }, (_, i) => ({ title: `Reading ${i + 1}`, dueDate: schoolDate(i + 1) })),
    { title: "Read chapter 4", completed: true },
  ]);
  await seedEvent(student, { title: "Band practice", date: schoolDate(1), time: "15:30" });
  await seedEvent(student, { title: "Math test", date: schoolDate(2), eventType: "exam", subject: "Mathematics" });
  return student;
}

async function studentScreens(page: Page, check: Check, phone: boolean) {
  await openHomeTab(page);
  // Home's last parts arrive once the browser is idle (quick add, then Tonight once the plan
  // answers) and push the cards below them down: the walk measures the page a person tabs through,
  // not one moving under a focus the browser has just scrolled into view (CI caught "Add Task"
  // pushed under the bottom bar so).
  await expect(page.getByRole("textbox", { name: "Quick add" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Tonight" })).toBeVisible();
  await check("Home");
  await openTasksTab(page);
  await expect(page.getByText("Reading 8")).toBeVisible();
  await check("Tasks");
  await page.getByRole("button", { name: "Add Task" }).first().click();
  await expect(page.getByRole("dialog", { name: "Add Task" })).toBeVisible();
  await check("the Add Task dialog");
  await page.keyboard.press("Escape");
  await page.goto("/#calendar");
  await expect(page.getByRole("button", { name: "Add Event" }).first()).toBeVisible();
  await check("Calendar");
  await page.getByRole("button", { name: "Add Event" }).first().click();
  await expect(page.getByRole("dialog", { name: "Add New Event" })).toBeVisible();
  await check("the Add Event dialog");
  await page.keyboard.press("Escape");
  if (phone) {
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    await check("the menu drawer");
    await page.keyboard.press("Escape");
  }
  const settings = await openSettings(page, phone);
  await check("Settings");
  await settings.getByRole("button", { name: "Edit Classes" }).click();
  await expect(page.getByRole("dialog", { name: "Edit Classes" })).toBeVisible();
  await check("Classes (Edit Classes)");
}

async function adminScreens(page: Page, check: Check) {
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Panel" })).toBeVisible();
  await check("the admin passcode gate");
  await page.getByLabel("Admin Passcode").fill(PASSCODE);
  await page.getByRole("button", { name: "Unlock Admin Panel" }).click();
  // "Admin Access Granted" stays while the pointer rests on it (Sonner pauses): Users is walked
  // with a toast open.
  const granted = page.locator("[data-sonner-toast]").filter({ hasText: "Admin Access Granted" });
  await expect(granted).toBeVisible();
  await granted.hover();
  // Its close button at 24 px, not by spacing: the page ends 8 px above the toast (decision 099),
  // within reach of a 20 px button's circle (a field above it failed so, decision 123).
  const close = (await granted.getByRole("button", { name: "Close toast" }).boundingBox())!;
  expect.soft(Math.min(close.width, close.height), "the toast's close button, px").toBeGreaterThanOrEqual(24);
  await expect(page.getByRole("list", { name: "Users" })).toBeVisible();
  await check("User Management, with a toast");
  await page.mouse.move(0, 0);
  for (const tab of ["Notifications", "Push Debug", "Audit Log", "App Settings"]) {
    await page.getByRole("tab", { name: tab }).click();
    await expect(page.getByRole("heading", { level: 2, name: tab })).toBeVisible();
    await check(tab);
  }
  await page.goto("/admin/school");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await check("/admin/school");
}

async function seedAdmin(): Promise<SeededUser> {
  await seedUser({ firstName: "Axe", lastName: "Student" });
  const admin = await seedUser({ firstName: "Rosa", lastName: "Diaz", isAdmin: true });
  // A logo address is one long word: its audit entry must wrap at 320 px (it scrolled the page 48 px sideways).
  await e2eDb()
    .insertInto("audit_log")
    .values({
      actor_user_id: admin.id,
      actor_email: admin.email,
      action: "SETTINGS_CHANGED",
      target: null,
      details: JSON.stringify({ logoUrl: `https://cdn.example.org/${"logo".repeat(25)}.png` }),
      created_at: new Date().toISOString(),
    })
    .execute();
  return admin;
}

/**
 * Targets (2.5.8) and focus by keyboard (2.4.11) on the screen as it is now. The Tab walk is the
 * phone's, both ways, where the sticky header, the bottom bar, the floating button and the toasts
 * can cover a control; a desktop has no bar over the page, so there targets alone are measured
 * (the walk at 1280 px cost the browser suite a minute and a half of a worker; decision 123).
 */
function targetsAndFocus(page: Page, phone: boolean): Check {
  return async (where) => {
    expect.soft(await undersizedTargets(page), `${where}: targets under 24 × 24 px`).toEqual([]);
    if (!phone) return;
    const { hidden, reached } = await focusHiddenOnTab(page, ["Tab", "Shift+Tab"]);
    expect.soft(reached, `${where}: Tab reaches the screen's controls`).toBeGreaterThan(0);
    expect.soft(hidden, `${where}: focused controls entirely hidden`).toEqual([]);
  };
}

/**
 * Text shortened by design, at any spacing, whose whole is a tap away (decision 123). A month
 * cell at 320 px is 40 px wide: its chips preview the day; the day's detail lists the whole titles.
 */
const SHORTENED_ON_PURPOSE = [
  "[role=grid] [aria-hidden=true]: the month grid's chips; the day's detail has the titles",
  "ul[aria-label=\"Users\"] p > span.truncate: a user's name in User Management's compact row keeps one line on a phone (decision 121); its whole is in the row's switch, Reset and Delete questions",
];

/** Reflow (1.4.10) and text spacing (1.4.12) on the screen as it is now. */
function reflowAndSpacing(page: Page): Check {
  return async (where) => {
    const sideways = await sidewaysScroll(page);
    expect.soft(sideways, `${where}: px scrolled sideways at 320 px (${sideways ? (await stickingOut(page)).join(" | ") : ""})`).toBe(0);
    expect.soft(await textCutBySpacing(page, SHORTENED_ON_PURPOSE), `${where}: text cut off with WCAG text spacing`).toEqual([]);
  };
}

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

for (const viewport of [PHONE, DESKTOP]) {
  const phone = viewport === PHONE;
  test.describe(`WCAG 2.2 at ${viewport.width} px: targets of 24 px, focus never hidden`, () => {
    test.use({ viewport, reducedMotion: "reduce" });

    test("the visitor's screens", async ({ page }) => {
      await visitorScreens(page, targetsAndFocus(page, phone));
    });

    test("a student's screens and dialogs", async ({ page }) => {
      test.slow(); // Nine screens, each tabbed through both ways.
      await signIn(page, await seedStudent());
      await studentScreens(page, targetsAndFocus(page, phone), phone);
    });

    test("the admin area", async ({ page }) => {
      test.slow(); // Seven screens, each tabbed through both ways.
      await signIn(page, await seedAdmin());
      await adminScreens(page, targetsAndFocus(page, phone));
    });
  });
}

test.describe("WCAG 2.2 at 320 px: reflow, and text spacing", () => {
  test.use({ viewport: { width: 320, height: 640 }, reducedMotion: "reduce" });

  test("the visitor's screens", async ({ page }) => {
    await visitorScreens(page, reflowAndSpacing(page));
  });

  test("a student's screens and dialogs", async ({ page }) => {
    await signIn(page, await seedStudent());
    await studentScreens(page, reflowAndSpacing(page), true);
  });

  test("the admin area", async ({ page }) => {
    await signIn(page, await seedAdmin());
    await adminScreens(page, reflowAndSpacing(page));
  });
});

test.describe("WCAG 2.2 in Spanish at 375 px", () => {
  test.use({ viewport: PHONE, reducedMotion: "reduce" });

  // Longer words: the tabs and buttons that fit in English are measured again.
  test("a student's screens keep their targets at 24 px", async ({ page }) => {
    const student = await seedStudent();
    await e2eDb().updateTable("users").set({ locale: "es" }).where("id", "=", student.id).execute();
    await serverNoticesOutsideWrite();
    await signIn(page, student);
    for (const hash of ["#home", "#todo", "#calendar"]) {
      await page.goto(`/${hash}`);
      await expect(page.locator("[data-floating-add]")).toBeVisible();
      await page.waitForLoadState("networkidle");
      expect.soft(await undersizedTargets(page), `${hash} in Spanish: targets under 24 × 24 px`).toEqual([]);
    }
  });
});

// Both themes (decision 075), as the axe scans: axe does not measure a control's own edge.
for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`WCAG 2.2 non-text contrast (1.4.11), ${colorScheme} theme`, () => {
    test.use({ viewport: PHONE, reducedMotion: "reduce", colorScheme });

    test("the edges of fields, checkboxes and selects, and an off switch's track, stand out 3:1", async ({ page }) => {
      await signIn(page, await seedStudent());
      await openTasksTab(page);
      expect.soft(await faintBoundaries(page), "Tasks").toEqual([]);
      await page.getByRole("button", { name: "Add Task" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Add Task" });
      await expect(dialog).toBeVisible();
      expect.soft(await faintBoundaries(page), "the Add Task dialog").toEqual([]);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await openSettings(page, true);
      expect.soft(await faintBoundaries(page), "Settings").toEqual([]);
    });
  });
}

test.describe("accessible authentication (3.3.8)", () => {
  test.use({ permissions: ["clipboard-read", "clipboard-write"] });

  test("every password and email field takes a paste, and says what a password manager may fill", async ({ page }) => {
    const forms = [
      ["/auth", ["email", "current-password"]],
      ["/auth?mode=register", ["given-name", "family-name", "email", "new-password", "new-password"]],
      ["/forgot-password", ["email"]],
    ] as const;
    for (const [path, tokens] of forms) {
      await page.goto(path);
      const fields = page.locator("form input:not([type=hidden]):not([type=checkbox])");
      await expect(fields).toHaveCount(tokens.length);
      expect(await fields.evaluateAll((all) => all.map((field) => field.getAttribute("autocomplete"))), path).toEqual(tokens);
      for (const field of await fields.all()) {
        await page.evaluate(() => navigator.clipboard.writeText("Pasted!Passw0rd"));
        await field.click();
        await page.keyboard.press("ControlOrMeta+V");
        await expect(field, `${path}: a pasted value is kept`).toHaveValue("Pasted!Passw0rd");
      }
    }
  });
});
