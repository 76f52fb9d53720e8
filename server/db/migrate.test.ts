import { spawn } from "node:child_process";
import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, expect, it } from "vitest";
import { describeEachEngine, freshDatabase } from "../test/harness";
import { createDb } from "./connection";
import { MIGRATION_NAMES, MIGRATIONS, migrateToLatest, withSqliteMigrationLock } from "./migrate";

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

  // Issue 49: on SQLite, two processes started on one fresh file both ran a migration, and one
  // failed ("duplicate column name: actor_email"). Processes, not instances in this process: only
  // processes run truly side by side.
  it("run once when four processes start together on one fresh database", async () => {
    const { config, drop } = await freshDatabase(engine);
    drops.push(drop);
    const startAt = Date.now() + 2500;
    const outcomes = await Promise.all(
      [1, 2, 3, 4].map(
        () =>
          new Promise<{ code: number | null; output: string }>((resolve) => {
            const child = spawn(process.execPath, [
              "--import",
              "tsx",
              "server/test/migrate-process.ts",
              JSON.stringify(config),
              String(startAt),
            ]);
            let output = "";
            child.stdout.on("data", (chunk) => (output += chunk));
            child.stderr.on("data", (chunk) => (output += chunk));
            child.on("close", (code) => resolve({ code, output: output.trim() }));
          }),
      ),
    );
    expect(outcomes).toEqual(Array.from({ length: 4 }, () => ({ code: 0, output: "migrated" })));
    const db = createDb(config);
    try {
      const applied = await db
        .selectFrom("kysely_migration" as never)
        .select("name" as never)
        .execute();
      expect(applied).toHaveLength(MIGRATION_NAMES.length);
    } finally {
      await db.destroy();
    }
  }, 60_000);

  if (engine === "sqlite") {
    // The race the four processes above seldom hit on a fast machine, made certain: an instance
    // that starts while another migrates waits for it, then finds the work done. Without the lock it
    // ran beside it, and a migration of both ("alter table … add column") failed in one of them.
    it("wait while another instance holds the file's migration lock, then find the work done", async () => {
      const { config, drop } = await freshDatabase(engine);
      drops.push(drop);
      if (config.kind !== "sqlite") throw new Error("sqlite only");
      const first = createDb(config);
      const second = createDb(config);
      try {
        let secondDone = false;
        let waiting: Promise<void> | undefined;
        await withSqliteMigrationLock(config.file, async () => {
          waiting = migrateToLatest(second).then(() => {
            secondDone = true;
          });
          await new Promise((resolve) => setTimeout(resolve, 300));
          // Not a table of its own yet: the second instance has not begun.
          const tables = await sql<{ name: string }>`select name from sqlite_master where name = 'users'`.execute(first);
          expect([secondDone, tables.rows]).toEqual([false, []]);
          const { error } = await new Migrator({ db: first, provider: { getMigrations: async () => MIGRATIONS } }).migrateToLatest();
          expect(error).toBeUndefined();
        });
        await waiting;
        expect(secondDone).toBe(true);
        const applied = await first
          .selectFrom("kysely_migration" as never)
          .select("name" as never)
          .execute();
        expect(applied).toHaveLength(MIGRATION_NAMES.length);
      } finally {
        await first.destroy();
        await second.destroy();
      }
    });
  }

  it("make password_hash nullable and keep every user's data, keys, cascades and triggers (the SQLite rebuild)", async () => {
    const { config, drop } = await freshDatabase(engine);
    drops.push(drop);
    const db = createDb(config);
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
      const { error } = await migrator.migrateTo("2026-11-26-01-user-locale");
      expect(error).toBeUndefined();
      const now = new Date().toISOString();
      const user = { password_hash: "h", first_name: "A", last_name: "B", user_classes: "[]", created_at: now, updated_at: now };
      const { id } = await db
        .insertInto("users")
        .values({ ...user, email: "a@example.com", is_admin: 0, password_reset_required: 0 })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db
        .insertInto("tasks")
        .values({ user_id: id, title: "Kept", priority: "medium", completed: 0, created_at: now, updated_at: now } as never)
        .execute();

      await migrateToLatest(db);

      expect(await db.selectFrom("tasks").select("title").where("user_id", "=", id).execute()).toEqual([{ title: "Kept" }]);
      const before = await db
        .selectFrom("users")
        .select(["data_version", "password_hash", "locale"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(before.password_hash).toBe("h");
      // The classes trigger still bumps the data version.
      await db.updateTable("users").set({ user_classes: '["Math"]' }).where("id", "=", id).execute();
      const after = await db.selectFrom("users").select("data_version").where("id", "=", id).executeTakeFirstOrThrow();
      expect(after.data_version).toBe(before.data_version + 1);
      // An account without a password; the email is still unique.
      await db
        .insertInto("users")
        .values({ ...user, password_hash: null, email: "sso@example.com", is_admin: 0, password_reset_required: 0 })
        .execute();
      await expect(
        db
          .insertInto("users")
          .values({ ...user, email: "sso@example.com", is_admin: 0, password_reset_required: 0 })
          .execute(),
      ).rejects.toThrow();
      // Deleting a user still cascades to its data: the foreign keys point at the new table.
      await db.deleteFrom("users").where("id", "=", id).execute();
      expect(await db.selectFrom("tasks").selectAll().execute()).toEqual([]);
      if (engine === "sqlite") {
        const keys = await sql<{ on: string }>`pragma foreign_keys`.execute(db);
        expect(Object.values(keys.rows[0]!)[0]).toBe(1);
      }
    } finally {
      await db.destroy();
    }
  });
});
