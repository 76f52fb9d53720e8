import { type Executor, isPostgres } from "../db/connection";
import { createLeaseQueue } from "../jobs/lease-queue";
import type { LmsFeedRow } from "../db/schema";

export interface NewLmsFeed {
  userId: number;
  name: string;
  url: string;
  mode: string;
}

/** LMS calendar feeds and their items (decision 117). A feed of another user is "not found". */
export function createLmsFeedsRepository(db: Executor) {
  const postgres = isPostgres(db);
  // Refreshes: an active feed is due at next_refresh_at; "Refresh now" claims one feed whenever it is free.
  const refreshes = createLeaseQueue(db, {
    table: "lms_feeds",
    ready: (eb, { now, only }) =>
      only === undefined ? eb.and([eb("status", "=", "active"), eb("next_refresh_at", "<=", now)]) : eb("status", "=", "active"),
    orderBy: ["next_refresh_at"],
  });
  return {
    listForUser(userId: number): Promise<LmsFeedRow[]> {
      return db.selectFrom("lms_feeds").selectAll().where("user_id", "=", userId).orderBy("id").execute();
    },

    findForUser(userId: number, id: number): Promise<LmsFeedRow | undefined> {
      return db.selectFrom("lms_feeds").selectAll().where("user_id", "=", userId).where("id", "=", id).executeTakeFirst();
    },

    findById(id: number): Promise<LmsFeedRow | undefined> {
      return db.selectFrom("lms_feeds").selectAll().where("id", "=", id).executeTakeFirst();
    },

    async countForUser(userId: number): Promise<number> {
      const row = await db
        .selectFrom("lms_feeds")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("user_id", "=", userId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async create(feed: NewLmsFeed, now: Date): Promise<LmsFeedRow> {
      const at = now.toISOString();
      return db
        .insertInto("lms_feeds")
        .values({
          user_id: feed.userId,
          name: feed.name,
          url: feed.url,
          mode: feed.mode,
          status: "active",
          next_refresh_at: at,
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async update(
      userId: number,
      id: number,
      changes: Partial<
        Pick<LmsFeedRow, "name" | "url" | "mode" | "status" | "failures" | "last_error" | "last_error_status" | "next_refresh_at">
      >,
      now: Date,
    ) {
      return db
        .updateTable("lms_feeds")
        .set({ ...changes, updated_at: now.toISOString() })
        .where("user_id", "=", userId)
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirst();
    },

    async delete(userId: number, id: number): Promise<boolean> {
      const result = await db.deleteFrom("lms_feeds").where("user_id", "=", userId).where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * Claims feeds due for a refresh (or one feed, for "Refresh now") for `token`: active, due, and
     * not claimed by another instance unless its lease ran out. The one lease queue's claim
     * (decision 125), so two instances never refresh the same feed at once.
     */
    claim(token: string, now: Date, leaseCutoff: Date, limit: number, onlyId?: number): Promise<LmsFeedRow[]> {
      return refreshes.claim(token, now, leaseCutoff, limit, onlyId);
    },

    /** The claimed feed, locked for the rest of the transaction, while `token` still holds it. */
    async lockClaimed(id: number, token: string): Promise<LmsFeedRow | undefined> {
      let query = db.selectFrom("lms_feeds").selectAll().where("id", "=", id).where("claim_token", "=", token);
      if (postgres) query = query.forUpdate();
      return query.executeTakeFirst();
    },

    /**
     * Ends a claim with the refresh's outcome. A feed is work that comes back: the claim gives it
     * back to the queue, due again at `nextRefreshAt`.
     */
    async finishClaim(
      id: number,
      token: string,
      outcome: Partial<Pick<LmsFeedRow, "status" | "failures" | "last_error" | "last_error_status" | "last_success_at" | "item_count">>,
      nextRefreshAt: Date,
      now: Date,
    ): Promise<void> {
      await refreshes.retry([id], token, { ...outcome, next_refresh_at: nextRefreshAt.toISOString(), updated_at: now.toISOString() });
    },

    /** Gives claimed feeds back untouched (the instance stopped before refreshing them): anyone claims them next. */
    async release(ids: readonly number[], token: string): Promise<void> {
      await refreshes.release(ids, token);
    },

    async markManualRefresh(id: number, now: Date): Promise<void> {
      await db.updateTable("lms_feeds").set({ manual_refresh_at: now.toISOString() }).where("id", "=", id).execute();
    },

    items(feedId: number) {
      return db.selectFrom("lms_feed_items").selectAll().where("feed_id", "=", feedId).execute();
    },

    /** What the item is now: a task or an event (never both), with the fingerprint of what the LMS said. */
    async saveItem(feedId: number, uid: string, target: { taskId: number } | { eventId: number }, fingerprint: string): Promise<void> {
      const task_id = "taskId" in target ? target.taskId : null;
      const event_id = "eventId" in target ? target.eventId : null;
      await db
        .insertInto("lms_feed_items")
        .values({ feed_id: feedId, uid, task_id, event_id, fingerprint })
        .onConflict((oc) => oc.columns(["feed_id", "uid"]).doUpdateSet({ task_id, event_id, fingerprint }))
        .execute();
    },

    async deleteItem(feedId: number, uid: string): Promise<void> {
      await db.deleteFrom("lms_feed_items").where("feed_id", "=", feedId).where("uid", "=", uid).execute();
    },
  };
}
export type LmsFeedsRepository = ReturnType<typeof createLmsFeedsRepository>;
