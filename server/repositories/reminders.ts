import { sql } from "kysely";
import { type Executor, isPostgres } from "../db/connection";
import { createLeaseQueue } from "../jobs/lease-queue";
import type { ReminderKind, ReminderScheduleRow, SentReminderRow, SentReminderStatus } from "../db/schema";

/** The next reminder of one item, as the schedule keeps it. */
export interface ScheduledReminder {
  kind: ReminderKind;
  itemId: number;
  userId: number;
  dueAt: Date;
  occurrence: string;
  timing: string;
}

export interface NewSentReminder {
  userId: number;
  kind: ReminderKind;
  itemId: number;
  occurrence: string;
  timing: string;
  dueAt: string;
  status: SentReminderStatus;
  payload: string | null;
}

/** The schedule of reminders still to come and the record of those claimed (decision 089). */
export function createRemindersRepository(db: Executor) {
  const postgres = isPostgres(db);
  // The claims still to push: a claim whose instance stopped before marking it is taken over after its lease.
  const pushes = createLeaseQueue(db, {
    table: "sent_reminders",
    ready: (eb) => eb("status", "=", "pending"),
    orderBy: ["claimed_at"],
  });
  return {
    /** Sets the item's next reminder, or removes it (null): part of the write that changed the item. */
    async schedule(kind: ReminderKind, itemId: number, userId: number, next: Omit<ScheduledReminder, "kind" | "itemId" | "userId"> | null) {
      if (next === null) {
        await db.deleteFrom("reminder_schedule").where("kind", "=", kind).where("item_id", "=", itemId).execute();
        return;
      }
      const values = { user_id: userId, due_at: next.dueAt.toISOString(), occurrence: next.occurrence, timing: next.timing };
      await db
        .insertInto("reminder_schedule")
        .values({ kind, item_id: itemId, ...values })
        .onConflict((oc) => oc.columns(["kind", "item_id"]).doUpdateSet(values))
        .execute();
    },

    async unschedule(kind: ReminderKind, itemIds: readonly number[]): Promise<void> {
      if (itemIds.length === 0) return;
      await db.deleteFrom("reminder_schedule").where("kind", "=", kind).where("item_id", "in", itemIds).execute();
    },

    /** What is scheduled for an item (tests and the debug view). */
    find(kind: ReminderKind, itemId: number): Promise<ReminderScheduleRow | undefined> {
      return db.selectFrom("reminder_schedule").selectAll().where("kind", "=", kind).where("item_id", "=", itemId).executeTakeFirst();
    },

    /**
     * Up to `limit` reminders due by `now`, earliest first, locked for this transaction. On
     * PostgreSQL rows another instance holds are skipped (FOR UPDATE SKIP LOCKED), so instances
     * claim disjoint batches; SQLite has one writer, which serialises the claim by itself.
     */
    claimDue(now: Date, limit: number): Promise<ReminderScheduleRow[]> {
      const query = db.selectFrom("reminder_schedule").selectAll().where("due_at", "<=", now.toISOString()).orderBy("due_at").limit(limit);
      return (postgres ? query.forUpdate().skipLocked() : query).execute();
    },

    /** Records a claim and answers its id; null when this reminder was already claimed (by anyone, ever): it is not sent again. */
    async recordClaim(row: NewSentReminder, token: string, now: Date): Promise<number | null> {
      const inserted = await db
        .insertInto("sent_reminders")
        .values({
          user_id: row.userId,
          kind: row.kind,
          item_id: row.itemId,
          occurrence: row.occurrence,
          timing: row.timing,
          due_at: row.dueAt,
          status: row.status,
          payload: row.payload,
          claimed_at: now.toISOString(),
          // A claim to push is the scan's until marked; one finished at once (skipped, empty) is no one's.
          claim_token: row.status === "pending" ? token : null,
          finished_at: row.status === "pending" ? null : now.toISOString(),
        })
        .onConflict((oc) => oc.columns(["kind", "item_id", "occurrence", "timing"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      return inserted?.id ?? null;
    },

    /** Whether this reminder was claimed already (and so is never sent again). */
    async wasClaimed(kind: ReminderKind, itemId: number, occurrence: string, timing: string): Promise<boolean> {
      const row = await db
        .selectFrom("sent_reminders")
        .select("id")
        .where("kind", "=", kind)
        .where("item_id", "=", itemId)
        .where("occurrence", "=", occurrence)
        .where("timing", "=", timing)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The claims of an item (tests). */
    listClaims(kind: ReminderKind, itemId: number): Promise<SentReminderRow[]> {
      return db.selectFrom("sent_reminders").selectAll().where("kind", "=", kind).where("item_id", "=", itemId).orderBy("id").execute();
    },

    /** Marks claims finished, only while `token` (the scan that made or took them over) still holds them. */
    async finish(ids: readonly number[], status: Exclude<SentReminderStatus, "pending">, token: string, now: Date): Promise<void> {
      await pushes.finish(ids, token, { status, finished_at: now.toISOString() });
    },

    /**
     * Pending claims older than `claimedBefore`, taken over for `token` (their claimed_at renewed):
     * the pushes of an instance that stopped between claiming and finishing. The one lease queue's
     * claim (decision 125), so two instances never take over the same row.
     */
    takeOverStale(token: string, claimedBefore: Date, now: Date, limit: number): Promise<SentReminderRow[]> {
      return pushes.claim(token, now, claimedBefore, limit);
    },

    /** Finished claims whose reminder came due before `before`: their keys can no longer come back. */
    async deleteFinishedBefore(before: Date): Promise<number> {
      const result = await db
        .deleteFrom("sent_reminders")
        .where("due_at", "<", before.toISOString())
        .where("status", "!=", "pending")
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** How many reminders are scheduled (the bench's seed check). */
    async countScheduled(): Promise<number> {
      const row = await db
        .selectFrom("reminder_schedule")
        .select(sql<number | string>`count(*)`.as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
export type RemindersRepository = ReturnType<typeof createRemindersRepository>;
