// npm run bench:announce: one announcement to BENCH_STUDENTS students (default 5,000) with one
// device each (decision 113), from the request that writes the outbox to the last push marked,
// at the project's own push service on 127.0.0.1 (server/test/push-service.ts: it checks each
// VAPID signature and decrypts each payload as a browser would), answering at once and after
// 50 ms as a far-away one does. On SQLite with one instance, and on PostgreSQL with one instance
// and with two (two sets of services, each with its own connection pool and outbox worker, on one
// database). Beside them, bench:push's measure at the same count: the sender alone, 16 in flight,
// no database. The instances, the push service and the bench share one Node process: two instances
// add database connections and pushes in flight, not CPU. Target (issue 36): all 5,000 within 60 s
// at 50 ms on one instance. PostgreSQL from TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
import os from "node:os";
import { performance } from "node:perf_hooks";
import { loadConfig } from "../server/config";
import { createDb, dbOptionsFrom } from "../server/db/connection";
import { migrateToLatest } from "../server/db/migrate";
import { createServices } from "../server/services";
import { deliverAll, generateVapidKeys, type PushTarget } from "../server/services/push-delivery";
import { seedDevices, seedStaff } from "../server/test/announcement-seed";
import { freshDatabase, type EngineName } from "../server/test/harness";
import { startTestPushService } from "../server/test/push-service";

process.env.TEST_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/postgres";
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 5000);
const TARGET_S = 60;
const quiet = { info: () => {}, warn: (details: object, message: string) => console.warn(message, details) };

const service = await startTestPushService();
const keys = generateVapidKeys();
const env = {
  PUSH_ALLOWED_ENDPOINT_ORIGINS: service.origin,
  VAPID_SUBJECT: "mailto:bench@example.com",
  VAPID_PUBLIC_KEY: keys.publicKey,
  VAPID_PRIVATE_KEY: keys.privateKey,
};

interface Result {
  label: string;
  writeMs: number;
  seconds: number;
}

async function run(engine: EngineName, instances: number, delayMs: number): Promise<Result> {
  const { config: database, drop } = await freshDatabase(engine);
  const config = { ...loadConfig(env), database, logLevel: "silent" as const };
  const dbs = Array.from({ length: instances }, () => createDb(database, dbOptionsFrom(config)));
  await migrateToLatest(dbs[0]!);
  const services = dbs.map((db) => createServices(config, db));
  try {
    const { devices } = await seedDevices(dbs[0]!, service, keys.publicKey, STUDENTS);
    for (const device of devices) service.delay(device.id, delayMs);
    service.reset();
    const admin = await seedStaff(dbs[0]!, "staff@example.com");
    const workers = services.map((s) => s.announcementWorker(quiet));

    const started = performance.now();
    // What the POST does: the announcement and its 5,000 outbox rows in one transaction.
    const { id } = await services[0]!.announcements.create(admin, {
      title: "2-hour delay tomorrow",
      body: "Buses run two hours late. First bell at 9:45.",
      audience: "students",
    });
    const writeMs = performance.now() - started;
    // What the instances' workers do once woken: claim, push, mark, until nothing is left.
    await Promise.all(workers.map((w) => w.runOnce()));
    const seconds = (performance.now() - started) / 1000;

    const progress = await services[0]!.announcements.find(id);
    const received = service.received();
    const perDevice = new Set(received.map((p) => p.device));
    if (progress.sent !== STUDENTS || received.length !== STUDENTS || perDevice.size !== STUDENTS)
      throw new Error(`sent ${progress.sent}, received ${received.length} on ${perDevice.size} devices, of ${STUDENTS}`);
    const label = `${engine === "postgres" ? "PostgreSQL" : "SQLite"}, ${instances} instance${instances > 1 ? "s" : ""}, answers after ${delayMs} ms`;
    return { label, writeMs, seconds };
  } finally {
    for (const s of services) await s.changeFeed.close();
    for (const db of dbs) await db.destroy();
    await drop();
  }
}

/** bench:push's measure at the same count: the sender alone, 16 in flight, no database. */
async function senderAlone(delayMs: number): Promise<Result> {
  const devices = Array.from({ length: STUDENTS }, () => service.subscribe(keys.publicKey));
  for (const device of devices) service.delay(device.id, delayMs);
  const targets: PushTarget[] = devices.map((device, i) => ({
    id: i + 1,
    endpoint: device.subscription.endpoint,
    ...device.subscription.keys,
  }));
  service.reset();
  const started = performance.now();
  const outcomes = await deliverAll(targets, JSON.stringify({ title: "t", body: "b", url: "/", tag: "announcement-0" }), {
    vapid: { subject: "mailto:bench@example.com", ...keys },
    ttlSeconds: 86_400,
    urgency: "high",
    concurrency: 16,
    timeoutMs: 5000,
    deadline: Date.now() + 600_000,
    allowedOrigins: [service.origin],
  });
  const seconds = (performance.now() - started) / 1000;
  if (outcomes.some((o) => o.result !== "delivered")) throw new Error("the sender alone did not deliver every push");
  return { label: `bench:push's sender alone, answers after ${delayMs} ms`, writeMs: 0, seconds };
}

console.log(`announcements: ${STUDENTS} students with one device each, ${os.cpus().length} cores, Node ${process.version}`);
const results: Result[] = [];
for (const delayMs of [0, 50]) {
  results.push(await senderAlone(delayMs));
  results.push(await run("sqlite", 1, delayMs));
  results.push(await run("postgres", 1, delayMs));
  results.push(await run("postgres", 2, delayMs));
}
await service.close();

console.log(`${"".padEnd(48)} ${"outbox written".padStart(14)} ${"last push".padStart(10)} ${"pushes/s".padStart(9)}`);
for (const r of results)
  console.log(
    `${r.label.padEnd(48)} ${(r.writeMs ? `${r.writeMs.toFixed(0)} ms` : "-").padStart(14)} ${`${r.seconds.toFixed(1)} s`.padStart(10)} ${(STUDENTS / r.seconds).toFixed(0).padStart(9)}`,
  );
const target = results.find((r) => r.label.startsWith("PostgreSQL, 1 instance, answers after 50"))!;
const sqlite = results.find((r) => r.label.startsWith("SQLite, 1 instance, answers after 50"))!;
const met = Math.max(target.seconds, sqlite.seconds) <= TARGET_S;
console.log(
  `target: all ${STUDENTS} within ${TARGET_S} s at 50 ms on one instance: ${met ? "met" : "NOT met"} (SQLite ${sqlite.seconds.toFixed(1)} s, PostgreSQL ${target.seconds.toFixed(1)} s)`,
);
if (!met) process.exitCode = 1;
