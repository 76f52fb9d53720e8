// npx tsx bench/recurrence.ts: the recurrence engine (core/calendar/recurrence.ts) expanding
// 1,000 series of a realistic mix of kinds, started up to 3 years before 2026-11-23, over one
// month and over one year; and the same rules through rrule.js (RRule, dtstart at UTC midnight, no
// tzid) in the same run, as a ratio. Goal (issue 11): ratio ≤ 1.0 for the month, and a month of
// 1,000 series in a few milliseconds. Figures are the median of many timed expansions after a
// warm-up. Both sides also produce the same dates, checked before timing.
import os from "node:os";
import { performance } from "node:perf_hooks";
// rrule ships a CommonJS bundle whose named exports Node cannot see from ESM: take them from the default.
import rrule, { type Weekday } from "rrule";
import { expandEvents } from "../core/calendar/recurrence";
import { seededRandom } from "./seeded-random";
import { WEEKDAY_NAMES } from "../core/day-numbers";
import { type CalendarEvent, type RecurringKind } from "../core/schemas/event";

const { RRule } = rrule;
type RRule = InstanceType<typeof RRule>;

const SERIES = 1000;
const TODAY = "2026-11-23";
const RANGES: [label: string, from: string, to: string][] = [
  ["one month (2026-12)", "2026-12-01", "2026-12-31"],
  ["one year (2027)", "2027-01-01", "2027-12-31"],
];

// ---------------------------------------------------------------------------------------------
// Dates in the bench itself (UTC, outside the engine).

const DAY_MS = 86_400_000;
const toMs = (date: string) => Date.parse(`${date}T00:00:00Z`);
const toDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const addDays = (date: string, days: number) => toDate(toMs(date) + days * DAY_MS);

// The same 1,000 series on every run.
const rand = seededRandom(20261123);
const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
const someOf = <T>(items: readonly T[], min: number, max: number): T[] => {
  const count = int(min, max);
  const chosen = new Set<T>();
  while (chosen.size < count) chosen.add(pick(items));
  return items.filter((i) => chosen.has(i));
};

// ---------------------------------------------------------------------------------------------
// 1,000 series, a student body's worth of calendars.

const SCHOOL_DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday"] as const;
/** [kind, weight]: weekly and daily with days most common. */
const MIX: [RecurringKind | "daily-every-day", number][] = [
  ["weekly", 34],
  ["daily", 20],
  ["daily-every-day", 4],
  ["biweekly", 10],
  ["monthly", 10],
  ["first-monthly", 3],
  ["second-monthly", 2],
  ["third-monthly", 2],
  ["fourth-monthly", 2],
  ["last-monthly", 5],
  ["yearly", 8],
];
const TOTAL_WEIGHT = MIX.reduce((sum, [, w]) => sum + w, 0);

function pickKind(): RecurringKind | "daily-every-day" {
  let r = rand() * TOTAL_WEIGHT;
  for (const [kind, weight] of MIX) if ((r -= weight) < 0) return kind;
  return "weekly";
}

function baseEvent(id: number, fields: Partial<CalendarEvent>): CalendarEvent {
  return {
    id,
    userId: 1,
    title: `Event ${id}`,
    description: null,
    subject: null,
    date: TODAY,
    time: null,
    eventType: "custom",
    recurring: "none",
    customWhenToRepeat: null,
    customDays: [],
    customEndDate: null,
    isCompleted: false,
    createdAt: "2026-01-01T00:00:00.000Z",
    notificationEnabled: false,
    notificationTiming: null,
    parentEventId: null,
    isException: false,
    exceptionDate: null,
    originalDate: null,
    endTime: null,
    prepMinutes: null,
    ...fields,
  };
}

const events: CalendarEvent[] = [];
let nextId = 1;
for (let i = 0; i < SERIES; i++) {
  const picked = pickKind();
  const kind: RecurringKind = picked === "daily-every-day" ? "daily" : picked;
  const date = addDays(TODAY, -int(0, 3 * 365));
  let customDays: string[] = [];
  if (kind === "daily") customDays = picked === "daily-every-day" ? [...WEEKDAY_NAMES] : someOf(SCHOOL_DAYS, 2, 5);
  else if (kind === "weekly" || kind === "biweekly") customDays = someOf(SCHOOL_DAYS, 1, 3);
  else if (kind === "monthly") customDays = someOf([1, 5, 10, 15, 20, 25, 28, 29, 30, 31], 1, 2).map(String);
  else if (kind !== "yearly") customDays = someOf(WEEKDAY_NAMES, 1, 2);
  // A quarter end some time after they start (some already over, some running through the ranges).
  const customEndDate = rand() < 0.25 ? addDays(date, int(30, 4 * 365)) : null;
  const id = nextId++;
  events.push(
    baseEvent(id, {
      date,
      recurring: kind,
      customDays,
      customEndDate,
      time: rand() < 0.7 ? `${String(int(7, 20)).padStart(2, "0")}:00` : null,
    }),
  );
  // A fifth have a few exceptions around the ranges.
  if (rand() < 0.2) {
    for (let k = int(1, 3); k > 0; k--) {
      const exceptionDate = addDays("2026-12-01", int(-30, 400));
      events.push(
        baseEvent(nextId++, { date: exceptionDate, eventType: "exception", parentEventId: id, isException: true, exceptionDate }),
      );
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The same rules through rrule.js.

const RRULE_DAYS: Record<string, Weekday> = {
  sunday: RRule.SU,
  monday: RRule.MO,
  tuesday: RRule.TU,
  wednesday: RRule.WE,
  thursday: RRule.TH,
  friday: RRule.FR,
  saturday: RRule.SA,
};
const NTH: Partial<Record<RecurringKind, number>> = {
  "first-monthly": 1,
  "second-monthly": 2,
  "third-monthly": 3,
  "fourth-monthly": 4,
  "last-monthly": -1,
};

interface RRuleSeries {
  id: number;
  time: string | null;
  rule: RRule;
  exceptions: Set<string>;
}

/** What a project using rrule.js would do with the same list: a rule per series (no cache), exceptions filtered. */
function toRRules(list: CalendarEvent[]): RRuleSeries[] {
  const exceptions = new Map<number, Set<string>>();
  for (const e of list) {
    if (!e.isException || e.parentEventId === null || e.exceptionDate === null) continue;
    if (!exceptions.has(e.parentEventId)) exceptions.set(e.parentEventId, new Set());
    exceptions.get(e.parentEventId)!.add(e.exceptionDate);
  }
  const series: RRuleSeries[] = [];
  for (const e of list) {
    if (e.isException || e.recurring === "none") continue;
    const dtstart = new Date(toMs(e.date));
    const startDay = RRULE_DAYS[WEEKDAY_NAMES[dtstart.getUTCDay()]!]!;
    const days = e.customDays.map((d) => RRULE_DAYS[d]!).filter(Boolean);
    const until = e.customEndDate === null ? null : new Date(toMs(e.customEndDate));
    const base = { dtstart, until };
    let rule: RRule;
    switch (e.recurring) {
      case "daily":
        rule = new RRule({ ...base, freq: RRule.DAILY, byweekday: days.length > 0 && days.length < 7 ? days : null }, true);
        break;
      case "weekly":
        rule = new RRule({ ...base, freq: RRule.WEEKLY, byweekday: days.length > 0 ? days : [startDay] }, true);
        break;
      case "biweekly":
        rule = new RRule(
          { ...base, freq: RRule.WEEKLY, interval: 2, wkst: startDay, byweekday: days.length > 0 ? days : [startDay] },
          true,
        );
        break;
      case "monthly":
        rule = new RRule(
          { ...base, freq: RRule.MONTHLY, bymonthday: e.customDays.length > 0 ? e.customDays.map(Number) : [dtstart.getUTCDate()] },
          true,
        );
        break;
      case "yearly":
        rule = new RRule({ ...base, freq: RRule.YEARLY }, true);
        break;
      default: {
        const n = NTH[e.recurring]!;
        rule = new RRule({ ...base, freq: RRule.MONTHLY, byweekday: (days.length > 0 ? days : [startDay]).map((d) => d.nth(n)) }, true);
      }
    }
    series.push({ id: e.id, time: e.time, rule, exceptions: exceptions.get(e.id) ?? new Set() });
  }
  return series;
}

type Row = { eventId: number; date: string; time: string | null };

function expandWithRRule(list: CalendarEvent[], from: string, to: string): Row[] {
  const after = new Date(toMs(from));
  const before = new Date(toMs(to));
  const rows: Row[] = [];
  for (const s of toRRules(list)) {
    for (const d of s.rule.between(after, before, true)) {
      const date = d.toISOString().slice(0, 10);
      if (!s.exceptions.has(date)) rows.push({ eventId: s.id, date, time: s.time });
    }
  }
  // The same order as the engine's: date, time (all-day last), event id.
  return rows.sort(
    (a, b) =>
      (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) ||
      (a.time === b.time ? 0 : a.time === null ? 1 : b.time === null ? -1 : a.time < b.time ? -1 : 1) ||
      a.eventId - b.eventId,
  );
}

// ---------------------------------------------------------------------------------------------
// Timing.

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Median ms per call: warm up, then time single calls until both the minimum count and the time budget are reached. */
function time(
  fn: () => unknown,
  { warmup = 20, minSamples = 30, maxSamples = 2000, budgetMs = 3000 } = {},
): { ms: number; samples: number } {
  for (let i = 0; i < warmup; i++) fn();
  const samples: number[] = [];
  const begin = performance.now();
  while (samples.length < maxSamples && (samples.length < minSamples || performance.now() - begin < budgetMs)) {
    const t0 = performance.now();
    fn();
    samples.push(performance.now() - t0);
  }
  return { ms: median(samples), samples: samples.length };
}

const kinds = new Map<string, number>();
for (const e of events) if (!e.isException) kinds.set(e.recurring, (kinds.get(e.recurring) ?? 0) + 1);
console.log(
  `\n${SERIES} series (${[...kinds].map(([k, n]) => `${n} ${k}`).join(", ")}), ` +
    `${events.filter((e) => e.customEndDate !== null).length} with end dates, ${events.filter((e) => e.isException).length} exception rows; ` +
    `started up to 3 years before ${TODAY}`,
);
console.log(`${os.cpus().length} cores (${os.cpus()[0]?.model ?? "cpu"}), Node ${process.version}, TZ=${process.env.TZ ?? "(unset)"}`);

const results: { label: string; occurrences: number; engine: { ms: number; samples: number }; rrule: { ms: number; samples: number } }[] =
  [];
for (const [label, from, to] of RANGES) {
  const ours = expandEvents(events, from, to).map((o) => `${o.eventId}@${o.date}`);
  const theirs = expandWithRRule(events, from, to).map((r) => `${r.eventId}@${r.date}`);
  if (ours.join() !== theirs.join()) {
    const a = new Set(ours);
    const b = new Set(theirs);
    console.error(`${label}: the engine and rrule.js disagree`, {
      onlyEngine: ours.filter((x) => !b.has(x)).slice(0, 10),
      onlyRRule: theirs.filter((x) => !a.has(x)).slice(0, 10),
    });
    process.exitCode = 1;
  }
  results.push({
    label,
    occurrences: ours.length,
    engine: time(() => expandEvents(events, from, to)),
    rrule: time(() => expandWithRRule(events, from, to), { warmup: 3, minSamples: 10, maxSamples: 200 }),
  });
}

const col = (text: string, width: number) => text.padStart(width);
console.log(
  `${"range".padEnd(22)}${col("occurrences", 12)}${col("engine ms", 12)}${col("rrule.js ms", 13)}${col("engine/rrule.js", 17)}${col("samples", 12)}`,
);
for (const r of results) {
  console.log(
    `${r.label.padEnd(22)}${col(String(r.occurrences), 12)}${col(r.engine.ms.toFixed(2), 12)}${col(r.rrule.ms.toFixed(2), 13)}` +
      `${col((r.engine.ms / r.rrule.ms).toFixed(3), 17)}${col(`${r.engine.samples}/${r.rrule.samples}`, 12)}`,
  );
}
console.log(process.exitCode ? "Dates differ: see above." : "Same dates from both, for both ranges.");
