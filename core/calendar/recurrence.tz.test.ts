import { afterAll, describe, expect, it, vi } from "vitest";
import type { CalendarEvent } from "../schemas/event";
import { expandEvents, firstOccurrence, occursOn, seriesDates } from "./recurrence";
import { event } from "../test/builders";

/**
 * The engine's answer is the same whatever the process's time zone (docs/decisions/062): each zone
 * below is set as TZ (Node re-reads it when process.env.TZ is assigned, which vi.stubEnv does) and
 * the same expansion is compared with the one made under UTC. The ranges hold DST changes of each
 * zone that has them, including São Paulo's 2018 change at midnight (local midnight of 2018-11-04
 * did not exist there: the classic trap of `new Date(y, m, d)`).
 */
const ZONES: [zone: string, offsetOn20250101: number][] = [
  // getTimezoneOffset() on 2025-01-01T00:00Z: minutes behind UTC, proof that the zone took effect.
  ["UTC", 0],
  ["America/New_York", 300],
  ["Europe/London", 0],
  ["Asia/Kolkata", -330],
  ["Australia/Lord_Howe", -660],
  ["Pacific/Kiritimati", -840],
  ["America/Sao_Paulo", 180],
];

const RANGES: [from: string, to: string][] = [
  ["2018-09-01", "2019-04-30"], // São Paulo: 2018-11-04 and 2019-02-17
  ["2025-02-15", "2025-11-15"], // US 03-09 / 11-02, EU 03-30 / 10-26, Lord Howe 04-06 / 10-05
];

const EVENTS: CalendarEvent[] = [
  event({ id: 1, recurring: "daily", date: "2018-10-28", time: "00:30" }),
  event({ id: 2, recurring: "daily", date: "2018-03-04", customDays: ["sunday", "saturday"], time: "02:30" }),
  event({ id: 3, recurring: "weekly", date: "2018-01-07", customDays: ["sunday"], customEndDate: "2025-10-26" }),
  event({ id: 4, recurring: "biweekly", date: "2018-10-24", customDays: ["monday", "wednesday"], time: "01:30" }),
  event({ id: 5, recurring: "monthly", date: "2018-01-31", customDays: ["4", "31"] }),
  event({ id: 6, recurring: "first-monthly", date: "2018-01-01", customDays: ["sunday"] }),
  event({ id: 7, recurring: "second-monthly", date: "2018-01-01", customDays: ["sunday"] }),
  event({ id: 8, recurring: "last-monthly", date: "2018-01-01", customDays: ["sunday"], time: "03:00" }),
  event({ id: 9, recurring: "fourth-monthly", date: "2018-01-01", customDays: ["sunday"] }),
  event({ id: 10, recurring: "yearly", date: "2016-02-29" }),
  event({ id: 11, recurring: "yearly", date: "2017-11-04" }),
  event({ id: 12, date: "2018-11-04", time: "00:15" }),
  event({ id: 13, date: "2025-03-09", time: "02:30" }),
  event({ id: 14, isException: true, eventType: "exception", parentEventId: 1, exceptionDate: "2018-11-04", date: "2018-11-04" }),
  event({ id: 15, parentEventId: 1, originalDate: "2025-03-30", date: "2025-03-31", time: "01:00" }),
  event({ id: 16, recurring: "weekly", date: "2025-03-09", customDays: ["sunday"], parentEventId: 3 }),
];

function answers() {
  return RANGES.map(([from, to]) => ({
    occurrences: expandEvents(EVENTS, from, to),
    dates: EVENTS.map((e) => seriesDates(e, from, to)),
    firsts: EVENTS.map((e) => firstOccurrence(e)),
    on: ["2018-11-04", "2019-02-17", "2025-03-09", "2025-03-30", "2025-04-06", "2025-10-05", "2025-10-26", "2025-11-02"].map((d) =>
      EVENTS.map((e) => occursOn(e, d)),
    ),
  }));
}

describe("the same answer in every time zone", () => {
  afterAll(() => {
    vi.unstubAllEnvs();
  });

  vi.stubEnv("TZ", "UTC");
  const reference = answers();

  it("the reference holds the DST days themselves", () => {
    const dates = new Set(reference.flatMap((r) => r.occurrences.map((o) => o.date)));
    for (const d of ["2018-11-04", "2019-02-17", "2025-03-09", "2025-03-30", "2025-04-06", "2025-10-05", "2025-10-26", "2025-11-02"]) {
      expect(dates.has(d)).toBe(true);
    }
    // Spot checks: the exception and the moved child on a DST day, the series from years before.
    const first = reference[0]!.occurrences;
    expect(first.some((o) => o.eventId === 1 && o.date === "2018-11-04")).toBe(false);
    expect(first.find((o) => o.eventId === 12)?.date).toBe("2018-11-04");
    const second = reference[1]!.occurrences;
    expect(second.some((o) => o.eventId === 1 && o.date === "2025-03-30")).toBe(false);
    expect(second.find((o) => o.eventId === 15)?.date).toBe("2025-03-31");
    expect(second.filter((o) => o.eventId === 10)).toEqual([]); // 2025 is not a leap year
    expect(reference[0]!.dates[9]).toEqual([]); // nor 2018/2019
  });

  it.each(ZONES)("TZ=%s", (zone, offset) => {
    vi.stubEnv("TZ", zone);
    expect(new Date(Date.UTC(2025, 0, 1)).getTimezoneOffset()).toBe(offset);
    expect(answers()).toEqual(reference);
  });
});
