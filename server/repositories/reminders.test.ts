import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db } from "../db/connection";
import { describeEachEngine, migratedDatabase } from "../test/harness";
import { createRemindersRepository } from "./reminders";
import { createUsersRepository } from "./users";

describeEachEngine("reminders repository: taking over stale claims", (engine) => {
  let db: Db;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await migratedDatabase(engine));
  });
  afterAll(() => close());

  // A crashed instance left many claims pending. The instance that takes them over takes one
  // batch, not all: the rest are another instance's to share (decision 113 found the inline
  // `IN (SELECT … LIMIT n FOR UPDATE SKIP LOCKED)` claiming every row on PostgreSQL).
  it("takes at most `limit` stale claims, oldest first, and leaves the rest pending for the next", async () => {
    const user = await createUsersRepository(db).create({
      email: "stale@example.com",
      passwordHash: "x",
      firstName: "Ava",
      lastName: "Lee",
      isAdmin: false,
    });
    if (!user) throw new Error("no user");
    const longAgo = (minutes: number) => new Date(Date.UTC(2026, 10, 26, 8, 0) - minutes * 60_000).toISOString();
    await db
      .insertInto("sent_reminders")
      .values(
        Array.from({ length: 48 }, (_, i) => ({
          user_id: user.id,
          kind: "task",
          item_id: i + 1,
          occurrence: "",
          timing: "at",
          due_at: longAgo(60),
          status: "pending",
          payload: null,
          claimed_at: longAgo(48 - i),
        })),
      )
      .execute();
    const reminders = createRemindersRepository(db);
    const now = new Date(Date.UTC(2026, 10, 26, 8, 0));
    const taken = await reminders.takeOverStale("scan-token", now, now, 16);
    expect(taken).toHaveLength(16);
    expect(taken.map((row) => row.item_id).sort((a, b) => a - b)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    const stillStale = await db.selectFrom("sent_reminders").select("id").where("claimed_at", "<", now.toISOString()).execute();
    expect(stillStale).toHaveLength(32);
    expect(await reminders.takeOverStale("scan-token", now, now, 16)).toHaveLength(16);
  });
});
