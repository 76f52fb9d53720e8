import type { Kysely } from "kysely";

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === "PostgresAdapter";
}

/**
 * Focus sessions (issue 51): a stretch of time a student spent on a task (or on nothing in
 * particular), from the focus timer. A task's `spent_minutes` is the sum of its sessions' minutes,
 * kept in the same transaction as each session's write, so the task list reads it without a join
 * and a task's ETag moves when time lands on it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const table = db.schema.createTable("focus_sessions");
  await (
    isPostgres(db)
      ? table.addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
  )
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("task_id", "integer", (c) => c.references("tasks.id").onDelete("set null"))
    .addColumn("started_at", "text", (c) => c.notNull())
    .addColumn("ended_at", "text", (c) => c.notNull())
    .addColumn("minutes", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  // A student's sessions by time: the overlap check and a range's list are one index range scan.
  await db.schema.createIndex("focus_sessions_user_started_idx").on("focus_sessions").columns(["user_id", "started_at"]).execute();
  await db.schema.createIndex("focus_sessions_task_idx").on("focus_sessions").column("task_id").execute();
  await db.schema
    .alterTable("tasks")
    .addColumn("spent_minutes", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("tasks").dropColumn("spent_minutes").execute();
  await db.schema.dropTable("focus_sessions").execute();
}
