import type { Page } from "@playwright/test";
import { expect, seedUser, signIn, test } from "./fixtures";
import { openTasksTab, schoolDate, toast } from "./task-helpers";

// Issue 14's defects found trying the app as a new user would (they failed before the fix): what
// only a browser shows. The overdue count, the start-up screen's Retry Connection and the changed
// password's toast are component tests (client/app/components/dashboard-sidebar.test.tsx,
// loading-screen.test.tsx, client/app/screens/password-reset.test.tsx, docs/decisions/120).

test.describe("on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("toasts rise from the bottom and never cover the top bar's menu button", async ({ signedInPage: page }) => {
    await openTasksTab(page);
    await page.getByRole("button", { name: "Add Task" }).first().click();
    const form = page.getByRole("dialog", { name: "Add Task" });
    await form.getByRole("textbox", { name: "Task Title" }).fill("Read chapter 6");
    await form.getByRole("button", { name: "Add Task" }).click();
    const success = toast(page, "Success", "Task created successfully");
    await expect(success).toBeVisible();
    const menu = await page.getByRole("button", { name: "Open menu" }).boundingBox();
    const box = await success.boundingBox();
    expect(menu && box).toBeTruthy();
    expect(box!.y).toBeGreaterThan(menu!.y + menu!.height);
    // The menu button stays usable while the toast shows.
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
  });

  test("Home, Tasks and Calendar sit in a bottom bar with large targets, a floating button adds a task, or an event on the Calendar, and the menu button sits on the left", async ({
    signedInPage: page,
  }) => {
    await page.goto("/");
    const bar = page.getByRole("tablist", { name: "Dashboard sections" });
    const barBox = (await bar.boundingBox())!;
    expect(barBox.y + barBox.height).toBeCloseTo(740, 0);
    expect(barBox.width).toBeCloseTo(375, 0);
    for (const tab of await bar.getByRole("tab").all()) expect((await tab.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    // Nothing scrolls sideways, and the page's end clears the bar.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.getByRole("button", { name: "Add a task", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Add Task" })).toBeVisible();
    await page.keyboard.press("Escape");
    await bar.getByRole("tab", { name: "Calendar" }).click();
    await expect(page).toHaveURL(/#calendar$/);
    await page.getByRole("button", { name: "Add an event", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Add New Event" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Add New Event" })).toBeHidden();

    // The menu button sits on the left, the side the drawer slides in from.
    const menu = await page.getByRole("button", { name: "Open menu" }).boundingBox();
    expect(menu!.x).toBeLessThan(375 / 4);
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await expect(drawer).toBeVisible();
    expect((await drawer.boundingBox())!.x).toBeLessThanOrEqual(1);
  });
});

test("on a desktop the tabs live in the sidebar, which shows a long email in full, wrapped rather than cut, and there is no floating add button", async ({
  page,
}) => {
  // The overdue count on the Tasks tab is a component test (client/app/components/dashboard-sidebar.test.tsx).
  const email = `a.very.long.student.name.${Date.now()}@students.northfield-regional-high.example.org`;
  const student = await seedUser({ email });
  await signIn(page, student);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  const sidebar = page.getByRole("complementary", { name: "Sidebar" });
  const tabs = sidebar.getByRole("tablist", { name: "Dashboard sections" });
  await expect(tabs).toBeVisible();
  const box = (await tabs.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(256);
  const shown = sidebar.getByText(email, { exact: true });
  await expect(shown).toBeVisible();
  expect(await shown.evaluate((el) => el.scrollWidth <= el.clientWidth && getComputedStyle(el).textOverflow !== "ellipsis")).toBe(true);
  await tabs.getByRole("tab", { name: "Tasks", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Assignment To-Do List" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add a task", exact: true })).toBeHidden();
});

test("the due-date picker opens with focus on the selected day, so Enter keeps the date", async ({ signedInPage: page }) => {
  await openTasksTab(page);
  await page.getByRole("button", { name: "Add Task" }).first().click();
  const form = page.getByRole("dialog", { name: "Add Task" });
  await form.getByRole("switch", { name: "Set date and time" }).click();
  const dueDate = form.getByRole("button", { name: /Due Date/ });
  const before = await dueDate.innerText();
  await dueDate.click();
  const grid = page.getByRole("grid");
  await expect(grid).toBeVisible();
  // Focus is on a day of the grid: the selected one (today, the switch's default), not "previous month".
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="grid"]') !== null)).toBe(true);
  const focusedDay = await page.evaluate(() => document.activeElement?.textContent?.trim());
  expect(focusedDay).toBe(String(Number(schoolDate().slice(8))));
  await page.keyboard.press("Enter");
  await expect(grid).toBeHidden();
  expect(await dueDate.innerText()).toBe(before);
  // The time field spans its box, as the date button beside it does.
  const time = form.getByLabel("Due Time (optional)");
  expect(await time.evaluate((el) => getComputedStyle(el).display)).toBe("block");
});

test.describe("dark mode", () => {
  const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  /** The body's lightness, 0 (black) to 1 (white), from its computed colour. */
  const isDark = async (page: Page) =>
    page.evaluate(() => {
      const probe = document.createElement("canvas").getContext("2d")!;
      probe.fillStyle = getComputedStyle(document.body).backgroundColor;
      probe.fillRect(0, 0, 1, 1);
      const [r, g, b] = probe.getImageData(0, 0, 1, 1).data;
      return (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255 < 0.5;
    });

  test.describe("on a device set to dark", () => {
    test.use({ colorScheme: "dark" });

    test("follows the system with no choice made, and Settings can pin Light, kept on this device", async ({ signedInPage: page }) => {
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 2, name: /^Good (morning|afternoon|evening)/ })).toBeVisible();
      expect(await isDark(page)).toBe(true);

      await page.getByRole("complementary", { name: "Sidebar" }).getByRole("button", { name: "Settings" }).click();
      const settings = page.getByRole("dialog", { name: "Settings" });
      const theme = settings.getByRole("group", { name: "Theme" });
      await expect(theme.getByRole("radio", { name: "System" })).toBeChecked();
      await theme.getByText("Light", { exact: true }).click();
      await expect(theme.getByRole("radio", { name: "Light" })).toBeChecked();
      await expect.poll(() => isDark(page)).toBe(false);
      await page.keyboard.press("Escape");

      await page.reload();
      await expect(page.getByRole("heading", { level: 2, name: /^Good/ })).toBeVisible();
      expect(await isDark(page)).toBe(false);
      // The static landing page a visitor sees on this device keeps the choice too.
      const visitor = await page.context().newPage();
      await page.context().clearCookies();
      await visitor.goto("/");
      await expect(visitor.getByRole("heading", { level: 1, name: "Your Student Productivity Hub" })).toBeVisible();
      await expect.poll(() => isDark(visitor)).toBe(false);
    });
  });

  test("Dark in Settings darkens every screen on a light device, and System goes back to it", async ({ signedInPage: page }) => {
    await page.goto("/");
    const light = await background(page);
    expect(await isDark(page)).toBe(false);
    await page.getByRole("complementary", { name: "Sidebar" }).getByRole("button", { name: "Settings" }).click();
    const theme = page.getByRole("dialog", { name: "Settings" }).getByRole("group", { name: "Theme" });
    await theme.getByText("Dark", { exact: true }).click();
    await expect(theme.getByRole("radio", { name: "Dark" })).toBeChecked();
    await expect.poll(() => isDark(page)).toBe(true);
    await theme.getByText("System", { exact: true }).click();
    await expect(theme.getByRole("radio", { name: "System" })).toBeChecked();
    await expect.poll(() => background(page)).toBe(light);
  });
});
