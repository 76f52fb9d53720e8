import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { student } from "@/test/fake-server";
import { findGreeting } from "@/test/classes";
import { renderApp } from "@/test/render";
import { shortcutsListening } from "@/test/shortcuts";

// Moved from e2e/shortcuts.spec.ts (issue 14, docs/decisions/120): what the "?" list says, that a
// key typed in a field is text, and that a key with a modifier is the browser's. The browser keeps
// the journey through the tabs and dialogs by keyboard.

const tab = (name: "Home" | "Tasks" | "Calendar") =>
  within(screen.getByRole("tablist", { name: "Dashboard sections" })).getByRole("tab", { name });

/** Home, once its shortcuts listen: they load when the first screen is up and the browser idle (a key before that does nothing). */
async function onHome({ listening = true } = {}) {
  const rendered = await renderApp("/#home", { user: student() });
  await findGreeting();
  if (listening) await shortcutsListening(rendered.user);
  // Turned off, nothing opens: the first screen's idle moment (quick add's field comes with it) is waited for instead.
  else await screen.findByRole("textbox", { name: "Quick add" });
  return rendered;
}

describe("keyboard shortcuts", () => {
  it("? lists every shortcut by name, and Escape closes the list", async () => {
    const { user } = await onHome();
    await user.keyboard("?");
    const help = await screen.findByRole("dialog", { name: "Keyboard shortcuts" });
    for (const label of ["New task", "New event", "Go to Home", "Go to Tasks", "Go to Calendar", "Show keyboard shortcuts"]) {
      expect(within(help).getByText(label, { exact: true })).toBeVisible();
    }
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Keyboard shortcuts" })).toBeNull());
  });

  it("n opens Home's quick add, where keys are text: no shortcut fires while typing", async () => {
    const { user } = await onHome();
    await user.keyboard("n");
    const quickAdd = await screen.findByRole("textbox", { name: "Quick add" });
    await waitFor(() => expect(quickAdd).toHaveFocus());
    expect(window.location.hash).not.toMatch(/#(todo|calendar)$/);
    await user.keyboard("net 123 ?");
    expect(quickAdd).toHaveValue("net 123 ?");
    expect(screen.queryByRole("dialog", { name: "Keyboard shortcuts" })).toBeNull();
    expect(screen.queryByRole("dialog", { name: "Add New Event" })).toBeNull();
    expect(tab("Home")).toHaveAttribute("aria-selected", "true");
  });

  it("1, 2 and 3 switch the tabs and write the hash", async () => {
    const { user } = await onHome();
    await user.keyboard("2");
    await waitFor(() => expect(tab("Tasks")).toHaveAttribute("aria-selected", "true"));
    expect(window.location.hash).toBe("#todo");
    await user.keyboard("3");
    await waitFor(() => expect(tab("Calendar")).toHaveAttribute("aria-selected", "true"));
    await user.keyboard("1");
    await waitFor(() => expect(tab("Home")).toHaveAttribute("aria-selected", "true"));
  });

  it("leaves a key with Ctrl, Cmd or Alt held to the browser", async () => {
    const { user } = await onHome();
    await user.keyboard("{Control>}n{/Control}{Meta>}e{/Meta}{Alt>}2{/Alt}");
    expect(screen.queryByRole("textbox", { name: "Quick add" })).not.toHaveFocus();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(tab("Home")).toHaveAttribute("aria-selected", "true");
  });
});

describe("turning single-key shortcuts off (WCAG 2.1.4)", () => {
  it("in Settings, on this device: off, no single key acts; on again, they do", async () => {
    const { user, unmount } = await onHome();
    await user.click(screen.getByRole("button", { name: "Settings" }));
    const settings = await screen.findByRole("dialog", { name: "Settings" });
    const toggle = within(settings).getByRole("switch", { name: "Single-key shortcuts" });
    expect(toggle).toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/keys such as n \(new task\) and \? work on their own/);
    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    await user.keyboard("2?n");
    expect(tab("Home")).toHaveAttribute("aria-selected", "true");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.queryByRole("textbox", { name: "Quick add" })).not.toHaveFocus();

    // Kept on this device: the app opened again still has them off, until they are turned on.
    unmount();
    const again = await onHome({ listening: false });
    await again.user.keyboard("2");
    expect(tab("Home")).toHaveAttribute("aria-selected", "true");
    await again.user.click(screen.getByRole("button", { name: "Settings" }));
    await again.user.click(
      within(await screen.findByRole("dialog", { name: "Settings" })).getByRole("switch", { name: "Single-key shortcuts" }),
    );
    await again.user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await again.user.keyboard("2");
    await waitFor(() => expect(tab("Tasks")).toHaveAttribute("aria-selected", "true"));
  });

  it("says so in Spanish", async () => {
    const { user } = await renderApp("/#home", { user: student({ firstName: "Lucía", locale: "es" }), locale: "es" });
    await user.click(await screen.findByRole("button", { name: "Configuración" }));
    const settings = await screen.findByRole("dialog", { name: "Configuración" });
    const toggle = within(settings).getByRole("switch", { name: "Atajos de una tecla" });
    expect(toggle).toHaveAccessibleDescription(
      "En este dispositivo, teclas como n (nueva tarea) y ? funcionan solas. Desactívalos si interfieren con el control por voz.",
    );
  });
});
