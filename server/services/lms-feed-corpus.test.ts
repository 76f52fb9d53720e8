import fs from "node:fs";
import path from "node:path";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { FeedParseError, parseFeed } from "./lms-feed";

/**
 * Calendar files written by others (server/test/lms-corpus, where each comes from is in its
 * README): every one is read without a throw, and every one in which ical.js itself finds a dated,
 * titled item gives items (decision 122).
 */
const CORPUS = path.join(import.meta.dirname, "../test/lms-corpus");
const files = fs.readdirSync(CORPUS).filter((name) => name.endsWith(".ics"));
const DAY_MS = 86_400_000;

/** The file's text: the Latin-1 ones as the fetcher decodes them by their declared charset. */
function read(name: string): string {
  return new TextDecoder(name.includes("latin1") ? "latin1" : "utf-8").decode(fs.readFileSync(path.join(CORPUS, name)));
}

/**
 * What ical.js reads on its own: the start (as an instant, roughly: floating times as UTC) of each
 * VEVENT or VTODO with a title and a start it decodes, not cancelled. Null when it cannot parse the
 * file at all.
 */
function icalJsStarts(body: string): number[] | null {
  let parsed: unknown;
  try {
    parsed = ICAL.parse(body);
  } catch {
    return null;
  }
  const roots = (Array.isArray(parsed) && typeof parsed[0] === "string" ? [parsed] : (parsed as unknown[])) as unknown[];
  const starts: number[] = [];
  for (const root of roots) {
    if (!Array.isArray(root) || root[0] !== "vcalendar") continue;
    const calendar = new ICAL.Component(root as [string, unknown[], unknown[]]);
    for (const component of [...calendar.getAllSubcomponents("vevent"), ...calendar.getAllSubcomponents("vtodo")]) {
      try {
        const summary = component.getFirstPropertyValue("summary");
        const status = component.getFirstPropertyValue("status");
        const start = component.getFirstPropertyValue("due") ?? component.getFirstPropertyValue("dtstart");
        if (typeof summary !== "string" || !summary.trim() || String(status).toUpperCase() === "CANCELLED") continue;
        if (start instanceof ICAL.Time) starts.push(start.toUnixTime() * 1000);
      } catch {
        // ical.js cannot read this one either.
      }
    }
  }
  return starts;
}

describe("the corpus of feeds written by others", () => {
  it("holds 20 to 40 small files, each listed in its README", () => {
    const readme = fs.readFileSync(path.join(CORPUS, "README.md"), "utf8");
    expect(files.length).toBeGreaterThanOrEqual(20);
    expect(files.length).toBeLessThanOrEqual(40);
    for (const name of files) {
      expect(readme, name).toContain(`\`${name}\``);
      expect(fs.statSync(path.join(CORPUS, name)).size, name).toBeLessThan(8_000);
    }
  });

  it.each(files)("%s is read without a throw, and gives items where ical.js finds any", (name) => {
    const body = read(name);
    const starts = icalJsStarts(body);
    // From the day before the file's first item, so a series of 1997 still has occurrences ahead.
    const now = new Date(starts && starts.length > 0 ? Math.min(...starts) - DAY_MS : Date.UTC(2026, 10, 26));
    let parsed: ReturnType<typeof parseFeed> | null = null;
    try {
      parsed = parseFeed(body, "America/New_York", now);
    } catch (error) {
      // Refused as a whole only when it is not a calendar ical.js reads either.
      expect(error).toBeInstanceOf(FeedParseError);
      expect((error as FeedParseError).reason).toBe("not_calendar");
      expect(starts).toBeNull();
      return;
    }
    expect(parsed.skipped).toBeGreaterThanOrEqual(0);
    if (starts && starts.length > 0) expect(parsed.items.length, `${name}: ical.js reads ${starts.length} dated items`).toBeGreaterThan(0);
    for (const item of parsed.items) {
      expect(item.dueDate).toMatch(/^\d{4}-\d\d-\d\d$/);
      expect(item.dueTime === null || /^\d\d:\d\d$/.test(item.dueTime)).toBe(true);
      expect(item.title.trim()).not.toBe("");
    }
    // UIDs are unique within a feed: a refresh matches each item to one task or event.
    expect(new Set(parsed.items.map((item) => item.uid)).size).toBe(parsed.items.length);
  });
});
