import type { Kysely } from "kysely";

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === "PostgresAdapter";
}

/**
 * A second factor for accounts with a password (issue 55, decision 136): the TOTP secret (RFC 6238)
 * and the last time step a code was taken at (a code is used once), enabled once its first code
 * was confirmed; ten single-use recovery codes, kept as digests; and the sign-ins waiting for their
 * second factor, by the digest of the token in their short-lived cookie. Kept apart from `users`, so
 * that no secret travels with the signed-in user a session carries.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("two_factor")
    .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("enabled_at", "text")
    .addColumn("last_step", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  const codes = db.schema.createTable("two_factor_recovery_codes");
  await (
    isPostgres(db)
      ? codes.addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : codes.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
  )
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("two_factor_recovery_codes_user").on("two_factor_recovery_codes").column("user_id").execute();
  await db.schema
    .createTable("sign_in_challenges")
    .addColumn("id_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("sign_in_challenges").execute();
  await db.schema.dropTable("two_factor_recovery_codes").execute();
  await db.schema.dropTable("two_factor").execute();
}
