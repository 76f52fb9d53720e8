import { E2E_FEED_SERVER_PORT } from "../playwright.config";
import { startTestFeedServer, type TestFeedServer } from "../server/test/feed-server";
import { CANVAS_CALENDAR_EVENT, canvasFeed } from "../server/test/lms-fixtures";
import { expectNoAxeViolations } from "./axe";
import { dashboardTab, expect, openSettings, test } from "./fixtures";
import { choose, toast } from "./task-helpers";

/** Settings → Import from your LMS (docs/product.md#lms-feeds, decision 117) on a phone, against a loopback LMS. */

let lms: TestFeedServer;
test.beforeAll(async () => {
  lms = await startTestFeedServer(E2E_FEED_SERVER_PORT);
});
test.afterAll(async () => {
  await lms?.close();
});

test.describe("importing homework from the LMS at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("a pasted Canvas feed brings its assignments as tasks and the rest as events, Refresh now follows a change, and a broken address says what happened", async ({
    signedInPage: page,
    user,
  }) => {
    const path = `/canvas-${user.id}.ics`;
    lms.routes.set(path, {
      body: canvasFeed(
        [
          { id: 1, title: "Essay 2: The Crucible", course: "ENGL 101 - English", due: "20261203T045900Z" },
          { id: 2, title: "Lab report", course: "BIO 9 - Biology", due: "20261205" },
        ],
        CANVAS_CALENDAR_EVENT,
      ),
    });
    await page.goto("/");
    const settings = await openSettings(page, true);
    const section = settings.getByRole("region", { name: "Import from your LMS" });
    await section.getByLabel("Feed address").fill(`${lms.origin}${path}?token=private-${user.id}`);
    await section.getByLabel("Name").fill("Canvas");
    await choose(section, page, "Items become", "Only assignments, as tasks");
    await choose(section, page, "Items become", "Assignments as tasks, the rest as events");
    await section.getByRole("button", { name: "Import" }).click();
    await expect(toast(page, "Feed added", "3 items came in")).toBeVisible();
    const feed = section.getByRole("listitem").filter({ hasText: "Canvas" });
    await expect(feed).toContainText("3 items");
    await expect(feed).toContainText(`${lms.origin}/…`);
    await expect(settings).not.toContainText(`private-${user.id}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // Every field fits inside the section (the dialog would clip what runs past it).
    const sectionBox = (await section.boundingBox())!;
    for (const field of [
      section.getByLabel("Feed address"),
      section.getByLabel("Name"),
      section.getByRole("combobox", { name: "Items become" }),
    ]) {
      const box = (await field.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(sectionBox.x + sectionBox.width + 0.5);
    }
    await expectNoAxeViolations(page, "Settings with an LMS feed at 375 px");

    // In Canvas, the essay is renamed and a quiz arrives.
    lms.routes.set(path, {
      body: canvasFeed(
        [
          { id: 1, title: "Essay 2: The Crucible (final draft)", course: "ENGL 101 - English", due: "20261203T045900Z" },
          { id: 2, title: "Lab report", course: "BIO 9 - Biology", due: "20261205" },
          { id: 3, title: "Quiz 3", course: "Algebra I", due: "20261210T140000Z" },
        ],
        CANVAS_CALENDAR_EVENT,
      ),
    });
    await feed.getByRole("button", { name: "Refresh Canvas now" }).click();
    await expect(toast(page, "Feed refreshed", "4 items came in")).toBeVisible();
    await expect(feed).toContainText("4 items");

    // A feed address that answers 404 is refused with the reason, and nothing is added.
    await section.getByLabel("Feed address").fill(`${lms.origin}/missing-${user.id}.ics`);
    await section.getByLabel("Name").fill("Schoology");
    await section.getByRole("button", { name: "Import" }).click();
    await expect(section.getByText("The feed answered 404")).toBeVisible();
    await expect(section.getByRole("listitem")).toHaveCount(1);

    await page.keyboard.press("Escape");
    await dashboardTab(page, "Tasks").click();
    await expect(page.getByText("Essay 2: The Crucible (final draft)")).toBeVisible();
    await expect(page.getByText("Quiz 3", { exact: true })).toBeVisible();
    await expect(page.getByText("Lab report")).toBeVisible();
    await expect(page.getByText("Field trip to the science museum")).toHaveCount(0);
    // The calendar event is an event (at 10:00 in the school's zone), not a task.
    const events = (await (await page.request.get("/api/events")).json()) as { title: string; date: string; time: string | null }[];
    expect(events.map(({ title, date, time }) => ({ title, date, time }))).toEqual([
      { title: "Field trip to the science museum", date: "2026-12-04", time: "10:00" },
    ]);
  });
});
