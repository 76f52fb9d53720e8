import type { Kysely } from "kysely";

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === "PostgresAdapter";
}

/**
 * The retention policy (issue 55, decision 137). `users.last_sign_in_at`: when the account last
 * began a session; accounts that exist now start from this migration's time, so an upgrade never
 * counts the months before it as inactivity. `users.retention_notice_at`: when the 30 days' notice
 * was mailed. `scheduled_jobs`: a row per job that one instance at a time may run (the retention
 * sweep, the roster sync), claimed through the one lease queue (decision 125).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").addColumn("last_sign_in_at", "text").execute();
  await db.schema.alterTable("users").addColumn("retention_notice_at", "text").execute();
  await db.updateTable("users").set({ last_sign_in_at: new Date().toISOString() }).execute();
  const jobs = db.schema.createTable("scheduled_jobs");
  await (
    isPostgres(db)
      ? jobs.addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : jobs.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
  )
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("due_at", "text", (c) => c.notNull())
    .addColumn("claimed_at", "text")
    .addColumn("claim_token", "text")
    .addColumn("last_run_at", "text")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("scheduled_jobs").execute();
  await db.schema.alterTable("users").dropColumn("retention_notice_at").execute();
  await db.schema.alterTable("users").dropColumn("last_sign_in_at").execute();
}
