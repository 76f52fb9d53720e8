import type { Kysely } from "kysely";

/**
 * The roster as the provider last gave it (issue 55, decision 138): `roster_records` keeps each
 * OneRoster user, class, enrollment and role by its `sourcedId`, so a delta (the records changed
 * since the last read, over REST or in a delta CSV bundle) is merged into the whole roster a
 * student's class list is worked out from. `roster_runs.mode` says whether a run read everything
 * (`full`) or the changes (`delta`); `watermark`, the latest `dateLastModified` it read, where the
 * next delta starts.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("roster_records")
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("sourced_id", "text", (c) => c.notNull())
    .addColumn("record", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("roster_records_pkey", ["kind", "sourced_id"])
    .execute();
  await db.schema
    .alterTable("roster_runs")
    .addColumn("mode", "text", (c) => c.notNull().defaultTo("full"))
    .execute();
  await db.schema.alterTable("roster_runs").addColumn("watermark", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("roster_runs").dropColumn("watermark").execute();
  await db.schema.alterTable("roster_runs").dropColumn("mode").execute();
  await db.schema.dropTable("roster_records").execute();
}
