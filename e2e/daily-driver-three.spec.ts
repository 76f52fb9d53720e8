import type { Locator } from "@playwright/test";
import fs from "node:fs/promises";
import { expectNoAxeViolations } from "./axe";
import { e2eDb, expect, seedUser, signIn, test, type SeededUser, openSettings } from "./fixtures";
import { schoolDate } from "./task-helpers";

// Issue 32's items 5, 8 and 11, found trying every screen as a student would, at the size where
// each shows (each test failed before its fix). What only a browser shows is here: layout, a
// download, axe. The words and focus are component tests (docs/decisions/120): the A/B anchor in
// client/features/classes/components/school-day-step.daily-driver.test.tsx; Home's next school day
// and the focus after the day dialog and the setup dialog in
// client/app/screens/dashboard/home-tab.daily-driver.test.tsx.

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

/**
 * A student with the 8 default classes (periods 1-8, 50 minutes from 8:00), Monday to Friday, whose
 * today is a day off.
 */
async function studentWithTodayOff(
  label: string,
  overrides: Parameters<typeof seedUser>[0] = {},
): Promise<{ student: SeededUser; today: string }> {
  const student = await seedUser(overrides);
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

test.describe("on a 375 px phone, then a 320 px one", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("Today's Schedule stays on one line beside Add Event; every label of Settings fits its button; Download my calendar (.ics) downloads the calendar", async ({
    signedInPage: page,
  }) => {
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

    const settings = await openSettings(page, true);
    await settings.getByRole("button", { name: "Turn On Calendar Feed" }).click();
    await expect(settings.getByRole("link", { name: "Subscribe (Apple, Outlook)" })).toBeVisible();
    expect(await labelsThatDoNotFit(settings), "at 375 px").toEqual([]);
    await page.setViewportSize({ width: 320, height: 640 });
    await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(320);
    expect(await labelsThatDoNotFit(settings), "at 320 px").toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      settings.getByRole("link", { name: "Download my calendar (.ics)" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^student-hub-\d{4}-\d{2}-\d{2}\.ics$/);
    expect(await fs.readFile((await download.path())!, "utf8")).toMatch(/^BEGIN:VCALENDAR/);
  });
});

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`on a 375 px phone, ${colorScheme} theme`, () => {
    test.use({ viewport: { width: 375, height: 740 }, colorScheme });

    test("Settings' data and feed sections, and a day off shown as a marker named by its title on the month grid, are clean for axe", async ({
      page,
    }) => {
      const { student, today } = await studentWithTodayOff("Thanksgiving Break");
      await signIn(page, student);
      await page.goto("/");
      const settings = await openSettings(page, true);
      await settings.getByRole("button", { name: "Turn On Calendar Feed" }).click();
      await expect(settings.getByRole("link", { name: "Download my calendar (.ics)" })).toBeVisible();
      await expectNoAxeViolations(page, `Settings at 375 px, ${colorScheme} theme`);

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

test.describe("at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("a long school email breaks only after its @ and its dots, and a day off's whole name shows in its month-grid cell", async ({
    page,
  }) => {
    const email = `aiden.anderson${Date.now() % 1000}@students.lincolnhs.org`;
    const { student, today } = await studentWithTodayOff("Thanksgiving Break", { email, firstName: "Aiden", lastName: "Anderson" });
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

    await page.goto("/#calendar");
    const note = page.locator(`[data-date="${today}"]`).getByTestId("day-note");
    await expect(note).toHaveText("Thanksgiving Break");
    await expect(page.locator(`[data-date="${today}"]`).getByTestId("day-off-marker")).toBeHidden();
    const cut = await note.evaluate((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
    expect(cut, "the name is cut short").toBe(false);
  });
});
