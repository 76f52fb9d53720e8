import type { Kysely } from "kysely";

/**
 * Whether a student is pushed when a study block starts (issue 51, decision 132): off until they
 * turn it on in Settings → Study time. Their next look at the plan is a `study` row in
 * reminder_schedule (its item the user's id, as the evening summary's), claimed as any reminder is.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("study_block_reminders", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("study_block_reminders").execute();
}
