import type { Kysely } from "kysely";

/**
 * An event's end (issue 51): HH:mm after its time, so the study plan knows how long a practice or
 * a club keeps the student busy; and an exam's revision time in minutes, spread by the plan over
 * the days before it. Both null until set.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("events").addColumn("end_time", "text").execute();
  await db.schema.alterTable("events").addColumn("prep_minutes", "integer").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("events").dropColumn("prep_minutes").execute();
  await db.schema.alterTable("events").dropColumn("end_time").execute();
}
