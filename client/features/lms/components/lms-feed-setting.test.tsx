import { screen, waitFor, within } from "@testing-library/react";
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

describe("the form that adds a feed", () => {
  it.each([
    ["en", "Feed address", "Name", "Import", "Paste the feed's https:// or webcal:// address", "Give the feed a name"],
    [
      "es",
      "Dirección del calendario",
      "Nombre",
      "Importar",
      "Pega la dirección https:// o webcal:// del calendario",
      "Ponle un nombre al calendario",
    ],
  ] as const)(
    "%s: says an address that is not a feed's and a missing name under their fields, in the request schema's words, and sends nothing",
    async (locale, urlLabel, nameLabel, importName, badUrl, noName) => {
      const { user, server, settings } = await openFeeds(locale);
      const url = within(settings).getByLabelText(urlLabel);
      const name = within(settings).getByLabelText(nameLabel);
      await user.type(url, "canvas.example.edu/feeds/calendars/user_1.ics");
      await user.type(name, "   ");
      await user.click(within(settings).getByRole("button", { name: importName }));

      await waitFor(() => expect(url).toHaveAccessibleDescription(badUrl));
      expect(url).toHaveAttribute("aria-invalid", "true");
      expect(name).toHaveAccessibleDescription(noName);
      expect(name).toHaveAttribute("aria-invalid", "true");
      expect(server.sent("POST /api/user/feeds")).toHaveLength(0);

      // Corrected, the feed goes, its address and name trimmed, and the form is emptied.
      await user.clear(url);
      await user.type(url, " https://canvas.example.edu/feeds/calendars/user_1.ics ");
      await user.type(name, "Canvas ");
      await user.click(within(settings).getByRole("button", { name: importName }));
      await waitFor(() => expect(server.sent("POST /api/user/feeds")).toHaveLength(1));
      expect(server.body("POST /api/user/feeds")).toEqual({
        url: "https://canvas.example.edu/feeds/calendars/user_1.ics",
        name: "Canvas",
        mode: "tasks-and-events",
      });
      await waitFor(() => expect(url).toHaveValue(""));
      expect(name).toHaveValue("");
      expect(url).toHaveAttribute("aria-invalid", "false");
    },
  );

  it("says the server's refusal of a field under it", async () => {
    const { user, server, settings } = await openFeeds("en");
    const refused = "This address points inside a private network and cannot be imported";
    server.on("POST /api/user/feeds", () => reply(400, { message: refused, code: "server.lms_feed_blocked", errors: { url: [refused] } }));
    const url = within(settings).getByLabelText("Feed address");
    await user.type(url, "https://10.0.0.1/feed.ics");
    await user.type(within(settings).getByLabelText("Name"), "Canvas");
    await user.click(within(settings).getByRole("button", { name: "Import" }));
    await waitFor(() => expect(url).toHaveAccessibleDescription(refused));
    expect(url).toHaveAttribute("aria-invalid", "true");
    expect(within(settings).queryByRole("alert")).toBeNull();
  });
});
