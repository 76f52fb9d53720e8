import { afterEach, describe, expect, it, vi } from "vitest";
import type { CalendarEvent } from "../schemas/event";
import { expandEvents, firstDateFrom, firstOccurrence, occursOn, type SeriesRule, seriesDates } from "./recurrence";
import { firstShownDate } from "./series-children";
import { event } from "../test/builders";

function exceptionRow(id: number, parentEventId: number, exceptionDate: string): CalendarEvent {
  return event({ id, date: exceptionDate, eventType: "exception", parentEventId, isException: true, exceptionDate, title: "Exception" });
}

function rule(
  recurring: SeriesRule["recurring"],
  date: string,
  customDays: string[] = [],
  customEndDate: string | null = null,
): SeriesRule {
  return { date, recurring, customDays, customEndDate };
}

/** The dates of one series as expandEvents gives them (and, for the same rule, seriesDates). */
function datesOf(series: SeriesRule, from: string, to: string): string[] {
  const viaExpand = expandEvents([event({ id: 1, ...series })], from, to).map((o) => o.date);
  expect(seriesDates(series, from, to)).toEqual(viaExpand);
  return viaExpand;
}

describe("expansion rules, kind by kind", () => {
  it.each<[string, SeriesRule, string, string, string[]]>([
    // none
    ["a one-off event appears once on its date", rule("none", "2025-03-10"), "2025-03-01", "2025-03-31", ["2025-03-10"]],
    ["a one-off event outside the range does not appear", rule("none", "2025-04-10"), "2025-03-01", "2025-03-31", []],
    ["a one-off event ignores an end date", rule("none", "2025-03-10", [], "2025-03-01"), "2025-03-01", "2025-03-31", ["2025-03-10"]],
    // daily
    [
      "daily without days is every day",
      rule("daily", "2025-02-26"),
      "2025-02-20",
      "2025-03-03",
      ["2025-02-26", "2025-02-27", "2025-02-28", "2025-03-01", "2025-03-02", "2025-03-03"],
    ],
    [
      "daily across 29 February",
      rule("daily", "2024-02-27"),
      "2024-02-27",
      "2024-03-01",
      ["2024-02-27", "2024-02-28", "2024-02-29", "2024-03-01"],
    ],
    [
      "daily with all seven days is every day",
      rule("daily", "2025-12-30", ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]),
      "2025-12-29",
      "2026-01-02",
      ["2025-12-30", "2025-12-31", "2026-01-01", "2026-01-02"],
    ],
    [
      "daily with weekdays is those weekdays every week",
      rule("daily", "2025-01-06", ["monday", "tuesday", "wednesday", "thursday", "friday"]),
      "2025-01-09",
      "2025-01-14",
      ["2025-01-09", "2025-01-10", "2025-01-13", "2025-01-14"],
    ],
    // weekly
    [
      "weekly on the listed weekdays",
      rule("weekly", "2025-01-06", ["monday", "thursday"]),
      "2025-01-01",
      "2025-01-20",
      ["2025-01-06", "2025-01-09", "2025-01-13", "2025-01-16", "2025-01-20"],
    ],
    [
      "weekly across a year end",
      rule("weekly", "2025-12-22", ["wednesday"]),
      "2025-12-01",
      "2026-01-14",
      ["2025-12-24", "2025-12-31", "2026-01-07", "2026-01-14"],
    ],
    // biweekly
    [
      "biweekly Monday/Wednesday from Wednesday 2025-01-08 (the issue's example)",
      rule("biweekly", "2025-01-08", ["monday", "wednesday"]),
      "2025-01-01",
      "2025-02-11",
      ["2025-01-08", "2025-01-13", "2025-01-22", "2025-01-27", "2025-02-05", "2025-02-10"],
    ],
    [
      "biweekly parity across a year end",
      rule("biweekly", "2024-12-20", ["monday", "friday"]),
      "2024-12-01",
      "2025-01-31",
      ["2024-12-20", "2024-12-23", "2025-01-03", "2025-01-06", "2025-01-17", "2025-01-20", "2025-01-31"],
    ],
    [
      "biweekly parity from a start years before the range",
      rule("biweekly", "2020-01-06", ["monday"]),
      "2026-11-01",
      "2026-12-31",
      ["2026-11-02", "2026-11-16", "2026-11-30", "2026-12-14", "2026-12-28"],
    ],
    [
      "biweekly parity when the range starts in an odd week",
      rule("biweekly", "2025-01-08", ["monday", "wednesday"]),
      "2025-01-16",
      "2025-01-27",
      ["2025-01-22", "2025-01-27"],
    ],
    // monthly
    [
      "monthly on the 31st skips 30-day months and February",
      rule("monthly", "2025-01-31", ["31"]),
      "2025-01-01",
      "2025-12-31",
      ["2025-01-31", "2025-03-31", "2025-05-31", "2025-07-31", "2025-08-31", "2025-10-31", "2025-12-31"],
    ],
    [
      "monthly on the 29th: February only in a leap year",
      rule("monthly", "2024-01-29", ["29"]),
      "2024-01-01",
      "2025-04-30",
      [
        "2024-01-29",
        "2024-02-29",
        "2024-03-29",
        "2024-04-29",
        "2024-05-29",
        "2024-06-29",
        "2024-07-29",
        "2024-08-29",
        "2024-09-29",
        "2024-10-29",
        "2024-11-29",
        "2024-12-29",
        "2025-01-29",
        "2025-03-29",
        "2025-04-29",
      ],
    ],
    [
      "monthly on several days, in date order whatever the list's order",
      rule("monthly", "2025-01-01", ["30", "1", "15"]),
      "2025-01-01",
      "2025-03-01",
      ["2025-01-01", "2025-01-15", "2025-01-30", "2025-02-01", "2025-02-15", "2025-03-01"],
    ],
    [
      "monthly on the 30th and 31st across a year end and a non-leap February",
      rule("monthly", "2026-12-01", ["30", "31"]),
      "2026-12-01",
      "2027-03-31",
      ["2026-12-30", "2026-12-31", "2027-01-30", "2027-01-31", "2027-03-30", "2027-03-31"],
    ],
    // nth weekday of the month
    [
      "first-monthly Monday/Wednesday: days 1-7",
      rule("first-monthly", "2025-01-01", ["monday", "wednesday"]),
      "2025-01-01",
      "2025-03-31",
      ["2025-01-01", "2025-01-06", "2025-02-03", "2025-02-05", "2025-03-03", "2025-03-05"],
    ],
    [
      "second-monthly Tuesday: days 8-14",
      rule("second-monthly", "2025-01-01", ["tuesday"]),
      "2025-01-01",
      "2025-03-31",
      ["2025-01-14", "2025-02-11", "2025-03-11"],
    ],
    [
      "third-monthly Thursday: days 15-21",
      rule("third-monthly", "2025-01-01", ["thursday"]),
      "2025-01-01",
      "2025-03-31",
      ["2025-01-16", "2025-02-20", "2025-03-20"],
    ],
    [
      "fourth-monthly Friday: days 22-28, not the fifth Friday",
      rule("fourth-monthly", "2025-01-01", ["friday"]),
      "2025-01-01",
      "2025-03-31",
      ["2025-01-24", "2025-02-28", "2025-03-28"],
    ],
    [
      "last-monthly Friday: the fifth Friday in a 5-Friday month, the fourth otherwise",
      rule("last-monthly", "2025-01-01", ["friday"]),
      "2025-01-01",
      "2025-03-31",
      ["2025-01-31", "2025-02-28", "2025-03-28"],
    ],
    [
      "fourth-monthly Thursday in leap February 2024 (5 Thursdays)",
      rule("fourth-monthly", "2024-02-01", ["thursday"]),
      "2024-02-01",
      "2024-02-29",
      ["2024-02-22"],
    ],
    [
      "last-monthly Thursday in leap February 2024 is the 29th",
      rule("last-monthly", "2024-02-01", ["thursday"]),
      "2024-02-01",
      "2024-02-29",
      ["2024-02-29"],
    ],
    [
      "last-monthly Saturday in non-leap February 2026 (4 Saturdays)",
      rule("last-monthly", "2026-02-01", ["saturday"]),
      "2026-02-01",
      "2026-03-31",
      ["2026-02-28", "2026-03-28"],
    ],
    [
      "last-monthly with two weekdays, across a year end",
      rule("last-monthly", "2025-12-01", ["monday", "wednesday"]),
      "2025-12-01",
      "2026-01-31",
      ["2025-12-29", "2025-12-31", "2026-01-26", "2026-01-28"],
    ],
    // yearly
    [
      "yearly repeats the month and day",
      rule("yearly", "2023-03-15"),
      "2023-01-01",
      "2026-12-31",
      ["2023-03-15", "2024-03-15", "2025-03-15", "2026-03-15"],
    ],
    [
      "yearly on 29 February occurs only in leap years",
      rule("yearly", "2024-02-29"),
      "2024-01-01",
      "2033-12-31",
      ["2024-02-29", "2028-02-29", "2032-02-29"],
    ],
    [
      "yearly on 29 February skips 2100 (not a leap year)",
      rule("yearly", "2096-02-29"),
      "2096-01-01",
      "2104-12-31",
      ["2096-02-29", "2104-02-29"],
    ],
    ["yearly on 31 December", rule("yearly", "2024-12-31"), "2025-01-01", "2026-12-31", ["2025-12-31", "2026-12-31"]],
  ])("%s", (_name, series, from, to, expected) => {
    expect(datesOf(series, from, to)).toEqual(expected);
    for (const date of expected) expect(occursOn(series, date)).toBe(true);
  });
});

describe("the choices where the spec is silent (docs/decisions/062)", () => {
  it.each<[string, SeriesRule, string, string, string[]]>([
    [
      "weekly on Mondays starting on a Tuesday: the start is not an occurrence",
      rule("weekly", "2025-01-07", ["monday"]),
      "2025-01-01",
      "2025-01-20",
      ["2025-01-13", "2025-01-20"],
    ],
    [
      "biweekly on Mondays starting on a Wednesday: week 0 (Wednesday to Tuesday) has its Monday on 01-13",
      rule("biweekly", "2025-01-08", ["monday"]),
      "2025-01-01",
      "2025-02-28",
      ["2025-01-13", "2025-01-27", "2025-02-10", "2025-02-24"],
    ],
    [
      "daily on weekdays starting on a Saturday",
      rule("daily", "2025-01-04", ["monday", "tuesday", "wednesday", "thursday", "friday"]),
      "2025-01-01",
      "2025-01-07",
      ["2025-01-06", "2025-01-07"],
    ],
    [
      "monthly on the 15th starting on the 20th begins next month",
      rule("monthly", "2025-01-20", ["15"]),
      "2025-01-01",
      "2025-03-31",
      ["2025-02-15", "2025-03-15"],
    ],
    [
      "first-monthly Monday starting after the month's first Monday",
      rule("first-monthly", "2025-01-10", ["monday"]),
      "2025-01-01",
      "2025-03-31",
      ["2025-02-03", "2025-03-03"],
    ],
    [
      "weekly without days falls back to the start's weekday (the API refuses it, the engine copes)",
      rule("weekly", "2025-01-08"),
      "2025-01-01",
      "2025-01-31",
      ["2025-01-08", "2025-01-15", "2025-01-22", "2025-01-29"],
    ],
    [
      "biweekly without days falls back to the start's weekday",
      rule("biweekly", "2025-01-08"),
      "2025-01-01",
      "2025-02-28",
      ["2025-01-08", "2025-01-22", "2025-02-05", "2025-02-19"],
    ],
    [
      "monthly without days falls back to the start's day, skipping months without it",
      rule("monthly", "2025-01-30"),
      "2025-01-01",
      "2025-04-30",
      ["2025-01-30", "2025-03-30", "2025-04-30"],
    ],
    [
      "first-monthly without days falls back to the start's weekday",
      rule("first-monthly", "2025-01-01"),
      "2025-01-01",
      "2025-03-31",
      ["2025-01-01", "2025-02-05", "2025-03-05"],
    ],
    [
      "first-monthly without days, starting outside days 1-7: the start's weekday, from next month",
      rule("first-monthly", "2025-01-20"),
      "2025-01-01",
      "2025-03-31",
      ["2025-02-03", "2025-03-03"],
    ],
    [
      "last-monthly without days falls back to the start's weekday",
      rule("last-monthly", "2025-01-31"),
      "2025-01-01",
      "2025-04-30",
      ["2025-01-31", "2025-02-28", "2025-03-28", "2025-04-25"],
    ],
    [
      "unknown weekday names are ignored (here: all of them, so the fallback applies)",
      rule("weekly", "2025-01-08", ["funday", "1"]),
      "2025-01-01",
      "2025-01-20",
      ["2025-01-08", "2025-01-15"],
    ],
    [
      "weekday names in any case and order",
      rule("weekly", "2025-01-06", ["Friday", "MONDAY"]),
      "2025-01-06",
      "2025-01-13",
      ["2025-01-06", "2025-01-10", "2025-01-13"],
    ],
  ])("%s", (_name, series, from, to, expected) => {
    expect(datesOf(series, from, to)).toEqual(expected);
  });

  it("the start of a non-matching series is not an occurrence, and no date comes before the start", () => {
    const series = rule("weekly", "2025-01-07", ["monday", "tuesday"]);
    expect(occursOn(series, "2025-01-06")).toBe(false);
    expect(occursOn(series, "2025-01-07")).toBe(true);
    expect(occursOn(rule("weekly", "2025-01-07", ["monday"]), "2025-01-07")).toBe(false);
  });
});

describe("end date", () => {
  it.each<[string, SeriesRule, string[]]>([
    [
      "is inclusive when it is an occurrence",
      rule("weekly", "2025-01-06", ["monday"], "2025-01-20"),
      ["2025-01-06", "2025-01-13", "2025-01-20"],
    ],
    ["between two occurrences", rule("weekly", "2025-01-06", ["monday"], "2025-01-19"), ["2025-01-06", "2025-01-13"]],
    ["equal to the start: one occurrence", rule("daily", "2025-01-06", [], "2025-01-06"), ["2025-01-06"]],
    ["before the start: nothing", rule("daily", "2025-01-06", [], "2025-01-05"), []],
    ["on a monthly series, inclusive", rule("monthly", "2025-01-31", ["31"], "2025-05-31"), ["2025-01-31", "2025-03-31", "2025-05-31"]],
    ["on a yearly series", rule("yearly", "2024-02-29", [], "2032-02-28"), ["2024-02-29", "2028-02-29"]],
    ["on a last-monthly series", rule("last-monthly", "2025-01-01", ["friday"], "2025-02-27"), ["2025-01-31"]],
    ["leaving no date at all", rule("weekly", "2025-01-07", ["monday"], "2025-01-12"), []],
  ])("%s", (_name, series, expected) => {
    expect(datesOf(series, "2024-01-01", "2034-12-31")).toEqual(expected);
  });
});

describe("ranges", () => {
  it("a range starting years after the series start", () => {
    expect(datesOf(rule("daily", "2019-03-10"), "2026-12-01", "2026-12-03")).toEqual(["2026-12-01", "2026-12-02", "2026-12-03"]);
    expect(datesOf(rule("monthly", "2020-01-31", ["31"]), "2026-11-01", "2026-12-31")).toEqual(["2026-12-31"]);
    expect(datesOf(rule("last-monthly", "2018-05-01", ["sunday"]), "2026-11-01", "2026-12-31")).toEqual(["2026-11-29", "2026-12-27"]);
    expect(datesOf(rule("yearly", "2001-11-23"), "2026-11-01", "2026-12-31")).toEqual(["2026-11-23"]);
  });

  it("a range before the series start, and an empty range", () => {
    expect(datesOf(rule("weekly", "2025-06-02", ["monday"]), "2025-01-01", "2025-05-31")).toEqual([]);
    expect(datesOf(rule("daily", "2025-06-02"), "2025-06-02", "2025-06-02")).toEqual(["2025-06-02"]);
    expect(expandEvents([event({ id: 1, date: "2025-06-02", recurring: "daily" })], "2025-06-10", "2025-06-01")).toEqual([]);
    expect(seriesDates(rule("daily", "2025-06-02"), "2025-06-10", "2025-06-01")).toEqual([]);
  });

  it("a single-day range inside a series finds just that day", () => {
    expect(datesOf(rule("biweekly", "2025-01-08", ["monday", "wednesday"]), "2025-01-13", "2025-01-13")).toEqual(["2025-01-13"]);
    expect(datesOf(rule("biweekly", "2025-01-08", ["monday", "wednesday"]), "2025-01-20", "2025-01-20")).toEqual([]);
  });

  it("refuses a range bound that is not a real yyyy-MM-dd date", () => {
    for (const bad of ["2025-02-30", "2025-2-03", "20250203", "", "2025-13-01", "2025-01-01T00:00"]) {
      expect(() => expandEvents([], bad, "2025-12-31")).toThrow(RangeError);
      expect(() => expandEvents([], "2025-01-01", bad)).toThrow(RangeError);
      expect(() => seriesDates(rule("daily", "2025-01-01"), bad, "2025-12-31")).toThrow(RangeError);
    }
  });

  it("a recurring value the engine does not know is shown once, on its date", () => {
    const odd = event({ id: 1, date: "2025-03-10", recurring: "fortnightly" as CalendarEvent["recurring"], customEndDate: "2025-12-31" });
    expect(expandEvents([odd], "2025-03-11", "2025-12-31")).toEqual([]);
    expect(expandEvents([odd], "2025-01-01", "2025-12-31").map((o) => o.date)).toEqual(["2025-03-10"]);
  });

  it("an event whose date is not a real date has no occurrence", () => {
    expect(
      expandEvents([event({ id: 1, date: "2025-02-30", recurring: "daily" }), event({ id: 2, date: "x" })], "2025-01-01", "2025-12-31"),
    ).toEqual([]);
    expect(occursOn(rule("daily", "2025-02-30"), "2025-03-01")).toBe(false);
    expect(firstOccurrence(rule("daily", "2025-02-30"))).toBeNull();
  });
});

describe("exceptions and children", () => {
  const series = event({ id: 1, date: "2025-01-06", recurring: "weekly", customDays: ["monday"], title: "Practice" });
  const from = "2025-01-01";
  const to = "2025-01-31";
  const seriesDatesIn = (events: CalendarEvent[]) =>
    expandEvents(events, from, to)
      .filter((o) => o.eventId === 1)
      .map((o) => o.date);

  it("an exception row removes its date and never appears itself", () => {
    const occurrences = expandEvents([series, exceptionRow(2, 1, "2025-01-13")], from, to);
    expect(occurrences.map((o) => o.id)).toEqual(["1-recurring-2025-01-06", "1-recurring-2025-01-20", "1-recurring-2025-01-27"]);
  });

  it("an exception of another series, or on a date that is not an occurrence, changes nothing", () => {
    const other = event({ id: 5, date: "2025-01-06", recurring: "weekly", customDays: ["monday"] });
    expect(seriesDatesIn([series, other, exceptionRow(2, 5, "2025-01-13"), exceptionRow(3, 1, "2025-01-14")])).toEqual([
      "2025-01-06",
      "2025-01-13",
      "2025-01-20",
      "2025-01-27",
    ]);
  });

  it("the same exception twice is harmless", () => {
    expect(seriesDatesIn([series, exceptionRow(2, 1, "2025-01-13"), exceptionRow(3, 1, "2025-01-13")])).toEqual([
      "2025-01-06",
      "2025-01-20",
      "2025-01-27",
    ]);
  });

  it("a child without originalDate overrides the occurrence on its own date", () => {
    const child = event({ id: 3, date: "2025-01-20", parentEventId: 1, title: "Practice (gym)", time: "16:00" });
    const occurrences = expandEvents([series, child], from, to);
    expect(occurrences.map((o) => o.id)).toEqual(["1-recurring-2025-01-06", "1-recurring-2025-01-13", "3", "1-recurring-2025-01-27"]);
    expect(occurrences[2]).toEqual({
      id: "3",
      eventId: 3,
      date: "2025-01-20",
      time: "16:00",
      title: "Practice (gym)",
      type: "custom",
      subject: null,
      isCompleted: false,
    });
  });

  it("a moved child hides the original date (originalDate) and appears on its new date", () => {
    const moved = event({ id: 3, date: "2025-01-15", originalDate: "2025-01-13", parentEventId: 1 });
    expect(expandEvents([series, exceptionRow(2, 1, "2025-01-13"), moved], from, to).map((o) => `${o.id}@${o.date}`)).toEqual([
      "1-recurring-2025-01-06@2025-01-06",
      "3@2025-01-15",
      "1-recurring-2025-01-20@2025-01-20",
      "1-recurring-2025-01-27@2025-01-27",
    ]);
    // Even without its exception row, and even when moved to another occurrence's date or out of the range.
    expect(seriesDatesIn([series, moved])).toEqual(["2025-01-06", "2025-01-20", "2025-01-27"]);
    const onOther = event({ id: 3, date: "2025-01-20", originalDate: "2025-01-13", parentEventId: 1 });
    expect(seriesDatesIn([series, onOther])).toEqual(["2025-01-06", "2025-01-20", "2025-01-27"]);
    const away = event({ id: 3, date: "2025-03-01", originalDate: "2025-01-13", parentEventId: 1 });
    expect(expandEvents([series, away], from, to).map((o) => o.date)).toEqual(["2025-01-06", "2025-01-20", "2025-01-27"]);
  });

  it("a child moved into the range from outside it hides nothing in the range", () => {
    const moved = event({ id: 3, date: "2025-01-15", originalDate: "2025-02-03", parentEventId: 1 });
    expect(expandEvents([series, moved], from, to).map((o) => o.id)).toEqual([
      "1-recurring-2025-01-06",
      "1-recurring-2025-01-13",
      "3",
      "1-recurring-2025-01-20",
      "1-recurring-2025-01-27",
    ]);
  });

  it("a series split off by 'this and future' overrides nothing; both expand", () => {
    const ended = { ...series, customEndDate: "2025-01-19" };
    const split = event({ id: 4, date: "2025-01-20", recurring: "weekly", customDays: ["monday"], parentEventId: 1, title: "Practice 2" });
    expect(expandEvents([ended, split], from, to).map((o) => o.id)).toEqual([
      "1-recurring-2025-01-06",
      "1-recurring-2025-01-13",
      "4-recurring-2025-01-20",
      "4-recurring-2025-01-27",
    ]);
    // Were the parent not ended, the split-off series still hides none of its dates.
    expect(expandEvents([series, split], from, to).map((o) => o.id)).toEqual([
      "1-recurring-2025-01-06",
      "1-recurring-2025-01-13",
      "1-recurring-2025-01-20",
      "4-recurring-2025-01-20",
      "1-recurring-2025-01-27",
      "4-recurring-2025-01-27",
    ]);
  });

  it("an exception of a split-off series removes its own date only", () => {
    const split = event({ id: 4, date: "2025-01-20", recurring: "weekly", customDays: ["monday"], parentEventId: 1 });
    expect(expandEvents([split, exceptionRow(5, 4, "2025-01-27")], from, to).map((o) => o.id)).toEqual(["4-recurring-2025-01-20"]);
  });

  it("a one-off event with a child is not hidden: only series occurrences are replaced", () => {
    const plain = event({ id: 1, date: "2025-01-13" });
    const child = event({ id: 3, date: "2025-01-13", parentEventId: 1 });
    expect(expandEvents([plain, child], from, to).map((o) => o.id)).toEqual(["1", "3"]);
  });

  it("the helpers look at the series' own rule only", () => {
    expect(occursOn(series, "2025-01-13")).toBe(true);
    expect(seriesDates(series, from, to)).toEqual(["2025-01-06", "2025-01-13", "2025-01-20", "2025-01-27"]);
  });
});

describe("occurrences", () => {
  it("carry the event's fields and their ids", () => {
    const series = event({
      id: 7,
      date: "2025-03-03",
      recurring: "weekly",
      customDays: ["monday"],
      title: "Chemistry lab",
      time: "14:30",
      eventType: "study",
      subject: "Chemistry",
      isCompleted: true,
    });
    const plain = event({ id: 8, date: "2025-03-04", title: "Exam", eventType: "exam", subject: "History" });
    expect(expandEvents([plain, series], "2025-03-03", "2025-03-10")).toEqual([
      {
        id: "7-recurring-2025-03-03",
        eventId: 7,
        date: "2025-03-03",
        time: "14:30",
        title: "Chemistry lab",
        type: "study",
        subject: "Chemistry",
        isCompleted: true,
      },
      { id: "8", eventId: 8, date: "2025-03-04", time: null, title: "Exam", type: "exam", subject: "History", isCompleted: false },
      {
        id: "7-recurring-2025-03-10",
        eventId: 7,
        date: "2025-03-10",
        time: "14:30",
        title: "Chemistry lab",
        type: "study",
        subject: "Chemistry",
        isCompleted: true,
      },
    ]);
  });

  it("are sorted by date, then time (all-day last), then event id", () => {
    const events = [
      event({ id: 9, date: "2025-03-03", time: null }),
      event({ id: 3, date: "2025-03-03", time: "09:00" }),
      event({ id: 2, date: "2025-03-03", time: null }),
      event({ id: 5, date: "2025-03-03", time: "08:00", recurring: "daily" }),
      event({ id: 4, date: "2025-03-03", time: "09:00" }),
      event({ id: 1, date: "2025-03-04", time: "00:00" }),
      event({ id: 6, date: "2025-03-02", time: null, recurring: "daily" }),
      event({ id: 10, date: "2025-03-03", time: "23:59" }),
    ];
    expect(expandEvents(events, "2025-03-02", "2025-03-04").map((o) => `${o.date} ${o.time ?? "all-day"} ${o.eventId}`)).toEqual([
      "2025-03-02 all-day 6",
      "2025-03-03 08:00 5",
      "2025-03-03 09:00 3",
      "2025-03-03 09:00 4",
      "2025-03-03 23:59 10",
      "2025-03-03 all-day 2",
      "2025-03-03 all-day 6",
      "2025-03-03 all-day 9",
      "2025-03-04 00:00 1",
      "2025-03-04 08:00 5",
      "2025-03-04 all-day 6",
    ]);
  });

  it("do not depend on the order of the events", () => {
    const events = [
      event({ id: 1, date: "2025-01-06", recurring: "weekly", customDays: ["monday", "friday"], time: "10:00" }),
      exceptionRow(2, 1, "2025-01-10"),
      event({ id: 3, date: "2025-01-14", originalDate: "2025-01-13", parentEventId: 1, time: "10:00" }),
      event({ id: 4, date: "2025-01-13", time: "10:00" }),
      event({ id: 5, date: "2025-01-01", recurring: "first-monthly", customDays: ["monday"] }),
    ];
    const expected = expandEvents(events, "2025-01-01", "2025-02-28");
    expect(expandEvents([...events].reverse(), "2025-01-01", "2025-02-28")).toEqual(expected);
  });
});

describe("occursOn, seriesDates and firstOccurrence", () => {
  it.each<[string, SeriesRule, string | null]>([
    ["a one-off event: its date", rule("none", "2025-03-10"), "2025-03-10"],
    ["a matching start", rule("weekly", "2025-01-06", ["monday"]), "2025-01-06"],
    ["a start that does not match", rule("weekly", "2025-01-07", ["monday"]), "2025-01-13"],
    ["biweekly: week 0 runs from the start weekday, so it holds every weekday", rule("biweekly", "2025-01-10", ["monday"]), "2025-01-13"],
    ["monthly on the 31st from a 1 February start", rule("monthly", "2025-02-01", ["31"]), "2025-03-31"],
    ["monthly on the 29th from a non-leap February", rule("monthly", "2025-02-01", ["29"]), "2025-03-29"],
    ["monthly on the 30th from 2023-01-31", rule("monthly", "2023-01-31", ["30"]), "2023-03-30"],
    ["last-monthly after the month's last such weekday", rule("last-monthly", "2025-01-29", ["monday"]), "2025-02-24"],
    ["yearly on 29 February: its start", rule("yearly", "2096-02-29"), "2096-02-29"],
    ["an end date that leaves no date", rule("weekly", "2025-01-07", ["monday"], "2025-01-12"), null],
    ["an end date before the start", rule("daily", "2025-01-07", [], "2025-01-06"), null],
    ["monthly on the 31st ending before any 31st", rule("monthly", "2025-02-01", ["31"], "2025-03-30"), null],
    ["an end date on the first occurrence", rule("monthly", "2025-02-01", ["31"], "2025-03-31"), "2025-03-31"],
  ])("firstOccurrence: %s", (_name, series, first) => {
    expect(firstOccurrence(series)).toBe(first);
    if (first !== null) {
      expect(occursOn(series, first)).toBe(true);
      expect(seriesDates(series, series.date, first)).toEqual([first]);
    } else {
      expect(seriesDates(series, "2000-01-01", "2099-12-31")).toEqual([]);
    }
  });

  it.each<[SeriesRule, string, boolean]>([
    [rule("weekly", "2025-01-06", ["monday"]), "2025-01-05", false],
    [rule("weekly", "2025-01-06", ["monday"]), "2030-12-30", true],
    [rule("weekly", "2025-01-06", ["monday"]), "2030-12-31", false],
    [rule("weekly", "2025-01-06", ["monday"], "2025-01-20"), "2025-01-27", false],
    [rule("biweekly", "2025-01-08", ["monday", "wednesday"]), "2025-01-20", false],
    [rule("biweekly", "2025-01-08", ["monday", "wednesday"]), "2025-01-22", true],
    // 3,645 days later: week 520 (even), a Monday; a week later, week 521 (odd).
    [rule("biweekly", "2025-01-08", ["monday", "wednesday"]), "2035-01-01", true],
    [rule("biweekly", "2025-01-08", ["monday", "wednesday"]), "2035-01-08", false],
    [rule("monthly", "2024-01-29", ["29"]), "2024-02-29", true],
    [rule("monthly", "2024-01-29", ["29"]), "2025-03-01", false],
    [rule("fourth-monthly", "2025-01-01", ["friday"]), "2025-01-31", false],
    [rule("last-monthly", "2025-01-01", ["friday"]), "2025-01-31", true],
    [rule("last-monthly", "2025-01-01", ["friday"]), "2025-01-24", false],
    [rule("yearly", "2024-02-29"), "2025-02-28", false],
    [rule("yearly", "2024-02-29"), "2025-03-01", false],
    [rule("none", "2025-03-10"), "2025-03-10", true],
    [rule("none", "2025-03-10"), "2025-03-17", false],
    [rule("daily", "2025-03-10"), "2025-02-30", false],
    [rule("daily", "2025-03-10"), "not a date", false],
  ])("occursOn(%j, %s) is %s", (series, date, expected) => {
    expect(occursOn(series, date)).toBe(expected);
  });
});

describe("calendar arithmetic without Date", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("agrees with UTC dates for every day of two centuries (month lengths, leap years, 1900, 2000, 2100)", () => {
    const expected: string[] = [];
    const sundays: string[] = [];
    for (let t = Date.UTC(1899, 11, 25); t <= Date.UTC(2101, 0, 5); t += 864e5) {
      const date = new Date(t);
      expected.push(date.toISOString().slice(0, 10));
      if (date.getUTCDay() === 0) sundays.push(date.toISOString().slice(0, 10));
    }
    expect(seriesDates(rule("daily", "1899-12-25"), "1899-12-25", "2101-01-05")).toEqual(expected);
    expect(seriesDates(rule("weekly", "1899-12-24", ["sunday"]), "1899-12-25", "2101-01-05")).toEqual(sundays);
  });

  it("handles the first and last years yyyy-MM-dd can write", () => {
    expect(seriesDates(rule("daily", "0000-02-28"), "0000-02-27", "0000-03-01")).toEqual(["0000-02-28", "0000-02-29", "0000-03-01"]);
    expect(seriesDates(rule("weekly", "9999-12-01", ["friday"]), "9999-12-01", "9999-12-31")).toEqual([
      "9999-12-03",
      "9999-12-10",
      "9999-12-17",
      "9999-12-24",
      "9999-12-31",
    ]);
  });

  it("never touches Date", () => {
    const events = [
      event({ id: 1, date: "2024-02-29", recurring: "yearly" }),
      event({ id: 2, date: "2025-01-08", recurring: "biweekly", customDays: ["monday", "wednesday"] }),
      event({ id: 3, date: "2025-01-31", recurring: "monthly", customDays: ["31"] }),
      event({ id: 4, date: "2025-01-01", recurring: "last-monthly", customDays: ["friday"] }),
      event({ id: 5, date: "2025-01-01", recurring: "daily" }),
      exceptionRow(6, 5, "2025-03-09"),
    ];
    const expected = expandEvents(events, "2025-01-01", "2028-12-31");
    const refuse = () => {
      throw new Error("Date used");
    };
    vi.stubGlobal("Date", new Proxy(Date, { construct: refuse, apply: refuse, get: refuse }));
    let actual: unknown;
    let first: unknown;
    try {
      actual = expandEvents(events, "2025-01-01", "2028-12-31");
      first = firstOccurrence(rule("monthly", "2025-02-01", ["31"]));
    } finally {
      vi.unstubAllGlobals();
    }
    expect(actual).toEqual(expected);
    expect(first).toBe("2025-03-31");
  });
});

describe("firstDateFrom and firstShownDate: the first date left, found without walking the series", () => {
  const forever = rule("daily", "0000-01-01", [], "9999-12-31");

  it("visits the dates it skips and one more, however long the series runs", () => {
    const asked: string[] = [];
    const taken = new Set(["2026-11-26", "2026-11-27", "2026-11-28"]);
    const first = firstDateFrom(forever, "2026-11-26", (date) => {
      asked.push(date);
      return taken.has(date);
    });
    expect(first).toBe("2026-11-29");
    expect(asked).toEqual(["2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29"]);
    expect(firstDateFrom(rule("weekly", "9999-12-27", ["friday"], "9999-12-31"), "9999-12-27")).toBe("9999-12-31");
    expect(firstDateFrom(rule("weekly", "9999-12-27", ["friday"], "9999-12-30"), "9999-12-27")).toBeNull();
    expect(firstDateFrom(rule("yearly", "2096-02-29"), "2097-01-01")).toBe("2104-02-29");
  });

  it("firstShownDate skips the dates its exceptions and changed occurrences took, not those of series split off it", () => {
    const series = event({ id: 1, date: "0000-01-01", recurring: "daily", customEndDate: "9999-12-31" });
    const changed = event({ id: 3, date: "0000-01-05", parentEventId: 1, originalDate: "0000-01-02" });
    const splitOff = event({ id: 4, date: "0000-01-03", parentEventId: 1, recurring: "daily" });
    expect(firstShownDate(series, [exceptionRow(2, 1, "0000-01-01"), changed, splitOff])).toBe("0000-01-03");
    const allTaken = event({ id: 5, date: "0000-01-01", recurring: "daily", customEndDate: "0000-01-02" });
    expect(firstShownDate(allTaken, [exceptionRow(6, 5, "0000-01-01"), exceptionRow(7, 5, "0000-01-02")])).toBeNull();
  });
});
