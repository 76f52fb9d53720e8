import type { Kysely } from "kysely";

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === "PostgresAdapter";
}

/**
 * Rosters from the student information system (issue 55, decision 138). `users.roster_source_id`:
 * the OneRoster `sourcedId` an account follows; `users.roster_classes`: the class list the roster
 * last gave it (a class list that differs was edited by the student, whose edit wins);
 * `users.disabled_at`: the roster said `tobedeleted` or stopped listing it, so it signs in no more
 * and the retention policy deletes it later. `roster_runs`: each sync's report for staff.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").addColumn("roster_source_id", "text").execute();
  await db.schema.alterTable("users").addColumn("roster_classes", "text").execute();
  await db.schema.alterTable("users").addColumn("disabled_at", "text").execute();
  await db.schema.createIndex("users_roster_source_id").unique().on("users").column("roster_source_id").execute();
  const runs = db.schema.createTable("roster_runs");
  await (
    isPostgres(db)
      ? runs.addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : runs.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
  )
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("started_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("reason", "text")
    .addColumn("created", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("disabled", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("refused", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("roster_runs").execute();
  await db.schema.dropIndex("users_roster_source_id").execute();
  await db.schema.alterTable("users").dropColumn("disabled_at").execute();
  await db.schema.alterTable("users").dropColumn("roster_classes").execute();
  await db.schema.alterTable("users").dropColumn("roster_source_id").execute();
}
