import { screen, waitFor, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { expect } from "vitest";
import { parseScopedId } from "@core/calendar/scope-ids";
import { addDaysToDate } from "@core/dates";
import type { Locale } from "@core/i18n/locale";
import { type CalendarEvent, createEventSchema } from "@core/schemas/event";
import { event as buildEvent } from "@core/test/builders";
import { readCatalog } from "../../scripts/catalogs";
import { type FakeServer, reply } from "./fake-server";

/**
 * Shared by the Calendar's component tests (moved from e2e/calendar.spec.ts,
 * spanish-calendar.spec.ts, calendar-school.spec.ts, school-day.spec.ts, school-home.spec.ts): the
 * event writes answered as the server answers them (server/routes/events.test.ts proves it does),
 * and the ways a person finds a day in the month grid.
 */

/** Monday, November 30, 2026, 10:00 AM at the school (New York). */
export const MONDAY_NOV_30 = "2026-11-30T10:00:00-05:00";

/** An event as the server stores it from a create's or an edit's body. */
function eventFrom(id: number, body: unknown, fields: Partial<CalendarEvent> = {}): CalendarEvent {
  const { notificationEnabled, notificationTiming, parentEventId, ...input } = createEventSchema.parse(body);
  return buildEvent({ ...input, id, notificationEnabled, notificationTiming, parentEventId, ...fields });
}

/**
 * Answers the event writes on `server.events` as the server does (docs/decisions/061): a create;
 * an edit or delete of the event; "This event only" (an exception row, and for an edit a one-off
 * in its place); "This and future events" (the series ends the day before, an edit starts a new
 * series; from the first date the whole series).
 */
export function answerEventWrites(server: FakeServer): void {
  let nextId = 500;
  const series = (id: number) => server.events.find((e) => e.id === id);
  const exception = (parent: number, date: string) =>
    buildEvent({ id: nextId++, parentEventId: parent, isException: true, exceptionDate: date, eventType: "exception" as never });
  const endBefore = (id: number, date: string) => {
    server.events = server.events.map((e) => (e.id === id ? { ...e, customEndDate: addDaysToDate(date, -1) } : e));
  };
  const isFirst = (id: number, date: string) => series(id)?.date === date;
  const removeSeries = (id: number) => {
    server.events = server.events.filter((e) => e.id !== id && e.parentEventId !== id);
  };

  server.on("POST /api/events", ({ body }) => {
    const created = eventFrom(nextId++, body);
    server.events = [...server.events, created];
    return reply(201, created);
  });
  server.on("PUT /api/events/:id", ({ params, body }) => {
    const scoped = parseScopedId(params.id!);
    if (!scoped) {
      const updated = eventFrom(Number(params.id), body);
      server.events = server.events.map((e) => (e.id === updated.id ? updated : e));
      return updated;
    }
    if (scoped.scope === "SINGLE_INSTANCE") {
      const child = eventFrom(nextId++, body, {
        parentEventId: scoped.eventId,
        originalDate: scoped.date,
        recurring: "none",
        customDays: [],
      });
      server.events = [...server.events, exception(scoped.eventId, scoped.date), child];
      return child;
    }
    if (isFirst(scoped.eventId, scoped.date)) {
      const whole = eventFrom(scoped.eventId, body);
      removeSeries(scoped.eventId);
      server.events = [...server.events, whole];
      return whole;
    }
    endBefore(scoped.eventId, scoped.date);
    const next = eventFrom(nextId++, body, { parentEventId: scoped.eventId });
    server.events = [...server.events, next];
    return next;
  });
  server.on("DELETE /api/events/:id", ({ params }) => {
    const scoped = parseScopedId(params.id!);
    if (!scoped) removeSeries(Number(params.id));
    else if (scoped.scope === "SINGLE_INSTANCE") server.events = [...server.events, exception(scoped.eventId, scoped.date)];
    else if (isFirst(scoped.eventId, scoped.date)) removeSeries(scoped.eventId);
    else endBefore(scoped.eventId, scoped.date);
    return reply(204);
  });
}

/** "Monday, December 14, 2026" (Spanish "Lunes, 14 de diciembre de 2026"), written independently of the app. */
export function fullDate(date: string, locale: Locale = "en"): string {
  const at = new Date(`${date}T12:00:00Z`);
  if (locale === "en") {
    return at.toLocaleDateString("en-US", { timeZone: "UTC", weekday: "long", month: "long", day: "numeric", year: "numeric" });
  }
  const weekday = at.toLocaleDateString("es", { timeZone: "UTC", weekday: "long" });
  return `${weekday.charAt(0).toUpperCase()}${weekday.slice(1)}, ${longDate(date, "es")}`;
}

/** "December 14, 2026" (Spanish "14 de diciembre de 2026"): the day dialog's name. */
export function longDate(date: string, locale: Locale = "en"): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString(locale === "en" ? "en-US" : "es", {
    timeZone: "UTC",
    month: "long",
    day: "numeric",
    year: "numeric",
  });
}

/** A day of the month grid, found by the date its name starts with. */
export async function findDay(date: string, locale: Locale = "en"): Promise<HTMLElement> {
  const start = fullDate(date, locale);
  return waitFor(() => {
    const cell = screen.getAllByRole("gridcell").find((c) => c.dataset.date === date);
    if (!cell) throw new Error(`${date} is not in the grid`);
    // jsdom names a gridcell from its content, as a browser does: the sr-only name.
    expect(cell.textContent).toContain(start);
    return cell;
  });
}

/** The spoken name of a day (its sr-only line): "Monday, December 14, 2026, 1 item: Study group". */
export async function dayName(date: string, locale: Locale = "en"): Promise<string> {
  const cell = await findDay(date, locale);
  return cell.querySelector(".sr-only")?.textContent ?? "";
}

/** Opens a day's dialog with a click, as a mouse does. */
export async function openDay(user: UserEvent, date: string, locale: Locale = "en"): Promise<HTMLElement> {
  await user.click(await findDay(date, locale));
  return screen.findByRole("dialog", { name: longDate(date, locale) });
}

/** The month grid moved on to the month titled `title` ("December 2026"). */
export async function nextMonth(user: UserEvent, title: string, label = "Next month"): Promise<void> {
  // The grid ignores its arrows while its data loads and for 300 ms after each turn.
  await waitFor(async () => {
    if (!screen.queryByRole("heading", { level: 3, name: title })) await user.click(screen.getByRole("button", { name: label }));
    expect(screen.getByRole("heading", { level: 3, name: title })).toBeInTheDocument();
  });
}

/** The list items' texts of a container. */
export const rowsOf = (container: HTMLElement) =>
  within(container)
    .getAllByRole("listitem")
    .map((item) => item.textContent ?? "");

/**
 * Every text of the English catalog that reads differently in Spanish, cut at its placeholders:
 * each part of four letters or more (as e2e/spanish.ts looks for them on a page).
 */
let englishTexts: string[] | undefined;
function englishCatalogTexts(): string[] {
  if (englishTexts) return englishTexts;
  const english = readCatalog("en");
  const spanish = readCatalog("es");
  englishTexts = [
    ...new Set(
      Object.entries(english)
        .filter(([id, text]) => text !== spanish[id])
        .flatMap(([, text]) => text.split(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/))
        .map((part) =>
          part
            .trim()
            .replace(/^[.,:;·!?()-]+|[.,:;·!?()-]+$/g, "")
            .trim(),
        )
        .filter((part) => part.length >= 4 && /[A-Za-z]{3}/.test(part)),
    ),
  ];
  return englishTexts;
}

/** Names of products a Spanish page names as they are (they hold catalog words: "Calendar"). */
const PRODUCT_NAMES = ["Student Hub", "Google Calendar", "Apple Calendar"];
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The English catalog texts a Spanish screen shows or names (its text nodes, sr-only ones too, and
 * its controls' names and hints), `ignore` (what the student typed) aside: none is expected.
 */
export function englishIn(root: HTMLElement = document.body, ignore: readonly string[] = []): string[] {
  const parts: string[] = [document.title];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    // What a person reads: not the style sheets Radix puts in the page.
    if (!["STYLE", "SCRIPT"].includes(node.parentElement?.tagName ?? "")) parts.push(node.textContent ?? "");
  }
  for (const element of root.querySelectorAll("*")) {
    for (const name of ["aria-label", "placeholder", "title", "alt", "aria-description", "aria-roledescription"]) {
      const value = element.getAttribute(name);
      if (value) parts.push(value);
    }
  }
  let text = parts.join("\n");
  for (const typed of [...ignore, ...PRODUCT_NAMES]) text = text.split(typed).join(" ");
  return englishCatalogTexts().filter((part) => new RegExp(`(^|[^\\p{L}])${escapeRegExp(part)}($|[^\\p{L}])`, "u").test(text));
}

/** Replaces a field's text as a person pasting it (typing key by key is slow in jsdom and checks nothing more here). */
export async function fill(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}
