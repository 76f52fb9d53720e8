import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../db/connection";
import { migrateToLatest } from "../db/migrate";
import { newUserBody } from "../test/harness";
import { startServerProcess, type ServerProcess } from "../test/processes";

const run = promisify(execFile);
const backupCommand = (file: string[], env: Record<string, string>) =>
  run(process.execPath, ["--import", "tsx", "server/cli/backup.ts", ...file], { env: { ...process.env, ...env } });

let directory: string;
beforeAll(() => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), "student-hub-backup-"));
});
afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

/** A signed-in student of a running server, creating tasks one after another until told to stop. */
async function studentWritingTasks(server: ServerProcess, name: string, acknowledged: Map<string, number>) {
  const body = newUserBody();
  const registered = await fetch(`${server.baseUrl}/api/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(registered.status).toBe(201);
  const cookie = registered.headers.getSetCookie()[0]!.split(";")[0]!;
  const { csrfToken } = await (await fetch(`${server.baseUrl}/api/csrf-token`, { headers: { cookie } })).json();
  let stopped = false;
  const writing = (async () => {
    // Within the 500 tasks a student may keep.
    for (let n = 0; n < 450 && !stopped; n++) {
      const title = `${name} task ${n}`;
      const res = await fetch(`${server.baseUrl}/api/tasks`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie, "x-csrf-token": csrfToken },
        body: JSON.stringify({ title }),
      });
      expect(res.status).toBe(201);
      acknowledged.set(title, performance.now());
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await writing;
    },
  };
}

describe("npm run backup", () => {
  let server: ServerProcess;
  const databaseFile = () => path.join(directory, "app.db");
  beforeAll(async () => {
    server = await startServerProcess({ DATABASE_URL: `sqlite:${databaseFile()}`, AUTH_RATE_LIMIT_MULTIPLIER: "100" });
  });
  afterAll(async () => server?.stop());

  it("copies the database while the app is writing: the copy opens, passes integrity_check and holds every write acknowledged before it began", async () => {
    const acknowledged = new Map<string, number>();
    const students = await Promise.all(["Ada", "Grace", "Alan"].map((name) => studentWritingTasks(server, name, acknowledged)));
    while (acknowledged.size < 60) await new Promise((r) => setTimeout(r, 20));

    const began = performance.now();
    const acknowledgedBefore = [...acknowledged.keys()];
    const file = path.join(directory, "copies", "under-load.db");
    const { stdout } = await backupCommand([file], { DATABASE_URL: `sqlite:${databaseFile()}` });
    const ended = performance.now();
    const acknowledgedDuring = [...acknowledged.values()].filter((at) => at > began && at < ended).length;
    await Promise.all(students.map((student) => student.stop()));

    expect(stdout).toContain(`Backed up ${databaseFile()} to ${file}`);
    expect(stdout).toContain("integrity check ok");
    // The app went on writing while the backup ran (it never waits for the backup).
    expect(acknowledgedDuring).toBeGreaterThan(0);
    expect(server.alive()).toBe(true);

    const copy = new SQLite(file, { readonly: true, fileMustExist: true });
    try {
      expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
      expect(copy.pragma("foreign_key_check")).toEqual([]);
      const titles = new Set(copy.prepare("select title from tasks").pluck().all() as string[]);
      expect(acknowledgedBefore.filter((title) => !titles.has(title))).toEqual([]);
    } finally {
      copy.close();
    }
    // The app opens it as it is: its schema is the latest, nothing to migrate.
    const restored = createDb({ kind: "sqlite", file });
    await migrateToLatest(restored);
    expect(
      Number(
        (
          await restored
            .selectFrom("users")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(3);
    await restored.destroy();
    // Nothing but the copy is left beside it, and the app's migration lock (server/db/migrate.ts): no -wal, no -shm.
    expect(fs.readdirSync(path.dirname(file))).toEqual(["under-load.db", "under-load.db-migrations.lock"]);
  }, 60_000);

  it("never replaces an existing file", async () => {
    const file = path.join(directory, "yesterday.db");
    fs.writeFileSync(file, "yesterday's backup");
    await expect(backupCommand([file], { DATABASE_URL: `sqlite:${databaseFile()}` })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`${file} already exists`),
    });
    expect(fs.readFileSync(file, "utf8")).toBe("yesterday's backup");
  });
});

it("refuses without a file to write, naming the usage", async () => {
  await expect(backupCommand([], {})).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining("Usage: npm run backup -- FILE") });
});

it("refuses on PostgreSQL, pointing to pg_dump", async () => {
  const file = path.join(directory, "postgres.db");
  await expect(backupCommand([file], { DATABASE_URL: "postgres://student-hub@127.0.0.1:5432/studenthub" })).rejects.toMatchObject({
    code: 1,
    stderr: expect.stringContaining('pg_dump --format=custom --file=student-hub.dump "$DATABASE_URL"'),
  });
  expect(fs.existsSync(file)).toBe(false);
});

it("refuses when there is no database, and creates none", async () => {
  const missing = path.join(directory, "never-started.db");
  await expect(backupCommand([path.join(directory, "copy.db")], { DATABASE_URL: `sqlite:${missing}` })).rejects.toMatchObject({
    code: 1,
    stderr: expect.stringContaining(`There is no database at ${missing}`),
  });
  expect(fs.existsSync(missing)).toBe(false);
  expect(fs.existsSync(path.join(directory, "copy.db"))).toBe(false);
});
