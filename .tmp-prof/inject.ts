import fs from "node:fs";
import Fastify from "fastify";
import pino from "pino";
import { buildApp, LOG_REDACT } from "../server/app";
import { loadConfig } from "../server/config";
import { createDb } from "../server/db/connection";
import { migrateToLatest } from "../server/db/migrate";
import { createServices } from "../server/services";

const file = `/tmp/prof/inject-${process.pid}.db`;
const config = { ...loadConfig({}), database: { kind: "sqlite" as const, file }, clientDir: "/nonexistent", logLevel: process.env.LOG_LEVEL ?? "info" };
const db = createDb(config.database);
await migrateToLatest(db);
const services = createServices(config as never, db);
const app = await buildApp(services, { logger: { level: config.logLevel, redact: LOG_REDACT, stream: pino.destination({ dest: "/dev/null", sync: true }) } as never });
await app.ready();
const reg = await app.inject({ method: "POST", url: "/api/register", payload: { firstName: "P", lastName: "Q", email: "p@example.com", password: "Bench!Passw0rd1", confirmPassword: "Bench!Passw0rd1" } });
const cookie = String(reg.headers["set-cookie"]).split(";")[0]!;
const bare = Fastify({ logger: false });
bare.get("/bare", async () => ({}));
await bare.ready();

async function time(label: string, run: () => Promise<unknown>, n = 20000) {
  for (let i = 0; i < 2000; i++) await run();
  const t0 = process.cpuUsage();
  const w0 = performance.now();
  for (let i = 0; i < n; i++) await run();
  const cpu = process.cpuUsage(t0);
  const us = ((cpu.user + cpu.system) / n).toFixed(1);
  console.log(`heap ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB ${label.padEnd(20)} ${us} µs cpu/req, ${(((performance.now() - w0) * 1000) / n).toFixed(1)} µs wall`);
}
for (let round = 0; round < 3; round++) {
  await time("bare", () => bare.inject({ url: "/bare" }));
  await time("app /api/user", () => app.inject({ url: "/api/user", headers: { cookie } }));
  await time("app csrf visitor", () => app.inject({ url: "/api/csrf-token" }));
}
await app.close();
await db.destroy();
fs.rmSync(file, { force: true });
