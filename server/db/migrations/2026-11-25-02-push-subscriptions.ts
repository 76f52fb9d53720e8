import type { Kysely } from "kysely";

// Migrations never import app code: they must keep working as the app changes.
function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === "PostgresAdapter";
}

/**
 * Web Push subscriptions, one row per device (decision 087). A device belongs to the session that
 * registered it: signing out deletes the session and, by the cascade, the device's subscription
 * (school computers and phones are shared); the session id changing at sign-in or at the admin
 * step-up carries it along (on update cascade). An account's deletion removes them all.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const table = db.schema.createTable("push_subscriptions");
  await (
    isPostgres(db)
      ? table.addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
  )
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("session_id_hash", "text", (c) => c.notNull().references("sessions.id_hash").onDelete("cascade").onUpdate("cascade"))
    .addColumn("endpoint", "text", (c) => c.notNull().unique())
    .addColumn("p256dh", "text", (c) => c.notNull())
    .addColumn("auth", "text", (c) => c.notNull())
    .addColumn("expiration_time", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("push_subscriptions_user_id_idx").on("push_subscriptions").column("user_id").execute();
  await db.schema.createIndex("push_subscriptions_session_idx").on("push_subscriptions").column("session_id_hash").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("push_subscriptions").execute();
}
