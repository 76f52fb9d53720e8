import type { Kysely } from "kysely";

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === "PostgresAdapter";
}

/**
 * Device passwords (issue 52): what a calendar app signs in with over CalDAV, never the account's
 * own password. Only the SHA-256 of each is kept: they are long random strings, so a fast hash is
 * as safe as a slow one and lets every request be checked against the database, where a revoked
 * one is gone for every instance at once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const table = db.schema.createTable("device_passwords");
  await (
    isPostgres(db)
      ? table.addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
  )
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("password_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_used_at", "text")
    .execute();
  await db.schema.createIndex("device_passwords_user_idx").on("device_passwords").column("user_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("device_passwords").execute();
}
