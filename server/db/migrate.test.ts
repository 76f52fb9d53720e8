import { afterAll, expect, it } from "vitest";
import { describeEachEngine, freshDatabase } from "../test/harness";
import { createDb } from "./connection";
import { MIGRATION_NAMES, migrateToLatest } from "./migrate";

describeEachEngine("migrations", (engine) => {
  const drops: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const drop of drops) await drop();
  });

  it("are safe when two instances start at the same time", async () => {
    const { config, drop } = await freshDatabase(engine);
    drops.push(drop);
    const instances = [createDb(config), createDb(config), createDb(config)];
    try {
      await Promise.all(instances.map((db) => migrateToLatest(db)));
      const applied = await instances[0]!
        .selectFrom("kysely_migration" as never)
        .selectAll()
        .execute();
      expect(applied.length).toBe(MIGRATION_NAMES.length);
      // Running again is a no-op.
      await migrateToLatest(instances[1]!);
    } finally {
      for (const db of instances) await db.destroy();
    }
  });
});
