import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachEngine, migratedDatabase } from "../test/harness";
import type { Db } from "../db/connection";
import { inTransaction } from "./transaction";

const newUser = (email: string) => ({ email, passwordHash: "x", firstName: "T", lastName: "S", isAdmin: false });
const task = {
  title: "t",
  description: null,
  subject: null,
  dueDate: null,
  dueTime: null,
  priority: "medium" as const,
  recurring: null,
  completed: false,
  reminder: null,
};

describeEachEngine("inTransaction", (engine) => {
  let db: Db;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await migratedDatabase(engine, { poolSize: 4 }));
  });
  afterAll(() => close());

  const userCount = async (email: string) => (await db.selectFrom("users").select("id").where("email", "=", email).execute()).length;

  it("commits every repository call together and then runs the after-commit effects", async () => {
    const effects: string[] = [];
    const userId = await inTransaction(db, async (tx) => {
      const user = (await tx.users.create(newUser("commit@example.com")))!;
      await tx.tasks.create(user.id, task);
      tx.afterCommit(() => effects.push("committed"));
      expect(effects).toEqual([]);
      return user.id;
    });
    expect(effects).toEqual(["committed"]);
    expect(await userCount("commit@example.com")).toBe(1);
    expect(await db.selectFrom("tasks").select("id").where("user_id", "=", userId).execute()).toHaveLength(1);
  });

  it("rolls every write back when the work throws after the first one, and skips the effects", async () => {
    let effectRan = false;
    await expect(
      inTransaction(db, async (tx) => {
        const user = (await tx.users.create(newUser("rollback@example.com")))!;
        await tx.tasks.create(user.id, task);
        tx.afterCommit(() => (effectRan = true));
        throw new Error("injected failure");
      }),
    ).rejects.toThrow("injected failure");
    expect(effectRan).toBe(false);
    expect(await userCount("rollback@example.com")).toBe(0);
  });

  it("keeps concurrent transactions apart: the failed ones leave nothing, the others everything", async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        inTransaction(db, async (tx) => {
          const user = (await tx.users.create(newUser(`concurrent-${i}@example.com`)))!;
          await tx.tasks.create(user.id, task);
          if (i % 2) throw new Error(`fail ${i}`);
        }),
      ),
    );
    expect(outcomes.map((o) => o.status)).toEqual([
      "fulfilled",
      "rejected",
      "fulfilled",
      "rejected",
      "fulfilled",
      "rejected",
      "fulfilled",
      "rejected",
    ]);
    for (let i = 0; i < 8; i++) expect(await userCount(`concurrent-${i}@example.com`)).toBe(i % 2 ? 0 : 1);
    // The connection is usable afterwards (SQLite: no transaction left open on the one connection).
    expect(await userCount("commit@example.com")).toBe(1);
  });
});
