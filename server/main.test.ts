import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { expect, it } from "vitest";
import { buildApp, LOG_REDACT } from "./app";
import { loadConfig } from "./config";
import { createDb } from "./db/connection";
import { migrateToLatest } from "./db/migrate";
import { createServices } from "./services";
import { newUserBody } from "./test/harness";

it("writes request logs without passwords, cookies or tokens", async () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const config = { ...loadConfig({}), database: { kind: "sqlite" as const, file: ":memory:" }, clientDir: "/nonexistent" };
  const db = createDb(config.database);
  await migrateToLatest(db);
  const app = await buildApp(createServices(config, db), {
    logger: { level: "info", stream, redact: LOG_REDACT },
  });
  const body = newUserBody({ password: "Secret!Passw0rd9", confirmPassword: "Secret!Passw0rd9" });
  const res = await app.inject({ method: "POST", url: "/api/register", payload: body });
  const sid = res.cookies.find((c) => c.name === "sid")!.value;
  await app.inject({ method: "GET", url: "/api/user", headers: { cookie: `sid=${sid}` } });
  await app.close();
  await db.destroy();
  const log = lines.join("");
  expect(log).toContain("/api/register");
  expect(log).not.toContain("Secret!Passw0rd9");
  expect(log).not.toContain(sid);
});

it("shuts down cleanly on SIGTERM", async () => {
  const file = path.join(os.tmpdir(), `student-hub-shutdown-${process.pid}.db`);
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: { ...process.env, PORT: "3977", HOST: "127.0.0.1", DATABASE_URL: `sqlite:${file}`, CLIENT_DIR: "/nonexistent", LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  for (let i = 0; i < 100 && !output.includes("Student Hub is ready"); i++) await new Promise((r) => setTimeout(r, 100));
  expect((await fetch("http://127.0.0.1:3977/api/health")).status).toBe(200);
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  expect(await exited).toBe(0);
  expect(output).toContain("shutting down");
}, 30_000);
