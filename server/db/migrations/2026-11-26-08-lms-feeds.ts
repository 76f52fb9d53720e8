import type { Kysely } from "kysely";

// Migrations never import app code: they must keep working as the app changes.
function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === "PostgresAdapter";
}

/**
 * A student's LMS calendar feeds (issue 39, decision 117).
 *
 * - lms_feeds: the feed's address (a secret: never logged, never answered in full), its name, what
 *   its items become, its state (active, or paused after 5 failures in a row), the last failure,
 *   and the refresh claim: next_refresh_at, and claimed_at with claim_token while one instance
 *   refreshes it (a lease, as announcement_deliveries has), so each refresh happens once.
 * - lms_feed_items: which task each of the feed's UIDs became, with the fingerprint of what the LMS
 *   last said (only an LMS change rewrites the task). task_id null: the student deleted the task,
 *   and the item is not brought back.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const feeds = db.schema.createTable("lms_feeds");
  await (
    pg
      ? feeds.addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : feeds.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
  )
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("mode", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("failures", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .addColumn("last_error_status", "integer")
    .addColumn("last_success_at", "text")
    .addColumn("item_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_refresh_at", "text", (c) => c.notNull())
    .addColumn("claimed_at", "text")
    .addColumn("claim_token", "text")
    .addColumn("manual_refresh_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("lms_feeds_user_idx").on("lms_feeds").column("user_id").execute();
  await db.schema.createIndex("lms_feeds_due_idx").on("lms_feeds").columns(["status", "next_refresh_at"]).execute();

  await db.schema
    .createTable("lms_feed_items")
    .addColumn("feed_id", "integer", (c) => c.notNull().references("lms_feeds.id").onDelete("cascade"))
    .addColumn("uid", "text", (c) => c.notNull())
    .addColumn("task_id", "integer", (c) => c.references("tasks.id").onDelete("set null"))
    .addColumn("fingerprint", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("lms_feed_items_pk", ["feed_id", "uid"])
    .execute();
  await db.schema.createIndex("lms_feed_items_task_idx").on("lms_feed_items").column("task_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("lms_feed_items").execute();
  await db.schema.dropTable("lms_feeds").execute();
}
