import { afterAll, beforeAll, expect, it } from "vitest";
import { createDb, type Db } from "../db/connection";
import { migrateToLatest } from "../db/migrate";
import { HttpError } from "../errors";
import { createRateLimitsRepository } from "../repositories/rate-limits";
import { describeEachEngine, freshDatabase } from "../test/harness";
import { createFailureCounter } from "./failure-counter";

describeEachEngine("failure counter", (engine) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await freshDatabase(engine);
    drop = fresh.drop;
    db = createDb(fresh.config, { poolSize: 2 });
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db.destroy();
    await drop();
  });

  it("locks a subject after `max` failures in the window, leaves others alone, and a success clears it", async () => {
    const counter = createFailureCounter(createRateLimitsRepository(db), {
      keyOf: (userId: number) => `test-passcode:user:${userId}`,
      limit: { max: 2, windowMs: 15 * 60_000 },
      message: "Too many wrong passcodes.",
    });
    await counter.assertNotLocked(1);
    await counter.failed(1);
    await counter.assertNotLocked(1);
    await counter.failed(1);
    const locked = await counter.assertNotLocked(1).catch((error: unknown) => error);
    expect(locked).toBeInstanceOf(HttpError);
    expect(locked).toMatchObject({ statusCode: 429, message: "Too many wrong passcodes.", headers: { "retry-after": "900" } });
    await counter.assertNotLocked(2);
    await counter.succeeded(1);
    await counter.assertNotLocked(1);
  });
});
