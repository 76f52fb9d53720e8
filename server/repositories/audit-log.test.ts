import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db } from "../db/connection";
import { describeEachEngine, migratedDatabase } from "../test/harness";
import { createAuditLogRepository } from "./audit-log";
import { createUsersRepository } from "./users";

describeEachEngine("audit log", (engine) => {
  let db: Db;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await migratedDatabase(engine));
  });
  afterAll(() => close());

  it("keeps an entry, newest first, after its actor's account is deleted", async () => {
    const audit = createAuditLogRepository(db);
    const actor = (await createUsersRepository(db).create({
      email: "admin@school.example",
      passwordHash: "x",
      firstName: "A",
      lastName: "D",
      isAdmin: true,
    }))!;
    await audit.record(
      { actorUserId: actor.id, action: "PASSWORD_RESET", target: "student@school.example" },
      new Date("2026-11-23T10:00:00Z"),
    );
    await audit.record(
      { actorUserId: actor.id, action: "USER_DELETED", details: { reason: "left school" } },
      new Date("2026-11-23T11:00:00Z"),
    );
    await db.deleteFrom("users").where("id", "=", actor.id).execute();
    const entries = await audit.listRecent();
    expect(entries.map((e) => [e.action, e.actor_user_id, e.target, e.details])).toEqual([
      ["USER_DELETED", null, null, '{"reason":"left school"}'],
      ["PASSWORD_RESET", null, "student@school.example", null],
    ]);
    expect(entries[0]!.created_at).toBe("2026-11-23T11:00:00.000Z");
  });
});
