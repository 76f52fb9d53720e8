import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, expect, it } from "vitest";
import { loadConfig } from "../config";
import { createDb, type Db } from "../db/connection";
import { migrateToLatest } from "../db/migrate";
import { createServices } from ".";
import { describeEachEngine, freshDatabase } from "../test/harness";

describeEachEngine("generated settings", (engine) => {
  const pools: Db[] = [];
  let drop: () => Promise<void>;
  let instances: Array<ReturnType<typeof createServices>>;
  beforeAll(async () => {
    const fresh = await freshDatabase(engine);
    drop = fresh.drop;
    // Two instances of the app on one database, each with its own connection pool.
    for (let i = 0; i < 2; i++) pools.push(createDb(fresh.config, { poolSize: 4 }));
    await migrateToLatest(pools[0]!);
    const config = { ...loadConfig({}), database: fresh.config };
    instances = pools.map((db) => createServices(config, db));
  });
  afterAll(async () => {
    for (const db of pools) await db.destroy();
    await drop();
  });

  it("agree on one value when instances create it at the same time", async () => {
    const callers = 8;
    let generated = 0;
    const generate = async () => {
      const value = `secret-${++generated}`;
      // Nobody inserts until every caller has read "none yet" (or 2 s have passed on a loaded
      // machine), so the race is really run rather than left to timing.
      for (let waited = 0; generated < callers && waited < 2000; waited += 5) await sleep(5);
      return value;
    };
    const results = await Promise.all(
      Array.from({ length: callers }, (_, i) => instances[i % 2]!.settings.getOrCreate("test:secret", generate)),
    );
    expect(generated).toBeGreaterThan(1);
    expect(new Set(results).size).toBe(1);
    expect(await instances[1]!.settings.get("test:secret")).toBe(results[0]);
  });

  it("keep the stored value and never call the generator again", async () => {
    await instances[0]!.settings.set("test:kept", { publicKey: "abc" });
    const generate = () => {
      throw new Error("must not generate");
    };
    expect(await instances[1]!.settings.getOrCreate("test:kept", generate)).toEqual({ publicKey: "abc" });
  });
});
