// npm run bench (last part): serving a calendar feed of 1,000 recurring series (decision 092),
// in-process with Fastify's inject, beside GET /api/events for the same events measured in the
// same run (the JSON the app itself reads), and a conditional GET of the feed answered 304.
// The feed is rendered after every change (each run here changes the student's data first) and
// kept per instance until the next one, so an unchanged feed polled without If-None-Match is a
// kept render. Budget: a fresh render of 1,000 series within 500 ms (median), shown, not asserted.
import { performance } from "node:perf_hooks";
import { buildTestApp, TestClient } from "../server/test/harness";

const SERIES = 1000;
const RUNS = Number(process.env.BENCH_FEED_RUNS ?? 15);
const BUDGET_MS = 500;

const t = await buildTestApp("sqlite", { env: { APP_TIME_ZONE: "America/New_York" } });
const client = new TestClient(t.app);
const { user } = await client.register();
const kinds = ["daily", "weekly", "biweekly", "monthly", "first-monthly", "last-monthly", "yearly"] as const;
const now = new Date().toISOString();
await t.db
  .insertInto("events")
  .values(
    Array.from({ length: SERIES }, (_, i) => ({
      user_id: user.id,
      title: `Series ${i}`,
      description: null,
      subject: null,
      date: "2027-01-04",
      time: i % 5 === 0 ? null : `${String(7 + (i % 10)).padStart(2, "0")}:30`,
      event_type: "study",
      recurring: kinds[i % kinds.length]!,
      custom_when_to_repeat: null,
      custom_days: JSON.stringify(kinds[i % kinds.length] === "monthly" ? ["4", "18"] : ["monday", "thursday"]),
      custom_end_date: i % 3 === 0 ? "2028-06-30" : null,
      is_completed: 0,
      notification_enabled: 0,
      notification_timing: null,
      parent_event_id: null,
      is_exception: 0,
      exception_date: null,
      original_date: null,
      created_at: now,
      updated_at: now,
    })),
  )
  .execute();
const feedPath = new URL((await client.request("POST", "/api/calendar-feed")).json().url).pathname;

async function median(label: string, request: () => Promise<{ statusCode: number; body: string }>, status: number) {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const res = await request();
    times.push(performance.now() - started);
    if (res.statusCode !== status) throw new Error(`${label}: ${res.statusCode}`);
    bytes = res.body.length;
  }
  return { label, ms: times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!, bytes };
}

const list = await median("GET /api/events, the same 1,000 series as JSON (baseline)", () => client.request("GET", "/api/events"), 200);
// A change first (what moves the ETag), so every run renders the feed afresh.
const touch = () =>
  t.db
    .updateTable("users")
    .set((eb) => ({ data_version: eb("data_version", "+", 1) }))
    .where("id", "=", user.id)
    .execute();
const feed = await median(
  "GET /feed/{token}.ics, 1,000 series, just changed",
  async () => {
    await touch();
    return t.app.inject({ method: "GET", url: feedPath });
  },
  200,
);
const keptFeed = await median(
  "the same feed unchanged, no If-None-Match (kept render)",
  () => t.app.inject({ method: "GET", url: feedPath }),
  200,
);
const etag = String((await t.app.inject({ method: "GET", url: feedPath })).headers.etag);
const conditional = await median(
  "the same feed, If-None-Match → 304",
  () => t.app.inject({ method: "GET", url: feedPath, headers: { "if-none-match": etag } }),
  304,
);

console.log(`\ncalendar feed: ${SERIES} series, median of ${RUNS}, in-process (Fastify inject), Node ${process.version}`);
for (const row of [list, feed, keptFeed, conditional]) {
  console.log(
    `${row.label.padEnd(62)} ${row.ms.toFixed(1).padStart(8)} ms  ${(row.ms / list.ms).toFixed(2).padStart(6)}×  ${(row.bytes / 1024).toFixed(0).padStart(5)} KB`,
  );
}
console.log(
  `budget: a fresh feed of ${SERIES} series within ${BUDGET_MS} ms — ${feed.ms <= BUDGET_MS ? "within" : "OVER"} (${feed.ms.toFixed(1)} ms)`,
);
await t.close();
