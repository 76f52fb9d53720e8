import type { Kysely } from "kysely";

// Migrations never import app code: they must keep working as the app changes.

/**
 * announcements.pruned_sent and pruned_failed (decision 113): housekeeping deletes an old
 * announcement's finished outbox rows and adds how many were sent and failed here, in the same
 * transaction, so the admin's figures (total, sent, failed) stay what they were.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("announcements")
    .addColumn("pruned_sent", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("announcements")
    .addColumn("pruned_failed", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("announcements").dropColumn("pruned_failed").execute();
  await db.schema.alterTable("announcements").dropColumn("pruned_sent").execute();
}
