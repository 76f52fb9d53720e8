/**
 * The engine against a maintained RFC 5545 implementation (docs/decisions/062): fast-check
 * generates series of every kind, with and without end dates, with exceptions and children and a
 * range; each series is written as an RRULE and expanded by rrule-temporal, which works on plain
 * dates (`DTSTART;VALUE=DATE`, computed in UTC whatever the process's zone), and the date lists
 * must be equal. Test-only dependencies: they never ship with core.
 *
 * The one deliberate difference from RFC 5545: a start date that does not match the rule is not
 * an occurrence here, where RFC 5545 counts DTSTART as the first instance. The oracle is asked
 * with `includeDtstart: false`, which drops exactly such a DTSTART; a check below shows that this
 * is the only difference from the RFC-inclusive answer.
 */
import fc from "fast-check";
import { RRuleTemporal } from "rrule-temporal";
import { Temporal } from "temporal-polyfill";
import { describe, expect, it } from "vitest";
import { WEEKDAY_NAMES } from "../day-numbers";
import { type CalendarEvent, RECURRING_KINDS, type RecurringKind } from "../schemas/event";
import { expandEvents, firstOccurrence, occursOn, type SeriesRule, seriesDates } from "./recurrence";
import { event } from "../test/builders";

const EPOCH = Temporal.PlainDate.from("2016-01-01");
const plusDays = (date: string, days: number) => Temporal.PlainDate.from(date).add({ days }).toString();
const compact = (date: string) => date.replaceAll("-", "");
/** RFC 5545 weekday codes, in the order of WEEKDAY_NAMES (Sunday first). */
const CODES = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"] as const;
const codeOf = (date: string) => CODES[Temporal.PlainDate.from(date).dayOfWeek % 7]!;
const NTH: Partial<Record<RecurringKind, number>> = {
  "first-monthly": 1,
  "second-monthly": 2,
  "third-monthly": 3,
  "fourth-monthly": 4,
  "last-monthly": -1,
};

/** How a removed occurrence is recorded: an exception row, or a child event of the series. */
type Removal = { offset: number; how: "exception" | "child-same-date" | "child-moved"; shift: number };

interface Case {
  kind: Exclude<RecurringKind, "none">;
  start: string;
  weekdays: string[];
  monthDays: number[];
  /** nth weekday written as BYDAY=1MO (true) or as BYDAY=MO;BYMONTHDAY=1,…,7 (false). */
  ordinalByDay: boolean;
  end: string | null;
  removals: Removal[];
  from: string;
  to: string;
}

/** A start date: any day of 2016-2031, often a month's last days, sometimes 29 February. */
const startArbitrary: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 15 * 366 }).map((n) => EPOCH.add({ days: n }).toString()) },
  {
    weight: 2,
    arbitrary: fc
      .record({
        year: fc.integer({ min: 2016, max: 2030 }),
        month: fc.integer({ min: 1, max: 12 }),
        fromEnd: fc.integer({ min: 0, max: 3 }),
      })
      .map(({ year, month, fromEnd }) => {
        const first = Temporal.PlainDate.from({ year, month, day: 1 });
        return first.add({ days: first.daysInMonth - 1 - fromEnd }).toString();
      }),
  },
  { weight: 1, arbitrary: fc.constantFrom("2016-02-29", "2020-02-29", "2024-02-29", "2028-02-29") },
);

const caseArbitrary: fc.Arbitrary<Case> = fc
  .record({
    kind: fc.constantFrom(...RECURRING_KINDS.filter((k): k is Case["kind"] => k !== "none")),
    start: startArbitrary,
    weekdays: fc.subarray([...WEEKDAY_NAMES]),
    // Day numbers, often from the month ends where months differ.
    monthDays: fc.uniqueArray(fc.oneof(fc.integer({ min: 1, max: 31 }), fc.integer({ min: 28, max: 31 })), { maxLength: 4 }),
    ordinalByDay: fc.boolean(),
    endAfter: fc.option(fc.integer({ min: 0, max: 4 * 366 }), { nil: null }),
    removals: fc.array(
      fc.record({
        offset: fc.integer({ min: 0, max: 900 }),
        how: fc.constantFrom<Removal["how"][]>("exception", "child-same-date", "child-moved"),
        shift: fc.integer({ min: -40, max: 40 }),
      }),
      { maxLength: 5 },
    ),
    fromOffset: fc.integer({ min: -400, max: 4 * 366 }),
    length: fc.integer({ min: 0, max: 3 * 366 }),
  })
  .map((r) => {
    const start = r.start;
    const from = plusDays(start, r.fromOffset);
    return {
      kind: r.kind,
      start,
      weekdays: r.weekdays,
      monthDays: r.monthDays,
      ordinalByDay: r.ordinalByDay,
      end: r.endAfter === null ? null : plusDays(start, r.endAfter),
      removals: r.removals,
      from,
      to: plusDays(from, r.length),
    };
  });

function customDays(c: Case): string[] {
  if (c.kind === "monthly") return c.monthDays.map(String);
  if (c.kind === "yearly") return [];
  return c.weekdays;
}

/** The series as RRULE parts, with the engine's fallbacks written out where RFC 5545 has none. */
function rrule(c: Case): string {
  const byDay = c.weekdays.map((w) => CODES[WEEKDAY_NAMES.indexOf(w as (typeof WEEKDAY_NAMES)[number])]!);
  const orStart = byDay.length > 0 ? byDay : [codeOf(c.start)];
  const parts: string[] = [];
  switch (c.kind) {
    case "daily":
      parts.push("FREQ=DAILY", ...(byDay.length > 0 ? [`BYDAY=${byDay.join(",")}`] : []));
      break;
    case "weekly":
      // No BYDAY: RFC 5545 takes the weekday from DTSTART, the engine's fallback.
      parts.push("FREQ=WEEKLY", ...(byDay.length > 0 ? [`BYDAY=${byDay.join(",")}`] : []));
      break;
    case "biweekly":
      parts.push("FREQ=WEEKLY", "INTERVAL=2", `WKST=${codeOf(c.start)}`, ...(byDay.length > 0 ? [`BYDAY=${byDay.join(",")}`] : []));
      break;
    case "monthly":
      // No BYMONTHDAY: RFC 5545 takes the day from DTSTART, the engine's fallback.
      parts.push("FREQ=MONTHLY", ...(c.monthDays.length > 0 ? [`BYMONTHDAY=${c.monthDays.join(",")}`] : []));
      break;
    case "yearly":
      parts.push("FREQ=YEARLY");
      break;
    default: {
      const n = NTH[c.kind]!;
      if (n === -1 || c.ordinalByDay) parts.push("FREQ=MONTHLY", `BYDAY=${orStart.map((d) => `${n}${d}`).join(",")}`);
      else {
        const days = Array.from({ length: 7 }, (_, i) => (n - 1) * 7 + 1 + i);
        parts.push("FREQ=MONTHLY", `BYDAY=${orStart.join(",")}`, `BYMONTHDAY=${days.join(",")}`);
      }
    }
  }
  if (c.end !== null) parts.push(`UNTIL=${compact(c.end)}`);
  return parts.join(";");
}

function oracle(c: Case, options: { exDates?: string[]; includeDtstart?: boolean } = {}): RRuleTemporal {
  const lines = [`DTSTART;VALUE=DATE:${compact(c.start)}`, `RRULE:${rrule(c)}`];
  if (options.exDates?.length) lines.push(`EXDATE;VALUE=DATE:${options.exDates.map(compact).join(",")}`);
  return new RRuleTemporal({ rruleString: lines.join("\n"), includeDtstart: options.includeDtstart ?? false });
}

function oracleDates(rule: RRuleTemporal, from: string, to: string): string[] {
  return rule.between(new Date(`${from}T00:00:00Z`), new Date(`${to}T23:59:59Z`), true).map((zdt) => zdt.toPlainDate().toString());
}

/** The series, its exception rows and its children, as GET /api/events would answer them. */
function events(c: Case): { all: CalendarEvent[]; removed: string[]; children: CalendarEvent[] } {
  const series = event({ id: 1, date: c.start, recurring: c.kind, customDays: customDays(c), customEndDate: c.end, time: "10:00" });
  const all = [series];
  const children: CalendarEvent[] = [];
  const removed: string[] = [];
  c.removals.forEach((r, i) => {
    const date = plusDays(c.start, r.offset);
    removed.push(date);
    const id = 100 + i;
    if (r.how === "exception") {
      // The row's own date plays no part: only exceptionDate says which occurrence goes.
      const rowDate = r.shift % 2 === 0 ? date : c.start;
      all.push(event({ id, date: rowDate, eventType: "exception", parentEventId: 1, isException: true, exceptionDate: date }));
    } else {
      const child =
        r.how === "child-same-date"
          ? event({ id, date, parentEventId: 1 })
          : event({ id, date: plusDays(date, r.shift), originalDate: date, parentEventId: 1 });
      all.push(child);
      children.push(child);
    }
  });
  return { all, removed, children };
}

const seriesRule = (c: Case): SeriesRule => ({ date: c.start, recurring: c.kind, customDays: customDays(c), customEndDate: c.end });

describe("the engine agrees with rrule-temporal (RFC 5545 on plain dates)", () => {
  it("expandEvents: a series with exceptions and children, over a range", () => {
    fc.assert(
      fc.property(caseArbitrary, (c) => {
        const { all, removed, children } = events(c);
        const occurrences = expandEvents(all, c.from, c.to);
        const expected = oracleDates(oracle(c, { exDates: removed }), c.from, c.to);
        expect(occurrences.filter((o) => o.eventId === 1).map((o) => o.date)).toEqual(expected);
        // The children appear on their own dates, once each.
        const shownChildren = occurrences.filter((o) => o.eventId !== 1).map((o) => o.id);
        expect(shownChildren.sort()).toEqual(
          children
            .filter((ch) => ch.date >= c.from && ch.date <= c.to)
            .map((ch) => String(ch.id))
            .sort(),
        );
      }),
      { numRuns: 300 },
    );
  });

  it("seriesDates, occursOn and firstOccurrence: the series' own rule", () => {
    fc.assert(
      fc.property(caseArbitrary, fc.array(fc.integer({ min: 0, max: 3 * 366 }), { maxLength: 8 }), (c, probes) => {
        const rule = oracle(c);
        const expected = oracleDates(rule, c.from, c.to);
        const series = seriesRule(c);
        expect(seriesDates(series, c.from, c.to)).toEqual(expected);

        const set = new Set(expected);
        for (const date of expected) expect(occursOn(series, date)).toBe(true);
        for (const p of probes) {
          const date = plusDays(c.from, p);
          if (date <= c.to) expect(occursOn(series, date)).toBe(set.has(date));
        }

        const first = rule.all((_, i) => i < 1)[0];
        expect(firstOccurrence(series)).toBe(first ? first.toPlainDate().toString() : null);
      }),
      { numRuns: 300 },
    );
  });

  it("the only difference from RFC 5545's DTSTART rule is a start that does not match", () => {
    fc.assert(
      fc.property(caseArbitrary, (c) => {
        const from = c.start;
        const to = plusDays(c.start, 120);
        const strict = oracleDates(oracle(c), from, to);
        const inclusive = oracleDates(oracle(c, { includeDtstart: true }), from, to);
        expect(inclusive.filter((d) => d !== c.start)).toEqual(strict.filter((d) => d !== c.start));
        expect(occursOn(seriesRule(c), c.start)).toBe(strict.includes(c.start));
      }),
      { numRuns: 300 },
    );
  });
});
