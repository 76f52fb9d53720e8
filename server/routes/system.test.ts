import { expect, it } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { createDb } from "../db/connection";
import { migrateToLatest } from "../db/migrate";
import { createServices } from "../services";

it("answers the health check with 503 in the error shape when the database is gone", async () => {
  const config = {
    ...loadConfig({}),
    database: { kind: "sqlite" as const, file: ":memory:" },
    clientDir: "/nonexistent",
    logLevel: "silent",
  };
  const db = createDb(config.database);
  await migrateToLatest(db);
  const app = await buildApp(createServices(config, db), { logger: false });
  expect((await app.inject({ url: "/api/health" })).statusCode).toBe(200);
  await db.destroy();
  const res = await app.inject({ url: "/api/health" });
  expect(res.statusCode).toBe(503);
  expect(res.json()).toEqual({ message: "Service unavailable", code: "server.health_unavailable" });
  await app.close();
});
