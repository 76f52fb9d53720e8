import type { Kysely } from "kysely";

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === "PostgresAdapter";
}

/**
 * A student's parents and guardians (issue 54): each invited address, its language and how often it
 * hears, whether it confirmed; the confirmation link's token (a digest, until it is used or runs
 * out) and the unsubscribe link's, kept as it is because every digest carries it (it can do
 * nothing but stop the mails). `last_period` is the
 * last digest period sent, so that one digest goes per period whatever the instances.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const table = db.schema.createTable("guardians");
  await (
    isPostgres(db)
      ? table.addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
  )
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("locale", "text", (c) => c.notNull())
    .addColumn("frequency", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("confirm_token_hash", "text", (c) => c.unique())
    .addColumn("confirm_expires_at", "text")
    .addColumn("unsubscribe_token", "text", (c) => c.notNull().unique())
    .addColumn("last_period", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("guardians_user_email", ["user_id", "email"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("guardians").execute();
}
