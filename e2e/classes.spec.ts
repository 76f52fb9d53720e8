import { expectNoAxeViolations } from "./axe";
import type { Locator, Page } from "@playwright/test";
import { e2eDb, expect, PASSWORD, type SeededUser, seedUser, signIn, test } from "./fixtures";
import { toast } from "./task-helpers";

const setupDialog = (page: Page) => page.getByRole("dialog", { name: "Complete Your Setup" });
/** One period of the editor: a group named "Period N". */
const period = (dialog: Locator, n: number) => dialog.getByRole("group", { name: `Period ${n}`, exact: true });
const className = (dialog: Locator, n: number) => period(dialog, n).getByRole("textbox", { name: "Class name" });

/** The classes stored for the account with this email (a SeededUser's, or one created in the test). */
async function storedClasses(who: SeededUser | string): Promise<string[]> {
  const email = typeof who === "string" ? who : who.email;
  const row = await e2eDb().selectFrom("users").select("user_classes").where("email", "=", email).executeTakeFirstOrThrow();
  return JSON.parse(row.user_classes) as string[];
}

/** A new student, signed in, on the dashboard with "Complete Your Setup" open. */
async function newStudent(page: Page): Promise<{ student: SeededUser; dialog: Locator }> {
  const student = await seedUser({ userClasses: [] });
  await signIn(page, student);
  await page.goto("/");
  const dialog = setupDialog(page);
  await expect(dialog).toBeVisible();
  return { student, dialog };
}

/** Fills periods 1, 2, … with these names (a semester pair's first name goes to its Semester 1). */
async function fillPeriods(dialog: Locator, names: Record<number, string>) {
  for (const [n, name] of Object.entries(names)) await className(dialog, Number(n)).fill(name);
}

const THE_SCHEDULE = [
  "Health (Semester 1)",
  "Driver Ed (Semester 2)",
  "Biology (Double Block)",
  "English",
  "Lunch",
  "World History",
  "Art",
  "Spanish",
];

/** The class editor's School Day step after a save: skipped, the dialog closes. */
async function skipSchoolDay(page: Page) {
  const step = page.getByRole("dialog", { name: "School Day" });
  await step.getByRole("button", { name: "Skip" }).click();
  await expect(step).toBeHidden();
}

// The editor's rules, messages, focus and requests are component tests
// (client/features/classes/components/class-editor-dialog.test.tsx, docs/decisions/120); here the
// journey through the real server: an account created, its classes saved, offered at once in the task
// dialog, and not asked for again.
test.describe("first class setup", () => {
  test("a student who has just created an account sets up their classes; the task dialog offers them with their periods, and the setup is not asked again", async ({
    page,
  }) => {
    const email = `e2e-classes-${Date.now()}-${Math.random().toString(16).slice(2)}@example.com`;
    await page.goto("/auth?mode=register");
    await page.getByLabel("First Name").fill("Noor");
    await page.getByLabel("Last Name").fill("Haddad");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page).toHaveURL(/\/$/);
    const dialog = setupDialog(page);
    await expect(dialog).toBeVisible();
    await expect(className(dialog, 1)).toBeFocused();

    await period(dialog, 1).getByRole("switch", { name: "Semester" }).click();
    await period(dialog, 1).getByRole("textbox", { name: "Semester 1" }).fill("Health");
    await period(dialog, 1).getByRole("textbox", { name: "Semester 2" }).fill("Driver Ed");
    await className(dialog, 2).fill("Biology");
    await period(dialog, 2).getByRole("button", { name: "Double Block" }).click();
    await fillPeriods(dialog, { 4: "English", 6: "World History", 7: "Art", 8: "Spanish" });
    await period(dialog, 5).getByRole("button", { name: "Set as Lunch" }).click();

    await dialog.getByRole("button", { name: "Save Classes" }).click();
    await expect(toast(page, "Success!", "Your classes have been saved successfully.")).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(await storedClasses(email)).toEqual(THE_SCHEDULE);
    // Then the School Day step, which can be skipped.
    await skipSchoolDay(page);

    // The Subject choices follow at once, without a reload.
    await page.getByRole("region", { name: "Your Tasks" }).getByRole("button", { name: "Add Task" }).click();
    const addTask = page.getByRole("dialog", { name: "Add Task" });
    await addTask.getByRole("combobox", { name: "Subject" }).click();
    await expect(page.getByRole("listbox").getByRole("option")).toHaveText([
      "No subject",
      "Health (1st period)",
      "Driver Ed (1st period)",
      "Biology (2nd to 3rd period)",
      "English (4th period)",
      "World History (6th period)",
      "Art (7th period)",
      "Spanish (8th period)",
    ]);
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");

    // Not again on the next visit; the draft is gone.
    await page.reload();
    await expect(page.getByRole("heading", { level: 2, name: /^Good (morning|afternoon|evening), Noor$/ })).toBeVisible();
    await expect(setupDialog(page)).toHaveCount(0);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes("class-setup")))).toEqual([]);
  });
});

test.describe("on a 320 px phone", () => {
  // Reduced motion: the dialog's zoom-in would make it look wider than it is while it opens.
  test.use({ viewport: { width: 320, height: 640 }, hasTouch: true, isMobile: true, reducedMotion: "reduce" });

  test("the whole first setup by keyboard alone, without sideways scrolling, Save always in reach", async ({ page }) => {
    const { student, dialog } = await newStudent(page);
    // Nothing scrolls sideways, and nothing in the dialog sticks out past the screen's edges.
    const scrollsSideways = () =>
      page.evaluate(() => {
        const dialogEl = document.querySelector('[role="dialog"]')!;
        const scrolls = [document.documentElement, dialogEl, ...dialogEl.querySelectorAll("*")].filter(
          (el) => el.scrollWidth > el.clientWidth + 1 && (el === document.documentElement || getComputedStyle(el).overflowX !== "hidden"),
        );
        const sticksOut = [...dialogEl.querySelectorAll("*")].filter((el) => {
          const box = el.getBoundingClientRect();
          return box.width > 1 && (box.left < -1 || box.right > window.innerWidth + 1);
        });
        return [...scrolls, ...sticksOut].map((el) => el.outerHTML.slice(0, 120));
      });
    expect(await scrollsSideways()).toEqual([]);
    const save = dialog.getByRole("button", { name: "Save Classes" });
    await expect(save).toBeInViewport();

    // The first period's name has the focus when the dialog opens.
    await expect(className(dialog, 1)).toBeFocused();
    await page.keyboard.type("Algebra");
    await page.keyboard.press("Tab");
    await expect(period(dialog, 1).getByRole("switch", { name: "Semester" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(period(dialog, 1).getByRole("button", { name: "Double Block" })).toBeFocused();
    await page.keyboard.press("Tab"); // Triple Block
    await page.keyboard.press("Tab");
    await expect(className(dialog, 2)).toBeFocused();
    await page.keyboard.type("Biology");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Space"); // Double Block on period 2
    await expect(period(dialog, 3)).toContainText("Period 3 occupied by double block");
    await page.keyboard.press("Tab"); // Triple Block
    await page.keyboard.press("Tab");
    await expect(className(dialog, 4)).toBeFocused();
    // Enter goes on to the next period's name (past the covered one), never saves half a schedule.
    for (const [n, name] of [
      [4, "English"],
      [5, "World History"],
      [6, "Spanish"],
      [7, "Art"],
    ] as const) {
      await expect(className(dialog, n)).toBeFocused();
      await page.keyboard.type(name);
      await page.keyboard.press("Enter");
    }
    await page.keyboard.type("Music");
    await page.keyboard.press("Enter");
    await expect(dialog.getByRole("button", { name: "Add Another Class" })).toBeFocused();
    expect(await storedClasses(student)).toEqual([]);
    await expect(className(dialog, 9)).toHaveCount(0);
    await expect(save).toBeInViewport();
    expect(await scrollsSideways()).toEqual([]);

    // The keyboard opens: the field being typed in stays visible.
    await className(dialog, 8).focus();
    await page.setViewportSize({ width: 320, height: 300 });
    await expect(className(dialog, 8)).toBeInViewport();
    await expect(save).toBeInViewport();
    await page.setViewportSize({ width: 320, height: 640 });

    // Save by keyboard: from Add Another Class, past Cancel.
    await dialog.getByRole("button", { name: "Add Another Class" }).focus();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(save).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(toast(page, "Success!", "Your classes have been saved successfully.")).toBeVisible();
    expect(await storedClasses(student)).toEqual([
      "Algebra",
      "Biology (Double Block)",
      "English",
      "World History",
      "Spanish",
      "Art",
      "Music",
    ]);
  });

  test("toggle targets are large enough for a thumb", async ({ page }) => {
    const { dialog } = await newStudent(page);
    // Measured once the dialog's zoom-in has ended: mid-animation every box is scaled down.
    await dialog.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
    // The Semester switch is tapped through its whole labelled box.
    const targets = [
      ...(await period(dialog, 7).getByRole("button").all()),
      period(dialog, 7)
        .locator("label")
        .filter({ has: page.getByRole("switch") }),
    ];
    for (const target of targets) {
      const box = await target.boundingBox();
      expect(box?.height ?? 0, await target.innerText()).toBeGreaterThanOrEqual(44);
    }
    await period(dialog, 7).getByText("Full Year", { exact: true }).click();
    await expect(period(dialog, 7).getByRole("switch", { name: "Semester" })).toBeChecked();
  });
});

test.describe("accessibility of the class editor (axe-core, WCAG 2.1 AA)", () => {
  test.use({ reducedMotion: "reduce" });

  test("finds nothing on the editor with a block, a semester pair, lunch and an error", async ({ page }) => {
    const { dialog } = await newStudent(page);
    await period(dialog, 1).getByRole("switch", { name: "Semester" }).click();
    await period(dialog, 2).getByRole("button", { name: "Double Block" }).click();
    await period(dialog, 5).getByRole("button", { name: "Set as Lunch" }).click();
    await dialog.getByRole("button", { name: "Save Classes" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Please add at least 6 classes to create your schedule");
    await expectNoAxeViolations(page, "the class editor showing its error");
  });
});
