import type { Kysely } from "kysely";

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === "PostgresAdapter";
}

/**
 * CalDAV objects a calendar app made (issue 52): the app keeps the address (`name`) and UID the
 * client gave its object, and what the object said that the app does not keep (an alarm, an X-
 * property), so the client reads back what it wrote. An item made in the app has no row: it is
 * `{id}.ics` with the app's own UID.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const table = db.schema.createTable("caldav_objects");
  await (
    isPostgres(db)
      ? table.addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
  )
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("calendar", "text", (c) => c.notNull())
    .addColumn("item_id", "integer", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("uid", "text", (c) => c.notNull())
    .addColumn("kept", "text")
    .addUniqueConstraint("caldav_objects_name", ["user_id", "calendar", "name"])
    .addUniqueConstraint("caldav_objects_item", ["user_id", "calendar", "item_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("caldav_objects").execute();
}
