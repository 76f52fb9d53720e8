import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db } from "../db/connection";
import { describeEachEngine, migratedDatabase } from "../test/harness";
import { createMailOutboxRepository } from "./mail-outbox";

describeEachEngine("mail outbox repository: a claim", (engine) => {
  let db: Db;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await migratedDatabase(engine));
  });
  afterAll(() => close());

  // A claim is one batch: the rest stay for the next claim, this instance's or another's. On
  // PostgreSQL an inline `IN (SELECT … LIMIT n FOR UPDATE SKIP LOCKED)` took every due mail
  // (decision 113 found it in the announcements' outbox).
  it("takes at most `limit` due mails, oldest first, and leaves the rest unclaimed", async () => {
    const outbox = createMailOutboxRepository(db);
    const start = new Date(Date.UTC(2026, 10, 26, 8, 0));
    for (let i = 0; i < 30; i++)
      await outbox.enqueue(
        {
          messageId: `<m${i}@hub.example>`,
          to: `student${i}@example.com`,
          template: "password-reset",
          locale: "en",
          params: {},
          sendBefore: new Date(start.getTime() + 3600_000),
        },
        new Date(start.getTime() + i * 1000),
      );
    const now = new Date(start.getTime() + 60_000);
    const first = await outbox.claim("first", now, new Date(now.getTime() - 300_000), 8);
    expect(first.map((mail) => mail.to_address)).toEqual(Array.from({ length: 8 }, (_, i) => `student${i}@example.com`));
    const unclaimed = await db.selectFrom("mail_outbox").select("id").where("claim_token", "is", null).execute();
    expect(unclaimed).toHaveLength(22);
    const second = await outbox.claim("second", now, new Date(now.getTime() - 300_000), 8);
    expect(second.map((mail) => mail.to_address)).toEqual(Array.from({ length: 8 }, (_, i) => `student${i + 8}@example.com`));
  });
});
