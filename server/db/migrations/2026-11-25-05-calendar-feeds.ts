import type { Kysely } from "kysely";

/**
 * calendar_feeds (decision 092): a student's subscribable calendar feed. The feed's secret token is
 * an HMAC of the user and `version` under a server secret (app_settings), so Settings can show the
 * link again and Reset (version + 1) ends the old one; only the token's SHA-256 is stored, to find
 * the user, so a database dump alone does not reveal any feed's address. null: turned off.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("calendar_feeds")
    .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.unique())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("calendar_feeds").execute();
}
