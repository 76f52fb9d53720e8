import type { Kysely } from "kysely";

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === "PostgresAdapter";
}

/** Events (docs/product.md#event): plain events, series, their changed occurrences and exception rows. */
export async function up(db: Kysely<any>): Promise<void> {
  const table = db.schema.createTable("events");
  await (
    isPostgres(db)
      ? table.addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
  )
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("subject", "text")
    .addColumn("date", "text", (c) => c.notNull())
    .addColumn("time", "text")
    .addColumn("event_type", "text", (c) => c.notNull().defaultTo("custom"))
    .addColumn("recurring", "text", (c) => c.notNull().defaultTo("none"))
    .addColumn("custom_when_to_repeat", "text")
    .addColumn("custom_days", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("custom_end_date", "text")
    .addColumn("is_completed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("notification_enabled", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("notification_timing", "text")
    // Deleting a series deletes its exception rows, changed occurrences and the series split off it.
    .addColumn("parent_event_id", "integer", (c) => c.references("events.id").onDelete("cascade"))
    .addColumn("is_exception", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("exception_date", "text")
    .addColumn("original_date", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("events_user_id_idx").on("events").columns(["user_id", "date", "id"]).execute();
  await db.schema.createIndex("events_parent_idx").on("events").column("parent_event_id").execute();
  // One exception row per series and date: adding the same exception twice keeps one. Rows that
  // are not exceptions have no exception_date, and NULLs never collide.
  await db.schema
    .createIndex("events_one_exception_per_date")
    .unique()
    .on("events")
    .columns(["parent_event_id", "exception_date"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("events").execute();
}
