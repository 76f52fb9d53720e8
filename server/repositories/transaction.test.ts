import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachEngine, migratedDatabase } from "../test/harness";
import type { Db } from "../db/connection";
import { inTransaction, openRequestScopes, RequestAlreadyAnsweredError, runInRequestScope } from "./transaction";

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
  estimateMinutes: null,
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

  // A request's scope (decisions 050, 095): its transaction rolls back once its request was answered.
  const later = () => new Promise((resolve) => setTimeout(resolve, 5));

  it("rolls back the transaction of a request answered while it ran, and commits the others", async () => {
    let answered = false;
    const timedOut = runInRequestScope({ answered: () => answered }, () =>
      inTransaction(db, async (tx) => {
        await tx.users.create(newUser("answered@example.com"));
        answered = true; // the time-out's 503 went out meanwhile
      }),
    );
    await expect(timedOut).rejects.toBeInstanceOf(RequestAlreadyAnsweredError);
    expect(await userCount("answered@example.com")).toBe(0);
    await runInRequestScope({ answered: () => false }, () => inTransaction(db, (tx) => tx.users.create(newUser("kept@example.com"))));
    expect(await userCount("kept@example.com")).toBe(1);
  });

  it("keeps a scope for its handler while another request's scope closes, and switches the storage off after the last", async () => {
    let secondAnswered = false;
    let releaseSecond!: () => void;
    const secondMayWrite = new Promise<void>((resolve) => (releaseSecond = resolve));
    const first = runInRequestScope({ answered: () => false }, () =>
      inTransaction(db, (tx) => tx.users.create(newUser("first@example.com"))),
    );
    const second = runInRequestScope({ answered: () => secondAnswered }, async () => {
      await secondMayWrite;
      return inTransaction(db, (tx) => tx.users.create(newUser("second@example.com")));
    });
    expect(openRequestScopes()).toBe(2);
    await first;
    await later();
    // The first handler is done: the second still runs in its scope, which still answers.
    expect(openRequestScopes()).toBe(1);
    secondAnswered = true;
    releaseSecond();
    await expect(second).rejects.toBeInstanceOf(RequestAlreadyAnsweredError);
    await later();
    expect(openRequestScopes()).toBe(0);
    expect(await userCount("first@example.com")).toBe(1);
    expect(await userCount("second@example.com")).toBe(0);
  });

  it("closes the scope of a handler that throws before its first await", () => {
    expect(() =>
      runInRequestScope({ answered: () => false }, () => {
        throw new Error("thrown at once");
      }),
    ).toThrow("thrown at once");
    expect(openRequestScopes()).toBe(0);
  });
});
