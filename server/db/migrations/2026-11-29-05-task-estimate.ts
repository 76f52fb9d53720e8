import type { Kysely } from "kysely";

/**
 * A task's time estimate (issue 51, decision 129): whole minutes from 5 to 600 the student expects
 * it to take, null when they gave none (the study plan then counts 30 minutes).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("tasks").addColumn("estimate_minutes", "integer").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("tasks").dropColumn("estimate_minutes").execute();
}
