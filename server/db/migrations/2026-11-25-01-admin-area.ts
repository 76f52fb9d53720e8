import type { Kysely } from "kysely";

/**
 * The admin area (decision 085):
 * - audit_log.actor_email: the acting admin's email, kept when that account is deleted later (the
 *   spec's audit log shows the admin's email; actor_user_id then becomes null). `target` already
 *   holds the target's email.
 * - users (is_admin, id): the user list pages by id, filtered by role, without a sort. The
 *   substring search itself (part of an email or name, any case) cannot use a B-tree index on
 *   either engine; at a school's size it scans in milliseconds (npm run bench: admin search).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("audit_log").addColumn("actor_email", "text").execute();
  await db.schema.createIndex("users_is_admin_id_idx").on("users").columns(["is_admin", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("users_is_admin_id_idx").execute();
  await db.schema.alterTable("audit_log").dropColumn("actor_email").execute();
}
