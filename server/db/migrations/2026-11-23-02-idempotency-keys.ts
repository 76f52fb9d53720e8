import type { Kysely } from "kysely";

/**
 * Idempotency-Key records: a create retried with the same key replays the first answer instead of
 * creating twice. Kept a day (housekeeping sweeps older ones); removed with their user.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("idempotency_keys")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("request_hash", "text", (c) => c.notNull())
    .addColumn("status_code", "integer")
    .addColumn("response_body", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("idempotency_keys_pkey", ["user_id", "key"])
    .execute();
  await db.schema.createIndex("idempotency_keys_created_at_idx").on("idempotency_keys").column("created_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("idempotency_keys").execute();
}
