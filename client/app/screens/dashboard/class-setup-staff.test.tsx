import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { student } from "@/test/fake-server";
import { renderApp } from "@/test/render";

/**
 * "Complete Your Setup" opens by itself for a student without classes, and not for staff (issue 49
 * item 8: the admin account was asked on every visit); staff still set classes up from Settings.
 */
describe("the first visit's class setup", () => {
  beforeEach(() => {
    // The setup dialog's fields measure themselves; jsdom has no ResizeObserver.
    vi.stubGlobal(
      "ResizeObserver",
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("opens by itself for a student who has no classes yet", async () => {
    await renderApp("/", { user: student({ userClasses: [] }) });
    expect(await screen.findByRole("dialog", { name: "Complete Your Setup" })).toBeVisible();
  });

  it("does not open for staff without classes, who can still set them up from Settings", async () => {
    const { user } = await renderApp("/", { user: student({ firstName: "Rosa", isAdmin: true, userClasses: [] }) });
    await screen.findByRole("heading", { name: /Rosa/ });
    // As long as it takes to open for a student (the test above), and then some.
    await expect(screen.findByRole("dialog", { name: "Complete Your Setup" }, { timeout: 1500 })).rejects.toThrow();

    await user.click(within(screen.getByRole("complementary", { name: "Sidebar" })).getByRole("button", { name: "Settings" }));
    await user.click(within(await screen.findByRole("dialog", { name: "Settings" })).getByRole("button", { name: "Edit Classes" }));
    expect(await screen.findByRole("dialog", { name: "Complete Your Setup" })).toBeVisible();
  });
});
