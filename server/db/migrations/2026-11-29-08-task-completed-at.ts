import { type Kysely, sql } from "kysely";

/**
 * When a task was completed (issue 51: "where the time went" compares the estimates of the tasks
 * completed in a range with the time spent on them). Null while it is not; tasks already completed
 * take their last change as the best known moment.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("tasks").addColumn("completed_at", "text").execute();
  await sql`update tasks set completed_at = updated_at where completed = 1`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("tasks").dropColumn("completed_at").execute();
}
