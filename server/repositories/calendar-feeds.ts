import type { Executor } from "../db/connection";
import type { EventRow, TaskRow } from "../db/schema";

/** Calendar feeds (decision 092) and the rows a feed is written from. */
export function createCalendarFeedsRepository(db: Executor) {
  return {
    find(userId: number) {
      return db.selectFrom("calendar_feeds").selectAll().where("user_id", "=", userId).executeTakeFirst();
    },

    /** The feed's user, its data version (the feed's ETag) and language, by the hash of its token. */
    findByTokenHash(tokenHash: string) {
      return db
        .selectFrom("calendar_feeds")
        .innerJoin("users", "users.id", "calendar_feeds.user_id")
        .select([
          "calendar_feeds.user_id as userId",
          "calendar_feeds.version as version",
          "users.data_version as dataVersion",
          "users.locale as locale",
        ])
        .where("calendar_feeds.token_hash", "=", tokenHash)
        .executeTakeFirst();
    },

    async save(userId: number, version: number, tokenHash: string | null, now = new Date()): Promise<void> {
      const values = { version, token_hash: tokenHash, updated_at: now.toISOString() };
      await db
        .insertInto("calendar_feeds")
        .values({ user_id: userId, ...values })
        .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
        .execute();
    },

    /** Every event row of the user's, with when it last changed (SEQUENCE, DTSTAMP). */
    eventRows(userId: number): Promise<EventRow[]> {
      return db.selectFrom("events").selectAll().where("user_id", "=", userId).orderBy("id").execute();
    },

    /** The student's own school day (JSON or null), their schedule source as chosen, and what dates its days off in the feed. */
    scheduleOf(userId: number) {
      return db
        .selectFrom("users")
        .select(["school_schedule", "schedule_source", "data_version", "updated_at"])
        .where("id", "=", userId)
        .executeTakeFirst();
    },

    /** Every task row of the user's, done or not, dated or not (the CalDAV tasks calendar). */
    taskRows(userId: number): Promise<TaskRow[]> {
      return db.selectFrom("tasks").selectAll().where("user_id", "=", userId).orderBy("id").execute();
    },

    /** The user's incomplete tasks with a due date. */
    dueTaskRows(userId: number): Promise<TaskRow[]> {
      return db
        .selectFrom("tasks")
        .selectAll()
        .where("user_id", "=", userId)
        .where("completed", "=", 0)
        .where("due_date", "is not", null)
        .orderBy("id")
        .execute();
    },
  };
}
export type CalendarFeedsRepository = ReturnType<typeof createCalendarFeedsRepository>;
