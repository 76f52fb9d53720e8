import SQLite from "better-sqlite3";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { SERVICE_UNAVAILABLE } from "../errors";
import { buildTestApp, describeEachEngine, type TestApp, TestClient } from "../test/harness";
import { DatabaseUnavailableError, isDatabaseUnavailable } from "./unavailable";
import { refusal } from "../test/refusal";

describe("which database errors mean 'unavailable'", () => {
  const withCode = (code: string, extra: object = {}) => Object.assign(new Error("x"), { code, ...extra });
  it.each([
    ["admin shutdown (pg_terminate_backend)", withCode("57P01")],
    ["cannot connect now", withCode("57P03")],
    ["statement time-out", withCode("57014")],
    ["too many connections", withCode("53300")],
    ["a connection exception", withCode("08006")],
    ["a refused connection", withCode("ECONNREFUSED")],
    ["a reset connection", withCode("ECONNRESET")],
    ["a FATAL error (database not accepting connections)", withCode("55000", { severity: "FATAL" })],
    ["SQLite busy after busy_timeout", withCode("SQLITE_BUSY")],
    ["a connection cut under a query", new Error("Connection terminated unexpectedly")],
    ["the pool's acquire time-out", new Error("timeout exceeded when trying to connect")],
    ["the client's read time-out", new Error("Query read timeout")],
    ["no connection to be had", new DatabaseUnavailableError(new Error("boom"))],
    ["any of these as the cause", new Error("wrapped", { cause: withCode("57P01") })],
  ])("%s", (_name, error) => expect(isDatabaseUnavailable(error)).toBe(true));

  it.each([
    ["a unique violation", withCode("23505", { severity: "ERROR" })],
    ["a syntax error", withCode("42601", { severity: "ERROR" })],
    ["SQLite constraint", withCode("SQLITE_CONSTRAINT_UNIQUE")],
    ["a plain bug", new TypeError("undefined is not a function")],
    ["a string thrown", "text"],
  ])("not %s", (_name, error) => expect(isDatabaseUnavailable(error)).toBe(false));
});

// A table locked by someone else for longer than a statement may wait: SQLite's busy_timeout and
// PostgreSQL's statement_timeout end the wait, and the answer is 503, not 500 or a hang.
describeEachEngine("a database locked by another connection", (engine) => {
  let test: TestApp | undefined;
  let release: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await release?.();
    await test?.close();
    test = release = undefined;
  });

  it("answers a write that cannot get its lock in time with 503 and Retry-After in the one shape", async () => {
    test = await buildTestApp(engine, { env: { DATABASE_STATEMENT_TIMEOUT_MS: "300" } });
    const client = new TestClient(test.app);
    await client.register();

    const { database } = test.config;
    if (database.kind === "sqlite") {
      const other = new SQLite(database.file);
      other.exec("begin immediate");
      release = async () => void (other.exec("rollback"), other.close());
    } else {
      const other = new pg.Client({ connectionString: database.url });
      await other.connect();
      await other.query("begin");
      await other.query("lock table tasks in access exclusive mode");
      release = async () => void (await other.query("rollback"), await other.end());
    }
    // Released after 3 s at the latest, so that without the time-outs the request ends too.
    const timer = setTimeout(() => void release?.().then(() => (release = undefined)), 3000);
    const started = performance.now();
    const res = await client.request("POST", "/api/tasks", { title: "Waits for the lock" });
    const ms = performance.now() - started;
    clearTimeout(timer);

    expect(res.statusCode).toBe(503);
    expect(res.headers["retry-after"]).toBe("5");
    expect(res.json()).toEqual(refusal(SERVICE_UNAVAILABLE));
    expect(ms).toBeLessThan(300 + 1500);
  });
});
