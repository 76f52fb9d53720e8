import type { Kysely } from "kysely";

/**
 * users.school_schedule (decision 090): the student's bell times, school days, rotation and days
 * off as JSON (GET/PUT /api/user/schedule), null until the first PUT. One document per user, read
 * and written whole, as the classes are (decision 020).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").addColumn("school_schedule", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("school_schedule").execute();
}
