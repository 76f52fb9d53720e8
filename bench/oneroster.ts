// npm run bench:oneroster: what a OneRoster sync costs (issue 55, decision 138), against the fake
// provider the tests run (server/test/oneroster-provider.ts), through the real database (SQLite,
// and PostgreSQL too when TEST_DATABASE_URL is set). BENCH_STUDENTS students (5,000), 40 classes,
// six enrollments each. Baseline measured in the same run: a full read of the unchanged roster (a
// week on, as the weekly full read is). Timed against it: a delta after 20 students changed (what
// an hourly sync costs between full reads) and the first full sync that makes every account. The
// provider's pages read are printed with each: a delta reads one page per collection.
// On a shared machine the figures move with its load: compare the ratios of one run.
import os from "node:os";
import { performance } from "node:perf_hooks";
import { buildTestApp, type EngineName } from "../server/test/harness";
import { changed, classRow, enrollment, startFakeOneRoster, user } from "../server/test/oneroster-provider";

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 5000);
const CLASSES = 40;
const engines: EngineName[] = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

console.log(`OneRoster sync; Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model}; ${STUDENTS} students`);
for (const engine of engines) {
  const provider = await startFakeOneRoster();
  let now = new Date("2026-11-30T08:00:00.000Z");
  const t = await buildTestApp(engine, {
    env: {
      ONEROSTER_URL: provider.url,
      ONEROSTER_TOKEN_URL: provider.tokenUrl,
      ONEROSTER_CLIENT_ID: provider.clientId,
      ONEROSTER_CLIENT_SECRET: provider.clientSecret,
    },
    clock: () => now,
  });
  try {
    provider.users = Array.from({ length: STUDENTS }, (_, i) => user(`s${i}`));
    provider.classes = Array.from({ length: CLASSES }, (_, i) => classRow(`c${i}`, `Class ${i}`, [String((i % 7) + 1)]));
    provider.enrollments = provider.users.flatMap((_, i) =>
      Array.from({ length: 6 }, (_, k) => enrollment(`s${i}`, `c${(i + k * 7) % CLASSES}`)),
    );

    const sync = async (expect: { mode: string; created?: number; updated?: number }) => {
      provider.requests = [];
      const start = performance.now();
      const run = await t.services.oneRoster.sync();
      const took = performance.now() - start;
      if (run.status !== "ok" || run.mode !== expect.mode) throw new Error(`sync: ${JSON.stringify(run)}`);
      if (expect.created !== undefined && run.created !== expect.created) throw new Error(`created ${run.created}`);
      if (expect.updated !== undefined && run.updated !== expect.updated) throw new Error(`updated ${run.updated}`);
      return { took, pages: provider.requests.filter((r) => r.startsWith("/ims/")).length };
    };

    const first = await sync({ mode: "full", created: STUDENTS });
    now = new Date(now.getTime() + WEEK_MS);
    const full = await sync({ mode: "full", created: 0, updated: 0 });
    // A delta from the full read's watermark reads that instant again (>=): one more delta settles it.
    for (let i = 0; i < 20; i++) provider.users[i * 7] = changed(provider.users[i * 7]!, { familyName: `Changed ${i}` });
    await sync({ mode: "delta", updated: 20 });
    for (let i = 0; i < 20; i++) provider.users[i * 11] = changed(provider.users[i * 11]!, { familyName: `Again ${i}` });
    const delta = await sync({ mode: "delta", updated: 20 });

    const row = (name: string, figure: { took: number; pages: number }) =>
      `  ${name.padEnd(46)} ${figure.took.toFixed(0).padStart(7)} ms  ${String(figure.pages).padStart(4)} pages  ${(figure.took / full.took).toFixed(2)}× the baseline`;
    console.log(`\n${engine}`);
    console.log(row("baseline: full read, nothing changed", full));
    console.log(row("delta: 20 students changed", delta));
    console.log(row(`first full sync: ${STUDENTS} accounts made`, first));
  } finally {
    await t.close();
    await provider.close();
  }
}
