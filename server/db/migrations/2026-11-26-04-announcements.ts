import { type Kysely, sql } from "kysely";

// Migrations never import app code: they must keep working as the app changes.
function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === "PostgresAdapter";
}

/**
 * The school's announcements (issue 36, decision 113).
 *
 * - announcements: what staff wrote, for whom ("all", "students", "admins"), and who wrote it.
 * - announcement_deliveries: the outbox, one row per device the announcement goes to, written in
 *   the transaction that creates the announcement. A worker on any instance claims pending rows
 *   (claimed_at, claim_token: a lease), pushes, then marks each sent or failed. A pending row whose
 *   lease ran out is claimed again by whoever scans next.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const announcements = db.schema.createTable("announcements");
  await (
    pg
      ? announcements.addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : announcements.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
  )
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("audience", "text", (c) => c.notNull())
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  // The readers' list: the last 30 days, newest first.
  await db.schema.createIndex("announcements_created_idx").on("announcements").column("created_at").execute();

  const deliveries = db.schema.createTable("announcement_deliveries");
  await (
    pg
      ? deliveries.addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : deliveries.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
  )
    .addColumn("announcement_id", "integer", (c) => c.notNull().references("announcements.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    // No foreign key: a device removed meanwhile leaves its row, which then ends as failed.
    .addColumn("subscription_id", "integer", (c) => c.notNull())
    // pending (not pushed yet, or claimed and under way), sent (the push service took it), failed
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("claimed_at", "text")
    .addColumn("claim_token", "text")
    .addColumn("finished_at", "text")
    .addUniqueConstraint("announcement_deliveries_once", ["announcement_id", "subscription_id"])
    .execute();
  // Only pending rows are scanned for; the counts read by announcement.
  await db.schema
    .createIndex("announcement_deliveries_pending_idx")
    .on("announcement_deliveries")
    .column("id")
    .where(sql.ref("status"), "=", "pending")
    .execute();
  await db.schema.createIndex("announcement_deliveries_user_idx").on("announcement_deliveries").column("user_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("announcement_deliveries").execute();
  await db.schema.dropTable("announcements").execute();
}
