import { screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { event } from "@core/test/builders";
import { student } from "@/test/fake-server";
import { renderApp } from "@/test/render";
import { loadTaskScreens, MONDAY_10_AM, pretendDisplayed, quickUser, TODAY } from "@/test/tasks";

// Moved from e2e/focus-return.spec.ts (docs/decisions/120): closing Settings, Edit Classes, the
// phone's drawer and the calendar's day detail puts the keyboard focus back on what opened them
// (docs/product.md#dialogs-and-focus).

beforeAll(loadTaskScreens);
pretendDisplayed();

async function openDashboard(path = "/", width = 1280) {
  const rendered = await renderApp(path, { user: student(), width, now: MONDAY_10_AM });
  return { ...rendered, user: quickUser() };
}

const closed = (dialog: HTMLElement) => waitFor(() => expect(dialog).not.toBeInTheDocument());
const sidebarSettings = async () =>
  within(await screen.findByRole("complementary", { name: "Sidebar" })).getByRole("button", { name: "Settings" });

describe("focus after a dialog of the dashboard closes", () => {
  it("Settings closed with Escape gives the focus back to the sidebar's Settings button", async () => {
    const { user } = await openDashboard();
    const opener = await sidebarSettings();
    await user.click(opener);
    const settings = await screen.findByRole("dialog", { name: "Settings" });
    await within(settings).findByRole("button", { name: "Edit Classes" });
    await user.keyboard("{Escape}");
    await closed(settings);
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it("the day detail, and an event edited from it, give the focus back to the day", async () => {
    const { user, server } = await openDashboard("/#calendar");
    server.events = [event({ id: 9, title: "Chess club", date: TODAY, time: "15:30" })];
    const cell = await waitFor(() => {
      const found = screen.getAllByRole("gridcell").find((day) => day.textContent?.includes("Chess club"));
      if (!found) throw new Error("No day shows Chess club");
      return found;
    });
    await user.click(cell);
    let detail = await screen.findByRole("dialog", { name: "November 30, 2026" });
    await user.keyboard("{Escape}");
    await closed(detail);
    await waitFor(() => expect(cell).toHaveFocus());

    await user.click(cell);
    detail = await screen.findByRole("dialog", { name: "November 30, 2026" });
    await user.click(within(detail).getByRole("button", { name: "Edit Chess club" }));
    const form = await screen.findByRole("dialog", { name: "Edit Event" });
    expect(within(form).getByRole("textbox", { name: "Event Title" })).toHaveValue("Chess club");
    await user.keyboard("{Escape}");
    await closed(form);
    await waitFor(() => expect(cell).toHaveFocus());
  });
});

describe("focus after the phone's drawer closes", () => {
  it("the drawer closed with Escape gives the focus back to Open menu", async () => {
    const { user } = await openDashboard("/", 375);
    const menu = await screen.findByRole("button", { name: "Open menu" });
    await user.click(menu);
    const drawer = await screen.findByRole("dialog", { name: "Menu" });
    expect(within(drawer).getByRole("button", { name: "Settings" })).toBeVisible();
    await user.keyboard("{Escape}");
    await closed(drawer);
    expect(menu).toHaveFocus();
  });

  it("Settings opened from the drawer gives the focus back to Open menu when it closes", async () => {
    const { user } = await openDashboard("/", 375);
    const menu = await screen.findByRole("button", { name: "Open menu" });
    await user.click(menu);
    const drawer = await screen.findByRole("dialog", { name: "Menu" });
    await user.click(within(drawer).getByRole("button", { name: "Settings" }));
    const settings = await screen.findByRole("dialog", { name: "Settings" });
    await closed(drawer);
    await user.keyboard("{Escape}");
    await closed(settings);
    await waitFor(() => expect(menu).toHaveFocus());
  });
});
