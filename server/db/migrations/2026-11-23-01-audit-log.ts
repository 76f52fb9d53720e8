import type { Kysely } from "kysely";

// Migrations never import app code: they must keep working as the app changes.
function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === "PostgresAdapter";
}

/**
 * Who did what to whom, and when (docs/product.md#admin-area: admin actions and passcode tries are audited).
 * Portable column types (decision 003): `details` is JSON text, `created_at` ISO-8601 UTC text.
 * The actor's row may be deleted later; the entry stays, with the actor set to null.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const table = db.schema.createTable("audit_log");
  await (
    isPostgres(db)
      ? table.addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
  )
    .addColumn("actor_user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("target", "text")
    .addColumn("details", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  // The admin audit page lists the newest entries first.
  await db.schema.createIndex("audit_log_created_at_idx").on("audit_log").columns(["created_at", "id"]).execute();
  // Deleting a user sets its entries' actor to null: an index keeps that from scanning the table.
  await db.schema.createIndex("audit_log_actor_user_id_idx").on("audit_log").column("actor_user_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("audit_log").execute();
}
