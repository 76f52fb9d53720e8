import { screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { student } from "@/test/fake-server";
import { renderApp } from "@/test/render";
import { loadTaskScreens, MONDAY_10_AM, quickUser } from "@/test/tasks";

// Moved from e2e/quick-add.spec.ts (docs/decisions/120): quick add's chips, its refusal, the n key,
// a share from another app and the Spanish words, on a phone, with the school's clock frozen at
// Monday, November 30, 2026, 10:00 AM (New York). One journey stays in the browser.

beforeAll(loadTaskScreens);

async function openHome(path = "/", options: Parameters<typeof renderApp>[1] = {}) {
  const rendered = await renderApp(path, { user: student(), now: MONDAY_10_AM, width: 375, ...options });
  return { ...rendered, user: quickUser() };
}

/** The chips, as they read. */
const chips = (name = "Understood") =>
  within(screen.getByRole("list", { name }))
    .getAllByRole("listitem")
    .map((chip) => chip.textContent);

describe("quick add", () => {
  it("puts a removed chip's words back in the title, and reads the next words afresh once the field is emptied", async () => {
    const { user, server } = await openHome();
    const field = await screen.findByRole("textbox", { name: "Quick add" });
    await user.type(field, "read act 2 tomorrow !low");
    await waitFor(() => expect(chips()).toEqual(["Tue, Dec 1, 2026", "Priority: Low"]));
    await user.click(screen.getByRole("button", { name: "Remove Tue, Dec 1, 2026" }));
    expect(chips()).toEqual(["Priority: Low"]);
    // The focus is back in the field: Enter saves.
    expect(field).toHaveFocus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(server.sent("POST /api/tasks")).toHaveLength(1));
    expect(server.body("POST /api/tasks")).toMatchObject({ title: "read act 2 tomorrow", priority: "low" });
    expect(server.body("POST /api/tasks")).not.toHaveProperty("dueDate", expect.anything());

    // A chip removed counts for those words only: the field emptied, the next words are read afresh.
    await waitFor(() => expect(field).toHaveValue(""));
    await user.type(field, "poster tomorrow");
    await user.click(await screen.findByRole("button", { name: "Remove Tue, Dec 1, 2026" }));
    expect(screen.queryByRole("list", { name: "Understood" })).toBeNull();
    await user.clear(field);
    await user.type(field, "poster tomorrow");
    await waitFor(() => expect(chips()).toEqual(["Tue, Dec 1, 2026"]));
  });

  it("saves nothing for words that leave no title: the field says a title is needed and keeps the words", async () => {
    const { user, server } = await openHome();
    const field = await screen.findByRole("textbox", { name: "Quick add" });
    await user.type(field, "fri 3pm{Enter}");
    expect(await screen.findByRole("alert")).toHaveTextContent("Title is required");
    expect(field).toHaveAccessibleDescription("Title is required");
    expect(field).toHaveValue("fri 3pm");
    expect(server.sent("POST /api/tasks")).toEqual([]);
  });

  it("opens from anywhere with the n key: from the Calendar, the Tasks tab's field takes the focus and saves", async () => {
    const { user, server } = await openHome("/#calendar");
    const sections = await screen.findByRole("tablist", { name: "Dashboard sections" });
    expect(await within(sections).findByRole("tab", { name: "Calendar", selected: true })).toBeVisible();
    await user.keyboard("n");
    const field = await screen.findByRole("textbox", { name: "Quick add" });
    await waitFor(() => expect(field).toHaveFocus());
    expect(within(sections).getByRole("tab", { name: "Tasks", selected: true })).toBeVisible();
    await user.keyboard("bio essay fri 3pm");
    await waitFor(() => expect(chips()).toEqual(["Biology", "Fri, Dec 4, 2026", "3:00 PM"]));
    await user.keyboard("{Enter}");
    await waitFor(() => expect(server.sent("POST /api/tasks")).toHaveLength(1));
    expect(server.body("POST /api/tasks")).toMatchObject({ title: "essay", subject: "Biology", dueDate: "2026-12-04", dueTime: "15:00" });
  });

  it("opens a share from another app (the manifest's share target) with its title and link, and forgets it in the address", async () => {
    const { user, server } = await openHome(
      `/?share_title=${encodeURIComponent("Essay: The Great Gatsby")}&share_url=${encodeURIComponent("https://lms.example/a/12")}`,
    );
    const field = await screen.findByRole("textbox", { name: "Quick add" });
    await waitFor(() => expect(field).toHaveValue("Essay: The Great Gatsby"));
    expect(field).toHaveFocus();
    await waitFor(() => expect(chips()).toEqual(["Description: https://lms.example/a/12"]));
    // The address forgets the share: a reload does not share again.
    expect(window.location.search).toBe("");
    await user.keyboard("{Enter}");
    await waitFor(() => expect(server.sent("POST /api/tasks")).toHaveLength(1));
    expect(server.body("POST /api/tasks")).toMatchObject({ title: "Essay: The Great Gatsby", description: "https://lms.example/a/12" });
  });

  it("reads Spanish: 'ensayo bio vie 15:00 alta' (the hint's example) is Friday 3 PM, high priority, Biology", async () => {
    const { user, server } = await openHome("/", { user: student({ firstName: "Lucía", lastName: "Gómez", locale: "es" }), locale: "es" });
    const field = await screen.findByRole("textbox", { name: "Tarea rápida" });
    expect(field).toHaveAttribute("placeholder", "p. ej. ensayo bio vie 15:00 alta");
    await user.type(field, "ensayo bio vie 15:00 alta");
    // The class is the student's own name for it; the rest is the Spanish catalog's.
    await waitFor(() => expect(chips("Entendido")).toEqual(["Biology", "vie, 4 dic 2026", "3:00 p. m.", "Prioridad: Alta"]));
    expect(screen.getAllByRole("button", { name: /^Quitar / })).toHaveLength(4);
    await user.keyboard("{Enter}");
    await waitFor(() => expect(server.sent("POST /api/tasks")).toHaveLength(1));
    expect(server.body("POST /api/tasks")).toMatchObject({
      title: "ensayo",
      subject: "Biology",
      dueDate: "2026-12-04",
      dueTime: "15:00",
      priority: "high",
    });
  });

  it("reads the time a task needs in either language, as a chip that can go, and sends it (issue 51)", async () => {
    const { user, server } = await openHome();
    const field = await screen.findByRole("textbox", { name: "Quick add" });
    await user.type(field, "essay 1.5h tomorrow");
    await waitFor(() => expect(chips()).toEqual(["Time needed: 1 h 30 min", "Tue, Dec 1, 2026"]));
    await user.keyboard("{Enter}");
    await waitFor(() => expect(server.sent("POST /api/tasks")).toHaveLength(1));
    expect(server.body("POST /api/tasks")).toMatchObject({ title: "essay", estimateMinutes: 90, dueDate: "2026-12-01" });

    await waitFor(() => expect(field).toHaveValue(""));
    await user.type(field, "poster 45m");
    await user.click(await screen.findByRole("button", { name: "Remove Time needed: 45 min" }));
    await user.keyboard("{Enter}");
    await waitFor(() => expect(server.sent("POST /api/tasks")).toHaveLength(2));
    expect(server.sent("POST /api/tasks")[1]!.body).toMatchObject({ title: "poster 45m", estimateMinutes: null });
  });

  it("reads 'ensayo 2 horas' in Spanish as two hours needed", async () => {
    const { user, server } = await openHome("/", { user: student({ firstName: "Lucía", lastName: "Gómez", locale: "es" }), locale: "es" });
    const field = await screen.findByRole("textbox", { name: "Tarea rápida" });
    await user.type(field, "ensayo 2 horas");
    await waitFor(() => expect(chips("Entendido")).toEqual(["Tiempo necesario: 2 h"]));
    await user.keyboard("{Enter}");
    await waitFor(() => expect(server.sent("POST /api/tasks")).toHaveLength(1));
    expect(server.body("POST /api/tasks")).toMatchObject({ title: "ensayo", estimateMinutes: 120 });
  });
});
