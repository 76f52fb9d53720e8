import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { LmsFeed, LmsFeedImport } from "@core/schemas/lms-feeds";
import { reply, student } from "@/test/fake-server";
import { renderApp } from "@/test/render";
import { findToast } from "@/test/tasks";

// Issue 49 (decision 122): a feed written by others imports whole, and the student is told how many
// of its items could not be read, on adding it and on refreshing it, in English and in Spanish, on a phone.

const FEED: LmsFeed = {
  id: 4,
  name: "Canvas",
  urlHint: "https://canvas.example.edu/…",
  mode: "tasks-and-events",
  status: "active",
  itemCount: 48,
  lastSuccessAt: "2026-11-30T15:00:00.000Z",
  lastError: null,
  failures: 0,
};
const IMPORTED: LmsFeedImport = { feed: FEED, imported: 48, skipped: 2 };

async function openFeeds(locale: "en" | "es") {
  const rendered = await renderApp("/", {
    user: student(locale === "es" ? { firstName: "Lucía", locale: "es" } : {}),
    locale,
    width: 375,
  });
  rendered.server.on("POST /api/user/feeds", () => reply(201, IMPORTED));
  rendered.server.on("POST /api/user/feeds/:id/refresh", () => ({ ...IMPORTED, imported: 47, skipped: 1 }));
  const settingsName = locale === "es" ? "Configuración" : "Settings";
  await rendered.user.click(await screen.findByRole("button", { name: settingsName }));
  return { ...rendered, settings: await screen.findByRole("dialog", { name: settingsName }) };
}

describe("an LMS feed with items that cannot be read", () => {
  it("says how many came in and how many could not be read, on adding and on refreshing", async () => {
    const { user, server, settings } = await openFeeds("en");
    await user.type(within(settings).getByLabelText("Feed address"), "https://canvas.example.edu/feeds/calendars/user_1.ics");
    await user.type(within(settings).getByLabelText("Name"), "Canvas");
    server.answer("GET /api/user/feeds", [FEED]);
    await user.click(within(settings).getByRole("button", { name: "Import" }));
    expect(await findToast("Feed added", "48 items came in · 2 items could not be read")).toBeVisible();
    await user.click(await within(settings).findByRole("button", { name: "Refresh Canvas now" }));
    expect(await findToast("Feed refreshed", "47 items came in · 1 item could not be read")).toBeVisible();
  });

  it("says it in Spanish", async () => {
    const { user, server, settings } = await openFeeds("es");
    await user.type(within(settings).getByLabelText("Dirección del calendario"), "https://canvas.example.edu/feeds/calendars/user_1.ics");
    await user.type(within(settings).getByLabelText("Nombre"), "Canvas");
    server.answer("GET /api/user/feeds", [FEED]);
    await user.click(within(settings).getByRole("button", { name: "Importar" }));
    expect(await findToast("Calendario agregado", "Llegaron 48 elementos · No se pudieron leer 2 elementos")).toBeVisible();
    await user.click(await within(settings).findByRole("button", { name: "Actualizar Canvas ahora" }));
    expect(await findToast("Calendario actualizado", "Llegaron 47 elementos · No se pudo leer 1 elemento")).toBeVisible();
  });
});
