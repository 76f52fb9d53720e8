import { type Kysely, sql } from "kysely";

// Migrations never import app code: they must keep working as the app changes.
function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === "PostgresAdapter";
}

/**
 * Mail and the forgot-password links (issue 38, decision 115).
 *
 * - mail_outbox: one row per mail, written in the transaction of the change that causes it. A
 *   worker on any instance claims due rows (claimed_at, claim_token: a lease; FOR UPDATE SKIP
 *   LOCKED on PostgreSQL), sends, then marks each sent or failed, or puts a temporary failure back
 *   with a later next_attempt_at. `params` holds what the mail says (a reset link while it is
 *   pending) and is erased when the row finishes. `message_id` stays the same for every attempt.
 * - password_reset_tokens: at most one per account (a newer request replaces it), only the token's
 *   SHA-256 kept; a reset deletes it, so it works once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const outbox = db.schema.createTable("mail_outbox");
  await (
    pg
      ? outbox.addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : outbox.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
  )
    .addColumn("message_id", "text", (c) => c.notNull().unique())
    .addColumn("to_address", "text", (c) => c.notNull())
    // Which mail (password-reset, password-reset-sso) and in which language it is worded.
    .addColumn("template", "text", (c) => c.notNull())
    .addColumn("locale", "text", (c) => c.notNull())
    .addColumn("params", "text")
    // pending (to send, or claimed and under way), sent, failed (refused, or out of time)
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    // After this the mail is not worth sending (a day, or a reset link's own expiry).
    .addColumn("send_before", "text", (c) => c.notNull())
    .addColumn("claimed_at", "text")
    .addColumn("claim_token", "text")
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .execute();
  // Only pending rows are scanned for, due first.
  await db.schema
    .createIndex("mail_outbox_pending_idx")
    .on("mail_outbox")
    .columns(["next_attempt_at", "id"])
    .where(sql.ref("status"), "=", "pending")
    .execute();

  await db.schema
    .createTable("password_reset_tokens")
    .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("password_reset_tokens").execute();
  await db.schema.dropTable("mail_outbox").execute();
}
