import { type Kysely, sql } from "kysely";

// Migrations never import app code: they must keep working as the app changes.
function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === "PostgresAdapter";
}

/**
 * Reminders (decision 089).
 *
 * - tasks.reminder: the task's reminder choice (events already carry notification_timing).
 * - users.evening_summary_time: HH:mm of the student's evening summary, null when off.
 * - reminder_schedule: one row per task, event or summary with a reminder still to come, keyed by
 *   (kind, item_id), with its instant in due_at. Written in the same transaction as the write that
 *   changes it. Kept apart from tasks and events so that a scheduler advancing it neither bumps the
 *   student's data version (list ETags) nor locks the rows the student edits, and so that a scan
 *   reads an index of what is due, not of everything that exists.
 * - sent_reminders: what was pushed (or skipped), one row per (kind, item, occurrence, timing),
 *   written before the push: a second claimer, or a retry after a crash, finds it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("tasks").addColumn("reminder", "text").execute();
  await db.schema.alterTable("users").addColumn("evening_summary_time", "text").execute();

  await db.schema
    .createTable("reminder_schedule")
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("item_id", "integer", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("due_at", "text", (c) => c.notNull())
    .addColumn("occurrence", "text", (c) => c.notNull())
    .addColumn("timing", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("reminder_schedule_pk", ["kind", "item_id"])
    .execute();
  await db.schema.createIndex("reminder_schedule_due_idx").on("reminder_schedule").column("due_at").execute();
  await db.schema.createIndex("reminder_schedule_user_idx").on("reminder_schedule").column("user_id").execute();

  const sent = db.schema.createTable("sent_reminders");
  await (
    isPostgres(db)
      ? sent.addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : sent.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
  )
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("item_id", "integer", (c) => c.notNull())
    .addColumn("occurrence", "text", (c) => c.notNull())
    .addColumn("timing", "text", (c) => c.notNull())
    .addColumn("due_at", "text", (c) => c.notNull())
    // pending (claimed, push under way), sent, failed (no device took it), skipped (too late), empty (a summary with nothing to say)
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("payload", "text")
    .addColumn("claimed_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .addUniqueConstraint("sent_reminders_once", ["kind", "item_id", "occurrence", "timing"])
    .execute();
  // Only pending rows are looked up by time (the recovery of a crashed instance's claims).
  await db.schema
    .createIndex("sent_reminders_pending_idx")
    .on("sent_reminders")
    .column("claimed_at")
    .where(sql.ref("status"), "=", "pending")
    .execute();
  await db.schema.createIndex("sent_reminders_due_idx").on("sent_reminders").column("due_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("sent_reminders").execute();
  await db.schema.dropTable("reminder_schedule").execute();
  await db.schema.alterTable("users").dropColumn("evening_summary_time").execute();
  await db.schema.alterTable("tasks").dropColumn("reminder").execute();
}
