import { screen } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import type { CalendarEvent } from "@core/schemas/event";
import { event } from "@core/test/builders";
import { type FakeServer, reply } from "./fake-server";

/**
 * Shared by the component tests moved from e2e/daily-driver-*.spec.ts (docs/decisions/120): the
 * school's clock on Monday, November 30, 2026.
 */

/** Monday, November 30, 2026, 10:00 AM at the school (New York). */
export const NOW = "2026-11-30T10:00:00-05:00";
export const TODAY = "2026-11-30";

/** Picks `option` of a Radix select (a combobox) as a keyboard user does: jsdom has no pointer capture for a click. */
export async function choose(user: UserEvent, combobox: HTMLElement, option: string | RegExp): Promise<void> {
  combobox.focus();
  await user.keyboard("{Enter}");
  await user.click(await screen.findByRole("option", { name: option }));
}

/** POST /api/events answered as the server does (201, the event), kept in `server.events` for the next read. */
export function answerEventCreation(server: FakeServer): void {
  let nextId = 700;
  server.on("POST /api/events", ({ body }) => {
    const created: CalendarEvent = event({ ...(body as Partial<CalendarEvent>), id: nextId++ });
    server.events = [...server.events, created];
    return reply(201, created);
  });
}
