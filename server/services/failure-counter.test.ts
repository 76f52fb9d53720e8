import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db } from "../db/connection";
import { HttpError } from "../errors";
import { createRateLimitsRepository } from "../repositories/rate-limits";
import { describeEachEngine, migratedDatabase } from "../test/harness";
import { createFailureCounter } from "./failure-counter";

describeEachEngine("failure counter", (engine) => {
  let db: Db;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await migratedDatabase(engine));
  });
  afterAll(() => close());

  const counter = (name: string, max: number) =>
    createFailureCounter(createRateLimitsRepository(db), {
      keyOf: (userId: number) => `test-${name}:user:${userId}`,
      limit: { max, windowMs: 15 * 60_000 },
      message: "Too many wrong passcodes.",
    });

  it("locks a subject after `max` failures in the window, leaves others alone, and a success clears it", async () => {
    const passcode = counter("passcode", 2);
    await passcode.begin(1); // a wrong passcode: counted when it began, nothing more to do
    const right = await passcode.begin(1);
    await right.succeeded(); // clears the earlier failure
    await passcode.begin(1);
    await passcode.begin(1);
    const locked = await passcode.begin(1).catch((error: unknown) => error);
    expect(locked).toBeInstanceOf(HttpError);
    expect(locked).toMatchObject({ statusCode: 429, message: "Too many wrong passcodes.", headers: { "retry-after": "900" } });
    await passcode.begin(2);
  });

  it("lets exactly `max` of many simultaneous attempts through", async () => {
    const passcode = counter("race", 5);
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => passcode.begin(7)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    expect(results.filter((r) => r.status === "rejected").every((r) => (r as PromiseRejectedResult).reason.statusCode === 429)).toBe(true);
  });

  it("takes a released attempt off the count, and a refused one never stays on it", async () => {
    const passcode = counter("release", 2);
    const first = await passcode.begin(3);
    await first.release();
    await passcode.begin(3);
    await passcode.begin(3);
    for (let i = 0; i < 5; i++) await expect(passcode.begin(3)).rejects.toMatchObject({ statusCode: 429 });
    expect(await createRateLimitsRepository(db).peek("test-release:user:3")).toBe(2);
  });
});
