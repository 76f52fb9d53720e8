import { sql } from "kysely";
import type { Executor } from "../db/connection";

/**
 * Fixed-window counters kept in the database, so every app instance sees the same count.
 * One upsert per hit: a new window starts when the old one has ended.
 */
export function createRateLimitsRepository(db: Executor) {
  return {
    async hit(key: string, windowMs: number, now = new Date()): Promise<{ count: number; windowEndsAt: string }> {
      const nowIso = now.toISOString();
      const newEnd = new Date(now.getTime() + windowMs).toISOString();
      const row = await db
        .insertInto("rate_limits")
        .values({ key, count: 1, window_ends_at: newEnd })
        .onConflict((oc) =>
          oc.column("key").doUpdateSet({
            count: sql<number>`case when rate_limits.window_ends_at <= ${nowIso} then 1 else rate_limits.count + 1 end`,
            window_ends_at: sql<string>`case when rate_limits.window_ends_at <= ${nowIso} then ${newEnd} else rate_limits.window_ends_at end`,
          }),
        )
        .returning(["count", "window_ends_at"])
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), windowEndsAt: row.window_ends_at };
    },

    async peek(key: string, now = new Date()): Promise<number> {
      const row = await db.selectFrom("rate_limits").select(["count", "window_ends_at"]).where("key", "=", key).executeTakeFirst();
      if (!row || row.window_ends_at <= now.toISOString()) return 0;
      return Number(row.count);
    },

    /**
     * Gives back one count taken by `hit` (an attempt that turned out not to be a failure), but
     * only within the window it was taken in: a window that has since restarted is left alone.
     */
    async release(key: string, windowEndsAt: string): Promise<void> {
      await db
        .updateTable("rate_limits")
        .set({ count: sql<number>`count - 1` })
        .where("key", "=", key)
        .where("window_ends_at", "=", windowEndsAt)
        .where("count", ">", 0)
        .execute();
    },

    async clear(key: string): Promise<void> {
      await db.deleteFrom("rate_limits").where("key", "=", key).execute();
    },

    /** Drops the counters whose window has ended (they would start afresh anyway); returns how many. */
    async deleteExpired(now = new Date()): Promise<number> {
      const result = await db.deleteFrom("rate_limits").where("window_ends_at", "<=", now.toISOString()).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type RateLimitsRepository = ReturnType<typeof createRateLimitsRepository>;
