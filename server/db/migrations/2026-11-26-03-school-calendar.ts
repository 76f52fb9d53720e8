import type { Kysely } from "kysely";

// Migrations never import app code: they must keep working as the app changes.
function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === "PostgresAdapter";
}

/**
 * The school's own day (issue 36, decision 112): its events (delays, early dismissals, events
 * everyone should see), published by staff; and which schedule each student follows. The school's
 * schedule itself and its version are rows of app_settings, as the app's settings are.
 */
export async function up(db: Kysely<any>): Promise<void> {
  let events = db.schema.createTable("school_events");
  events = isPostgres(db)
    ? events.addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : events.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
  await events
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("date", "text", (c) => c.notNull())
    .addColumn("end_date", "text")
    .addColumn("time", "text")
    .addColumn("event_type", "text", (c) => c.notNull())
    // The alternate bell schedule the event's dates follow (a delay, an early dismissal), by id.
    .addColumn("alternate_id", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  // A range read walks the events starting in [from - longest span, to]: an index range, never all of them.
  await db.schema.createIndex("school_events_date_idx").on("school_events").column("date").execute();

  // "school" or "mine"; null: the school's once it has published one, unless the student saved their own.
  await db.schema.alterTable("users").addColumn("schedule_source", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("schedule_source").execute();
  await db.schema.dropTable("school_events").execute();
}
