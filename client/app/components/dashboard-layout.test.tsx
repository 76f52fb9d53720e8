import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { reply, student } from "@/test/fake-server";
import { findGreeting } from "@/test/classes";
import { renderApp } from "@/test/render";

// Moved from e2e/shell.spec.ts (docs/decisions/120): the dashboard's frame (greeting, tabs and the
// hash, the sidebar or the phone's drawer), the 404 page, who may open /admin, and a sign-out the
// server fails. The browser keeps the sign-out journey against the real server, the CSP, the
// start-up's requests, a lost connection and every layout width.

const tab = (name: "Home" | "Tasks" | "Calendar") =>
  within(screen.getByRole("tablist", { name: "Dashboard sections" })).getByRole("tab", { name });

describe("the dashboard", () => {
  it("greets a signed-in student on /, with the three tabs and their name and email in the sidebar", async () => {
    await renderApp("/", { user: student() });
    expect(await findGreeting("Maya")).toBeVisible();
    expect(
      within(screen.getByRole("tablist", { name: "Dashboard sections" }))
        .getAllByRole("tab")
        .map((t) => t.textContent?.trim()),
    ).toEqual(["Home", "Tasks", "Calendar"]);
    expect(tab("Home")).toHaveAttribute("aria-selected", "true");
    const sidebar = screen.getByRole("complementary", { name: "Sidebar" });
    expect(within(sidebar).getByText("Maya Patel", { exact: true })).toBeVisible();
    expect(within(sidebar).getByText("maya@example.com", { exact: true })).toBeVisible();
    expect(within(sidebar).getByRole("button", { name: "Settings" })).toBeVisible();
    expect(screen.queryByRole("heading", { name: "Your Student Productivity Hub" })).toBeNull();
  });

  it("selects the tab the hash names, writes the hash of the tab chosen, and goes back to the previous tab on Back", async () => {
    const { user } = await renderApp("/#todo", { user: student() });
    await waitFor(() => expect(tab("Tasks")).toHaveAttribute("aria-selected", "true"));
    expect(screen.getByRole("tabpanel", { name: "Tasks" })).toBeVisible();
    expect(await screen.findByRole("heading", { name: "Assignment To-Do List" })).toBeVisible();

    await user.click(tab("Calendar"));
    await waitFor(() => expect(window.location.hash).toBe("#calendar"));
    expect(screen.getByRole("tabpanel", { name: "Calendar" })).toBeVisible();
    expect(screen.queryByRole("heading", { name: "Assignment To-Do List" })).toBeNull();

    // Back returns to the previous tab: the hash is the source of truth.
    window.history.back();
    await waitFor(() => expect(window.location.hash).toBe("#todo"));
    await waitFor(() => expect(tab("Tasks")).toHaveAttribute("aria-selected", "true"));

    await user.click(tab("Home"));
    await waitFor(() => expect(window.location.hash).toBe("#home"));
    expect(screen.getByRole("tabpanel", { name: "Home" })).toBeVisible();
  });

  it.each([
    ["#calendar", "Calendar"],
    ["#nonsense", "Home"],
    // A hash that is not valid percent-encoding is just another unknown hash, not a blank page.
    ["#%", "Home"],
  ] as const)("opens /%s on the %s tab", async (hash, name) => {
    await renderApp(`/${hash}`, { user: student() });
    await waitFor(() => expect(tab(name)).toHaveAttribute("aria-selected", "true"));
    for (const other of (["Home", "Tasks", "Calendar"] as const).filter((n) => n !== name)) {
      expect(tab(other)).toHaveAttribute("aria-selected", "false");
    }
  });

  it("says Logout failed with the server's reason when a sign-out fails, and keeps the student where they were", async () => {
    const { user, server } = await renderApp("/", { user: student() });
    server.answer("POST /api/logout", reply(503, { message: "The server is restarting" }));
    await user.click(within(await screen.findByRole("complementary", { name: "Sidebar" })).getByRole("button", { name: "Settings" }));
    const settings = await screen.findByRole("dialog", { name: "Settings" });
    await user.click(within(settings).getByRole("button", { name: "Sign Out" }));

    expect(await screen.findByText("Logout failed", { exact: true })).toBeVisible();
    expect(screen.getByText("The server is restarting", { exact: true })).toBeVisible();
    expect(within(settings).getByRole("button", { name: "Sign Out" })).toBeEnabled();
    expect(settings).toBeVisible();
    expect(window.location.pathname).toBe("/");
  });
});

describe("on a 375 px phone", () => {
  it("opens the sidebar as a Menu drawer from the top bar, with the student's name, email and Settings, and closes it", async () => {
    const { user } = await renderApp("/", { user: student(), width: 375 });
    // The sidebar itself is hidden by CSS on a phone: the browser suite's 375 px test reads that.
    await findGreeting();
    await user.click(screen.getByRole("button", { name: "Open menu" }));
    const drawer = await screen.findByRole("dialog", { name: "Menu" });
    expect(within(drawer).getByText("Maya Patel", { exact: true })).toBeVisible();
    expect(within(drawer).getByText("maya@example.com", { exact: true })).toBeVisible();
    expect(within(drawer).getByRole("button", { name: "Settings" })).toBeVisible();
    await user.click(within(drawer).getByRole("button", { name: "Close menu" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Menu" })).toBeNull());
  });

  it("closes the drawer and opens Settings from its Settings button", async () => {
    const { user } = await renderApp("/", { user: student(), width: 375 });
    await user.click(await screen.findByRole("button", { name: "Open menu" }));
    await user.click(within(await screen.findByRole("dialog", { name: "Menu" })).getByRole("button", { name: "Settings" }));
    const settings = await screen.findByRole("dialog", { name: "Settings" });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Menu" })).toBeNull());
    expect(within(settings).getByRole("button", { name: "Sign Out" })).toBeVisible();
  });
});

describe("routes that are not for everyone", () => {
  it("shows a visitor the 404 page for an unknown path, with a way home to the landing page", async () => {
    const { user } = await renderApp("/no-such-page");
    expect(await screen.findByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
    await user.click(screen.getByRole("link", { name: "Go to Home" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Your Student Productivity Hub" })).toBeVisible();
    expect(window.location.pathname).toBe("/");
  });

  it("shows a signed-in student the 404 page too, with a way home to the dashboard", async () => {
    const { user } = await renderApp("/settings/unknown", { user: student() });
    expect(await screen.findByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
    await user.click(screen.getByRole("link", { name: "Go to Home" }));
    await waitFor(() => expect(tab("Home")).toBeVisible());
  });

  it("sends a signed-in student who is not an admin from /admin to the dashboard", async () => {
    await renderApp("/admin", { user: student() });
    await waitFor(() => expect(window.location.pathname).toBe("/"));
    await waitFor(() => expect(tab("Home")).toBeVisible());
    expect(screen.queryByRole("heading", { name: "Admin Panel" })).toBeNull();
  });
});
