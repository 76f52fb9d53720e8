import { expectNoAxeViolations } from "./axe";
import type { Locator, Page } from "@playwright/test";
import { e2eDb, expect, PASSWORD, type SeededUser, seedUser, signIn, test } from "./fixtures";
import { endSessions, toast } from "./task-helpers";

const setupDialog = (page: Page) => page.getByRole("dialog", { name: "Complete Your Setup" });
const editDialog = (page: Page) => page.getByRole("dialog", { name: "Edit Classes" });
/** One period of the editor: a group named "Period N". */
const period = (dialog: Locator, n: number) => dialog.getByRole("group", { name: `Period ${n}`, exact: true });
const className = (dialog: Locator, n: number) => period(dialog, n).getByRole("textbox", { name: "Class name" });

async function storedClasses(user: SeededUser): Promise<string[]> {
  const row = await e2eDb().selectFrom("users").select("user_classes").where("id", "=", user.id).executeTakeFirstOrThrow();
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

test.describe("first class setup", () => {
  test("a student who has just created an account is asked to set up their classes", async ({ page }) => {
    await page.goto("/auth?mode=register");
    await page.getByLabel("First Name").fill("Noor");
    await page.getByLabel("Last Name").fill("Haddad");
    await page.getByLabel("Email").fill(`e2e-classes-${Date.now()}-${Math.random().toString(16).slice(2)}@example.com`);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page).toHaveURL(/\/$/);
    const dialog = setupDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "Complete Your Setup" })).toBeVisible();
    await expect(className(dialog, 1)).toBeFocused();
  });

  test("opens by itself; a double block, a semester pair and lunch are saved, and the task dialog offers the classes with their periods", async ({
    page,
  }) => {
    const { student, dialog } = await newStudent(page);
    await expect(dialog.getByRole("group", { name: /^Period \d+$/ })).toHaveCount(8);

    await period(dialog, 1).getByRole("switch", { name: "Semester" }).click();
    await expect(period(dialog, 1).getByRole("switch", { name: "Semester" })).toBeChecked();
    await period(dialog, 1).getByRole("textbox", { name: "Semester 1" }).fill("Health");
    await period(dialog, 1).getByRole("textbox", { name: "Semester 2" }).fill("Driver Ed");

    await className(dialog, 2).fill("Biology");
    await period(dialog, 3).getByRole("textbox").fill("Will be covered");
    await period(dialog, 2).getByRole("button", { name: "Double Block" }).click();
    await expect(period(dialog, 2).getByRole("button", { name: "Double Block" })).toHaveAttribute("aria-pressed", "true");
    await expect(period(dialog, 3)).toContainText("Period 3 occupied by double block");
    await expect(period(dialog, 3).getByRole("textbox")).toHaveCount(0);

    await fillPeriods(dialog, { 4: "English", 6: "World History", 7: "Art", 8: "Spanish" });
    await period(dialog, 5).getByRole("button", { name: "Set as Lunch" }).click();
    await expect(className(dialog, 5)).toHaveValue("Lunch");
    await expect(period(dialog, 5).getByRole("button", { name: "Set as Lunch" })).toHaveAttribute("aria-pressed", "true");

    await dialog.getByRole("button", { name: "Save Classes" }).click();
    await expect(toast(page, "Success!", "Your classes have been saved successfully.")).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(await storedClasses(student)).toEqual(THE_SCHEDULE);
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
    await expect(page.getByRole("heading", { level: 2, name: /^Good (morning|afternoon|evening), Maya$/ })).toBeVisible();
    await expect(setupDialog(page)).toHaveCount(0);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes("class-setup")))).toEqual([]);
  });

  test("the draft survives a reload and comes back exactly as left", async ({ page }) => {
    const { student, dialog } = await newStudent(page);
    await fillPeriods(dialog, { 1: "Algebra", 2: "Chemistry" });
    await period(dialog, 2).getByRole("button", { name: "Triple Block" }).click();
    await period(dialog, 7).getByRole("switch", { name: "Semester" }).click();
    await period(dialog, 7).getByRole("textbox", { name: "Semester 2" }).fill("Ceramics");

    await page.reload();
    const again = setupDialog(page);
    await expect(again).toBeVisible();
    await expect(className(again, 1)).toHaveValue("Algebra");
    await expect(className(again, 2)).toHaveValue("Chemistry");
    await expect(period(again, 2).getByRole("button", { name: "Triple Block" })).toHaveAttribute("aria-pressed", "true");
    await expect(period(again, 4)).toContainText("Period 4 occupied by triple block");
    await expect(period(again, 7).getByRole("textbox", { name: "Semester 2" })).toHaveValue("Ceramics");
    expect(await storedClasses(student)).toEqual([]);
  });

  test("fewer than 6 classes, or duplicates, are refused with the messages and nothing is saved", async ({ page }) => {
    const { student, dialog } = await newStudent(page);
    await fillPeriods(dialog, { 1: "Algebra", 2: "Biology", 3: "Chemistry", 4: "English", 5: "History" });
    await dialog.getByRole("button", { name: "Save Classes" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Please add at least 6 classes to create your schedule");
    // Focus goes where the fix is: the first empty period.
    await expect(className(dialog, 6)).toBeFocused();

    await fillPeriods(dialog, { 6: "algebra " });
    await expect(dialog.getByRole("alert")).toHaveText("Please remove duplicate class names.");
    await expect(className(dialog, 1)).toHaveAttribute("aria-invalid", "true");
    await expect(className(dialog, 6)).toHaveAttribute("aria-invalid", "true");
    await expect(className(dialog, 6)).toHaveAccessibleDescription("Please remove duplicate class names.");
    await expect(className(dialog, 2)).toHaveAttribute("aria-invalid", "false");
    await dialog.getByRole("button", { name: "Save Classes" }).click();
    await expect(className(dialog, 1)).toBeFocused();
    await expect(dialog).toBeVisible();
    expect(await storedClasses(student)).toEqual([]);

    await fillPeriods(dialog, { 6: "Spanish" });
    await expect(dialog.getByRole("alert")).toHaveText("");
    await dialog.getByRole("button", { name: "Save Classes" }).click();
    await expect(toast(page, "Success!", "Your classes have been saved successfully.")).toBeVisible();
    expect(await storedClasses(student)).toEqual(["Algebra", "Biology", "Chemistry", "English", "History", "Spanish"]);
  });

  test("a session that expired while typing loses nothing: the draft is back after signing in", async ({ page }) => {
    const { student, dialog } = await newStudent(page);
    await fillPeriods(dialog, { 1: "Algebra", 2: "Biology", 3: "Chemistry", 4: "English", 5: "History", 6: "Spanish" });
    await period(dialog, 2).getByRole("button", { name: "Double Block" }).click();
    await className(dialog, 7).fill("Art");

    await endSessions(student);
    await dialog.getByRole("button", { name: "Save Classes" }).click();
    await expect(toast(page, "Error", "Session expired. Your classes are kept: sign in again to save them.")).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    expect(await storedClasses(student)).toEqual([]);

    await page.getByRole("textbox", { name: "Email" }).fill(student.email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    const again = setupDialog(page);
    await expect(again).toBeVisible();
    await expect(className(again, 2)).toHaveValue("Biology");
    await expect(period(again, 3)).toContainText("Period 3 occupied by double block");
    await again.getByRole("button", { name: "Save Classes" }).click();
    await expect(toast(page, "Success!", "Your classes have been saved successfully.")).toBeVisible();
    expect(await storedClasses(student)).toEqual(["Algebra", "Biology (Double Block)", "English", "History", "Spanish", "Art"]);
  });

  test("a draft is never shown to another student on the same computer", async ({ page }) => {
    const { student, dialog } = await newStudent(page);
    await fillPeriods(dialog, { 1: "Private Tutoring" });
    await page.context().clearCookies();
    await signIn(page, await seedUser({ userClasses: [] }));
    await page.goto("/");
    await expect(setupDialog(page)).toBeVisible();
    await expect(className(setupDialog(page), 1)).toHaveValue("");

    // Nor overwritten by them: the first student finds it on their next sign-in.
    await page.context().clearCookies();
    await signIn(page, student);
    await page.goto("/");
    await expect(className(setupDialog(page), 1)).toHaveValue("Private Tutoring");
  });

  test("periods: up to 12, remove buttons from the 7th on, and no block past the last period", async ({ page }) => {
    const { dialog } = await newStudent(page);
    const add = dialog.getByRole("button", { name: "Add Another Class" });
    for (let n = 9; n <= 12; n++) {
      await add.click();
      await expect(dialog.getByRole("group", { name: /^Period \d+$/ })).toHaveCount(n);
      // The new period's name field takes the focus.
      await expect(className(dialog, n)).toBeFocused();
    }
    await expect(add).toHaveCount(0);

    for (let n = 1; n <= 6; n++) await expect(period(dialog, n).getByRole("button", { name: /^Remove period/ })).toHaveCount(0);
    for (let n = 7; n <= 12; n++) await expect(period(dialog, n).getByRole("button", { name: `Remove period ${n}` })).toBeVisible();

    const triple = period(dialog, 11).getByRole("button", { name: "Triple Block" });
    await expect(triple).toBeDisabled();
    await expect(triple).toHaveAccessibleDescription("A triple block can't run past the last period.");
    await triple.click({ force: true });
    await expect(triple).toHaveAttribute("aria-pressed", "false");
    await expect(period(dialog, 12)).toHaveCount(1);
    await expect(period(dialog, 12).getByRole("textbox")).toBeVisible();

    await period(dialog, 12).getByRole("button", { name: "Remove period 12" }).click();
    await expect(dialog.getByRole("group", { name: /^Period \d+$/ })).toHaveCount(11);
    await expect(add).toBeVisible();

    await className(dialog, 7).fill("Seventh");
    await className(dialog, 8).fill("Eighth");
    await period(dialog, 7).getByRole("button", { name: "Remove period 7" }).click();
    await expect(className(dialog, 7)).toHaveValue("Eighth");
    await expect(className(dialog, 7)).toBeFocused();
    while ((await dialog.getByRole("group", { name: /^Period \d+$/ }).count()) > 6) {
      await period(dialog, 7).getByRole("button", { name: "Remove period 7" }).click();
    }
    await expect(dialog.getByRole("button", { name: /^Remove period/ })).toHaveCount(0);
    // Lunch needs more than 6 periods.
    await expect(dialog.getByRole("button", { name: "Set as Lunch" })).toHaveCount(0);
  });

  test("turning a block off gives the covered periods back what they held", async ({ page }) => {
    const { dialog } = await newStudent(page);
    await fillPeriods(dialog, { 3: "Chemistry", 4: "English", 5: "History" });
    await period(dialog, 3).getByRole("button", { name: "Triple Block" }).click();
    await expect(period(dialog, 4)).toContainText("Period 4 occupied by triple block");
    await expect(period(dialog, 5)).toContainText("Period 5 occupied by triple block");
    // One span at a time: Double replaces Triple.
    await period(dialog, 3).getByRole("button", { name: "Double Block" }).click();
    await expect(period(dialog, 3).getByRole("button", { name: "Triple Block" })).toHaveAttribute("aria-pressed", "false");
    await expect(className(dialog, 5)).toHaveValue("History");
    await period(dialog, 3).getByRole("button", { name: "Double Block" }).click();
    await expect(className(dialog, 4)).toHaveValue("English");
  });
});

test.describe("editing classes from Settings", () => {
  test("opens prefilled exactly as saved; fewer than 4 classes shows the message; an edit is saved with PUT", async ({ page }) => {
    const student = await seedUser({ userClasses: THE_SCHEDULE });
    await signIn(page, student);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 2, name: /^Good/ })).toBeVisible();
    await expect(setupDialog(page)).toHaveCount(0);

    await page.getByRole("complementary", { name: "Sidebar" }).getByRole("button", { name: "Settings" }).click();
    await page.getByRole("dialog", { name: "Settings" }).getByRole("button", { name: "Edit Classes" }).click();
    const dialog = editDialog(page);
    await expect(dialog).toBeVisible();
    await expect(period(dialog, 1).getByRole("textbox", { name: "Semester 1" })).toHaveValue("Health");
    await expect(period(dialog, 1).getByRole("textbox", { name: "Semester 2" })).toHaveValue("Driver Ed");
    await expect(className(dialog, 2)).toHaveValue("Biology");
    await expect(period(dialog, 2).getByRole("button", { name: "Double Block" })).toHaveAttribute("aria-pressed", "true");
    await expect(period(dialog, 3)).toContainText("Period 3 occupied by double block");
    await expect(className(dialog, 4)).toHaveValue("English");
    await expect(period(dialog, 5).getByRole("button", { name: "Set as Lunch" })).toHaveAttribute("aria-pressed", "true");
    await expect(className(dialog, 8)).toHaveValue("Spanish");

    // Saved unchanged, it is the same list: the editor reads back exactly what it writes.
    const requests: string[] = [];
    page.on("request", (r) => r.url().endsWith("/api/user/classes") && requests.push(r.method()));
    await dialog.getByRole("button", { name: "Save Classes" }).click();
    await expect(toast(page, "Success!", "Your classes have been updated successfully.")).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(await storedClasses(student)).toEqual(THE_SCHEDULE);
    await skipSchoolDay(page);
    await page.getByRole("complementary", { name: "Sidebar" }).getByRole("button", { name: "Settings" }).click();
    await page.getByRole("dialog", { name: "Settings" }).getByRole("button", { name: "Edit Classes" }).click();
    await expect(dialog).toBeVisible();

    for (const n of [2, 4, 6, 7, 8]) await className(dialog, n).fill("");
    await period(dialog, 1).getByRole("switch", { name: "Semester" }).click();
    await expect(period(dialog, 1).getByRole("switch", { name: "Semester" })).not.toBeChecked();
    await dialog.getByRole("button", { name: "Save Classes" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Please add at least 4 classes to update your schedule");
    expect(await storedClasses(student)).toEqual(THE_SCHEDULE);

    await fillPeriods(dialog, { 2: "Physics", 4: "Geometry", 6: "Latin" });
    await dialog.getByRole("button", { name: "Save Classes" }).click();
    await expect(toast(page, "Success!", "Your classes have been updated successfully.")).toBeVisible();
    await expect(dialog).toBeHidden();
    await skipSchoolDay(page);
    expect(requests).toEqual(["PUT", "PUT"]);
    expect(await storedClasses(student)).toEqual(["Health", "Physics (Double Block)", "Geometry", "Lunch", "Latin"]);
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
