import type { Response } from "@playwright/test";
import { expect, test } from "./fixtures";
import { openTasksTab, seedTask, seedTasks, toast } from "./task-helpers";

// docs/decisions/066: the client keeps each list with its ETag and sends If-None-Match; an
// unchanged list comes back 304 with no body and the kept copy is shown.
test.describe("Conditional list reads", () => {
  test.use({ reducedMotion: "reduce" });

  test("a refetch of an unchanged list is answered 304 and the list stays; after a change elsewhere the next read has it", async ({
    signedInPage: page,
    user,
  }) => {
    const [essayId] = await seedTasks(user, [{ title: "Essay" }, { title: "Lab report" }]);
    const listReads: Response[] = [];
    page.on("response", (response) => {
      if (new URL(response.url()).pathname === "/api/tasks" && response.request().method() === "GET") listReads.push(response);
    });
    await openTasksTab(page);
    const list = page.getByRole("region", { name: "Tasks", exact: true });
    await expect(list.getByRole("listitem")).toHaveCount(2);
    expect(listReads.map((r) => r.status())).toEqual([200]);
    const etag = await listReads[0]!.headerValue("etag");
    expect(etag).toMatch(/^"tasks-/);

    // The server refuses a completion: the list is refetched, unchanged, so it comes back 304.
    await page.route(`**/api/tasks/${essayId}`, (route) =>
      route.fulfill({ status: 409, json: { message: "This task was changed elsewhere" } }),
    );
    const refetched = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/tasks" && r.request().method() === "GET");
    await page.getByRole("checkbox", { name: "Mark Essay as completed" }).click();
    await expect(toast(page, "Error", "This task was changed elsewhere")).toBeVisible();
    const notModified = await refetched;
    expect(notModified.status()).toBe(304);
    expect(await notModified.request().headerValue("if-none-match")).toBe(etag);
    await expect(page.getByRole("checkbox", { name: "Mark Essay as completed" })).not.toBeChecked();
    await expect(list.getByRole("listitem")).toHaveCount(2);
    await page.unroute(`**/api/tasks/${essayId}`);

    // Another device adds a task; the next change here refetches and gets the new list (200).
    await seedTask(user, { title: "Read chapter 5" });
    const fresh = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/tasks" && r.request().method() === "GET");
    await page.getByRole("checkbox", { name: "Mark Essay as completed" }).click();
    const changed = await fresh;
    expect(changed.status()).toBe(200);
    expect(await changed.request().headerValue("if-none-match")).toBe(etag);
    expect(await changed.headerValue("etag")).not.toBe(etag);
    await expect(list.getByRole("listitem", { name: "Read chapter 5", exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Completed (1)" }).click();
    await expect(list.getByRole("listitem")).toHaveCount(3);
    await expect(page.getByRole("checkbox", { name: "Mark Essay as completed" })).toBeChecked();
  });
});
