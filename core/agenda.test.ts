import { describe, expect, it } from "vitest";
import { agendaIsSet, nextAgendaSchoolDay } from "./agenda";
import { addDaysToDate, weekdayOfDate } from "./dates";
import type { AgendaDay } from "./schemas/school";

/** A plain agenda day: a school day from Monday to Friday, untimed classes, nothing else. */
function plain(date: string, changes: Partial<AgendaDay> = {}): AgendaDay {
  const weekday = weekdayOfDate(date);
  const schoolDay = weekday >= 1 && weekday <= 5;
  return {
    date,
    schoolDay,
    offLabel: null,
    rotationDay: null,
    bellSchedule: null,
    classes: schoolDay ? [{ period: 1, name: "Chemistry", start: null, end: null }] : [],
    schoolEvents: [],
    ...changes,
  };
}

// Monday, Dec 7, 2026, and the 13 days after it.
const week = Array.from({ length: 14 }, (_, i) => plain(addDaysToDate("2026-12-07", i)));

describe("agendaIsSet", () => {
  it("is false for the default schedule's agenda, school events included", () => {
    expect(agendaIsSet(week)).toBe(false);
    const withEvent = week.map((d, i) =>
      i === 2 ? { ...d, schoolEvents: [{ id: 1, title: "Game", time: null, eventType: "other" }] } : d,
    );
    expect(agendaIsSet(withEvent)).toBe(false);
    expect(agendaIsSet([])).toBe(false);
  });

  it.each<[string, Partial<AgendaDay>]>([
    ["a timed class", { classes: [{ period: 1, name: "Chemistry", start: "07:45", end: "09:15" }] }],
    ["a rotation day", { rotationDay: "A" }],
    ["a named day off", { schoolDay: false, offLabel: "Winter break", classes: [] }],
    ["an alternate bell schedule", { bellSchedule: { id: "delay", name: "2-Hour Delay" } }],
    ["a weekday that is not a school day", { schoolDay: false, classes: [] }],
  ])("is true with %s on one date", (_, change) => {
    expect(agendaIsSet(week.map((d, i) => (i === 3 ? { ...d, ...change } : d)))).toBe(true);
  });

  it("is true with a Saturday that is a school day", () => {
    // Index 5 is Saturday, Dec 12.
    expect(agendaIsSet(week.map((d, i) => (i === 5 ? { ...d, schoolDay: true } : d)))).toBe(true);
  });
});

describe("nextAgendaSchoolDay", () => {
  it("skips the weekend and days off, and is null past the range", () => {
    expect(nextAgendaSchoolDay(week, "2026-12-11")?.date).toBe("2026-12-14");
    const off = week.map((d) => (d.date === "2026-12-14" ? { ...d, schoolDay: false, offLabel: "Break", classes: [] } : d));
    expect(nextAgendaSchoolDay(off, "2026-12-11")?.date).toBe("2026-12-15");
    expect(nextAgendaSchoolDay(week, "2026-12-18")).toBeNull();
  });
});
