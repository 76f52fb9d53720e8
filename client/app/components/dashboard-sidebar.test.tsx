import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { task } from "@core/test/builders";
import { student } from "@/test/fake-server";
import { renderApp } from "@/test/render";

// Moved from e2e/daily-driver.spec.ts (docs/decisions/120): the desktop sidebar's tabs and their
// overdue count. Where the sidebar sits, and that no floating add button shows there (CSS), stay in
// the browser. Monday 30 November 2026 at the school.

describe("on a desktop", () => {
  it("the Tasks tab in the sidebar counts the overdue tasks, says so to screen readers, and opens the list", async () => {
    const { server, user } = await renderApp("/", { user: student(), now: "2026-11-30T10:00:00-05:00", width: 1280 });
    server.tasks = [
      task({ title: "Late one", dueDate: "2026-11-29" }),
      task({ title: "Late two", dueDate: "2026-11-27" }),
      task({ title: "Done late", dueDate: "2026-11-28", completed: true }),
      task({ title: "Upcoming", dueDate: "2026-12-02" }),
    ];
    const sidebar = await screen.findByRole("complementary", { name: "Sidebar" });
    const tabs = within(sidebar).getByRole("tablist", { name: "Dashboard sections" });
    const tasksTab = within(tabs).getByRole("tab", { name: "Tasks" });
    expect(await within(tabs).findByRole("tab", { name: "Tasks", description: "2 overdue" })).toBe(tasksTab);
    expect(tasksTab).toHaveTextContent("2");

    await user.click(tasksTab);
    expect(await screen.findByRole("heading", { name: "Assignment To-Do List" })).toBeVisible();
  });
});
