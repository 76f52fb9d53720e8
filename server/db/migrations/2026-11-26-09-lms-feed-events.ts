import type { Kysely } from "kysely";

/**
 * A feed's item may become an event (issue 39, decision 117: assignments → tasks, the rest →
 * events): lms_feed_items.event_id points at it, as task_id points at a task. Null on both once
 * the student deleted what the item became, and the item is not brought back.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("lms_feed_items")
    .addColumn("event_id", "integer", (c) => c.references("events.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("lms_feed_items_event_idx").on("lms_feed_items").column("event_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("lms_feed_items_event_idx").execute();
  await db.schema.alterTable("lms_feed_items").dropColumn("event_id").execute();
}
