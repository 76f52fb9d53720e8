import type { Locator } from "@playwright/test";
import fs from "node:fs/promises";
import { expectNoAxeViolations } from "./axe";
import { e2eDb, expect, seedUser, signIn, test, type SeededUser, openSettings } from "./fixtures";
import { schoolDate } from "./task-helpers";

// Issue 32's items 5, 8 and 11, found trying every screen as a student would, at the size where
// each shows (each test failed before its fix).

/** Buttons and links in `scope` whose label runs past (or is cut at) their own edges. */
async function labelsThatDoNotFit(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) =>
    [...root.querySelectorAll<HTMLElement>("button, a")]
      .filter(
        (control) =>
          control.checkVisibility() && (control.scrollWidth > control.clientWidth + 1 || control.scrollHeight > control.clientHeight + 1),
      )
      .map((control) => control.textContent!.trim()),
  );
}

const BELL_TIMES = Array.from({ length: 8 }, (_, i) => {
  const start = 8 * 60 + i * 55;
  const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
  return { period: i + 1, start: hhmm(start), end: hhmm(start + 50) };
});

/** A student with the 8 default classes (periods 1-8, 50 minutes from 8:00), Monday to Friday, whose today is a day off. */
async function studentWithTodayOff(label: string): Promise<{ student: SeededUser; today: string }> {
  const student = await seedUser();
  const today = schoolDate();
  const schedule = {
    bellTimes: BELL_TIMES,
    schoolDays: ["monday", "tuesday", "wednesday", "thursday", "friday"],
    daysOff: [{ from: today, to: today, label }],
  };
  await e2eDb()
    .updateTable("users")
    .set({ school_schedule: JSON.stringify(schedule) })
    .where("id", "=", student.id)
    .execute();
  return { student, today };
}

for (const viewport of [
  { width: 320, height: 640 },
  { width: 375, height: 740 },
]) {
  test.describe(`Settings at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("every label fits its button, and Download my calendar (.ics) downloads the calendar", async ({ signedInPage: page }) => {
      await page.goto("/");
      const settings = await openSettings(page, true);
      await settings.getByRole("button", { name: "Turn On Calendar Feed" }).click();
      await expect(settings.getByRole("link", { name: "Subscribe (Apple, Outlook)" })).toBeVisible();
      expect(await labelsThatDoNotFit(settings)).toEqual([]);

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        settings.getByRole("link", { name: "Download my calendar (.ics)" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^student-hub-\d{4}-\d{2}-\d{2}\.ics$/);
      expect(await fs.readFile((await download.path())!, "utf8")).toMatch(/^BEGIN:VCALENDAR/);
    });
  });
}

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`on a 375 px phone, ${colorScheme} theme`, () => {
    test.use({ viewport: { width: 375, height: 740 }, colorScheme });

    test("Settings' data and feed sections are clean for axe", async ({ signedInPage: page }) => {
      await page.goto("/");
      const settings = await openSettings(page, true);
      await settings.getByRole("button", { name: "Turn On Calendar Feed" }).click();
      await expect(settings.getByRole("link", { name: "Download my calendar (.ics)" })).toBeVisible();
      await expectNoAxeViolations(page, `Settings at 375 px, ${colorScheme} theme`);
    });

    test("a day off shows as a marker named by its title on the month grid, clean for axe", async ({ page }) => {
      const { student, today } = await studentWithTodayOff("Thanksgiving Break");
      await signIn(page, student);
      await page.goto("/#calendar");
      const cell = page.locator(`[data-date="${today}"]`);
      await expect(cell.getByTestId("day-off-marker")).toBeVisible();
      await expect(cell.getByTestId("day-off-marker")).toHaveAttribute("title", "Thanksgiving Break");
      await expect(cell.getByTestId("day-note")).toBeHidden();
      await expect(cell.getByRole("gridcell").or(cell)).toContainText("Thanksgiving Break"); // the spoken name
      await expectNoAxeViolations(page, `the month grid with a day off, ${colorScheme} theme`);
    });
  });
}

test.describe("small words at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the A/B anchor reads an A day and a B day", async ({ signedInPage: page }) => {
    await page.goto("/");
    const settings = await openSettings(page, true);
    await settings.getByRole("button", { name: "School Day" }).click();
    const step = page.getByRole("dialog", { name: "School Day" });
    await step.getByLabel("Timetable").selectOption("ab");
    await expect(step.locator("select option")).toContainText(["an A day", "a B day"]);
    await expect(step.getByText("an B day")).toHaveCount(0);
  });

  test("Today's Schedule stays on one line beside Add Event", async ({ signedInPage: page }) => {
    await page.goto("/");
    const region = page.getByRole("region", { name: "Today's Schedule" });
    const title = region.getByRole("heading", { name: "Today's Schedule" });
    const add = region.getByRole("button", { name: "Add Event" });
    await expect(add).toBeVisible();
    const [titleBox, addBox] = [(await title.boundingBox())!, (await add.boundingBox())!];
    const lineHeight = await title.evaluate(
      (el) => parseFloat(getComputedStyle(el).lineHeight) || parseFloat(getComputedStyle(el).fontSize) * 1.25,
    );
    expect(titleBox.height).toBeLessThan(lineHeight * 1.5);
    expect(titleBox.x + titleBox.width).toBeLessThanOrEqual(addBox.x);
  });

  test("Home's next school day says how many more classes meet than it lists", async ({ page }) => {
    const { student } = await studentWithTodayOff("Teacher workday");
    await signIn(page, student);
    await page.goto("/");
    const next = page.getByRole("group", { name: "Next school day" });
    await expect(next.getByRole("listitem")).toHaveText(["8:00 AM · Mathematics", "8:55 AM · Science", "9:50 AM · History", "+5 more"]);
  });
});

test.describe("at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("a day off's whole name shows in its month-grid cell", async ({ page }) => {
    const { student, today } = await studentWithTodayOff("Thanksgiving Break");
    await signIn(page, student);
    await page.goto("/#calendar");
    const note = page.locator(`[data-date="${today}"]`).getByTestId("day-note");
    await expect(note).toHaveText("Thanksgiving Break");
    await expect(page.locator(`[data-date="${today}"]`).getByTestId("day-off-marker")).toBeHidden();
    const cut = await note.evaluate((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
    expect(cut, "the name is cut short").toBe(false);
  });

  test("a long school email breaks only after its @ and its dots", async ({ page }) => {
    const email = `aiden.anderson${Date.now() % 1000}@students.lincolnhs.org`;
    const student = await seedUser({ email, firstName: "Aiden", lastName: "Anderson" });
    await signIn(page, student);
    await page.goto("/");
    const shown = page.getByRole("complementary", { name: "Sidebar" }).getByText(email);
    await expect(shown).toBeVisible();
    // The text's lines, read from where each character is drawn.
    const lines = await shown.evaluate((p) => {
      const text = p.textContent!;
      const range = document.createRange();
      const rows: string[] = [];
      let top: number | null = null;
      let offset = 0;
      for (const node of [...p.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE)) {
        for (let i = 0; i < node.textContent!.length; i++, offset++) {
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const y = Math.round(range.getBoundingClientRect().top);
          if (top === null || y > top + 2) rows.push("");
          top = y;
          rows[rows.length - 1] = `${rows.at(-1) ?? ""}${text.charAt(offset)}`;
        }
      }
      return rows;
    });
    expect(lines.join("")).toBe(email);
    expect(lines.length).toBeGreaterThan(1); // the sidebar is narrower than the address
    for (const line of lines.slice(0, -1)) expect(line).toMatch(/[@.]$/);
  });
});

test.describe("focus on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test("closing the day a tap opened puts the focus back on that day", async ({ signedInPage: page }) => {
    await page.goto("/#calendar");
    const today = page.locator(`[data-date="${schoolDate()}"]`);
    await today.tap();
    const detail = page.getByRole("dialog");
    await expect(detail).toBeVisible();
    await detail.getByRole("button", { name: "Close" }).first().tap();
    await expect(detail).toBeHidden();
    await expect(today).toBeFocused();
  });

  test("closing the setup dialog that opened by itself puts the focus on the current tab", async ({ page }) => {
    const student = await seedUser({ userClasses: [] });
    await signIn(page, student);
    await page.goto("/");
    const setup = page.getByRole("dialog", { name: "Complete Your Setup" });
    await expect(setup).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(setup).toBeHidden();
    await expect(page.getByRole("tab", { name: "Home", selected: true })).toBeFocused();
  });
});
