// npm run bench:series: what one operation on a repeating event costs when the series spans every
// date the schemas accept (a daily series 0000-01-01 … 9999-12-31, about 3.65 million days),
// against the same operation on a one-month series in the same run (issue 33, decision 107). Each
// operation is timed through the app (Fastify's inject, the real database: SQLite, or PostgreSQL
// with BENCH_ENGINE=postgres and TEST_DATABASE_URL), median of BENCH_ROUNDS (default 15). Then
// GET /api/health is timed alone and while four such operations run at once: the event loop must
// not be held. For scale, the bench also times the walk the operations used to make (every date of
// the series listed as text, what hasDatesLeft did before).
import os from "node:os";
import { performance } from "node:perf_hooks";
import { seriesDates } from "../core/calendar/recurrence";
import type { CalendarEvent } from "../core/schemas/event";
import { buildTestApp, TestClient } from "../server/test/harness";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const engine = process.env.BENCH_ENGINE === "postgres" ? "postgres" : "sqlite";
if (engine === "postgres") process.env.TEST_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/postgres";

const SHORT = { date: "2026-12-01", customEndDate: "2026-12-31" };
const FOREVER = { date: "0000-01-01", customEndDate: "9999-12-31" };
type Span = typeof SHORT;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1);

const t = await buildTestApp(engine);
const client = new TestClient(t.app);
await client.register({ firstName: "Bench" });

async function createSeries(span: Span, title: string): Promise<CalendarEvent> {
  const res = await client.request("POST", "/api/events", { title, time: "07:30", eventType: "custom", recurring: "daily", ...span });
  if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A date inside the span, different each round, so no operation repeats an earlier one. */
const dateIn = (span: Span, round: number) =>
  span === SHORT ? `2026-12-${String(2 + round).padStart(2, "0")}` : `5000-01-${String(2 + round).padStart(2, "0")}`;

/** Each operation, on a fresh series of the span, answers `expected`; returns its duration. */
const OPERATIONS: [name: string, run: (series: CalendarEvent, span: Span, round: number) => Promise<number>][] = [
  [
    "exception (this event only, deleted)",
    (s, span, r) => timed("POST", `/api/events/${s.id}/exception`, { exceptionDate: dateIn(span, r) }, 201),
  ],
  [
    "end date changed",
    (s, span) => timed("PATCH", `/api/events/${s.id}`, { customEndDate: span === SHORT ? "2026-12-30" : "9999-12-30" }, 200),
  ],
  [
    "this event only, edited",
    (s, span, r) => timed("PUT", `/api/events/SINGLE_INSTANCE_${s.id}_${dateIn(span, r)}`, { ...body(span), title: "Moved" }, 200),
  ],
  [
    "this and future, edited",
    (s, span, r) => timed("PUT", `/api/events/FUTURE_SERIES_${s.id}_${dateIn(span, r)}`, { ...body(span), date: dateIn(span, r) }, 200),
  ],
  ["this and future, deleted", (s, span, r) => timed("DELETE", `/api/events/FUTURE_SERIES_${s.id}_${dateIn(span, r)}`, undefined, 204)],
  ["whole series edited", (s, span) => timed("PUT", `/api/events/${s.id}`, { ...body(span), title: "Renamed" }, 200)],
];
const body = (span: Span) => ({ title: "Series", time: "07:30", eventType: "custom", recurring: "daily", ...span });

async function timed(method: string, url: string, payload: unknown, expected: number): Promise<number> {
  const start = performance.now();
  const res = await client.request(method, url, payload);
  const took = performance.now() - start;
  if (res.statusCode !== expected) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return took;
}

console.log(`Series operations (${engine}), median of ${ROUNDS}; Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model}`);
console.log("| operation | one-month series ms | 0000-01-01 … 9999-12-31 ms | ratio |");
console.log("|---|---|---|---|");
for (const [name, run] of OPERATIONS) {
  const figures: number[] = [];
  for (const span of [SHORT, FOREVER]) {
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round++) times.push(await run(await createSeries(span, name), span, round));
    figures.push(median(times));
  }
  // The events cap (1,000) would stop the next operation: start again from an empty calendar.
  await t.db.deleteFrom("events").execute();
  console.log(`| ${name} | ${ms(figures[0]!)} | ${ms(figures[1]!)} | ${(figures[1]! / figures[0]!).toFixed(2)}× |`);
}

// /api/health alone, then while four operations on spanning series run at once.
const health = async () => {
  const start = performance.now();
  await client.request("GET", "/api/health");
  return performance.now() - start;
};
const alone: number[] = [];
for (let i = 0; i < ROUNDS; i++) alone.push(await health());
const during: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const series = await Promise.all([0, 1, 2, 3].map(() => createSeries(FOREVER, "Busy")));
  const four = series.map((s, i) =>
    timed("POST", `/api/events/${s.id}/exception`, { exceptionDate: dateIn(FOREVER, (round + i) % 20) }, 201),
  );
  during.push(await health());
  await Promise.all(four);
}
console.log(
  `GET /api/health: ${ms(median(alone))} ms alone, ${ms(median(during))} ms while four run at once (median), worst ${ms(Math.max(...during))} ms`,
);

const walkStart = performance.now();
const walked = seriesDates({ recurring: "daily", customDays: [], ...FOREVER }, FOREVER.date, FOREVER.customEndDate).length;
console.log(
  `For scale: listing every date of the spanning series (what each operation did before) took ${ms(performance.now() - walkStart)} ms for ${walked.toLocaleString("en-US")} dates.`,
);
await t.close();
