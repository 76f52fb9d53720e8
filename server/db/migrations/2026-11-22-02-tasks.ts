import type { Kysely } from "kysely";

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === "PostgresAdapter";
}

export async function up(db: Kysely<any>): Promise<void> {
  const table = db.schema.createTable("tasks");
  await (
    isPostgres(db)
      ? table.addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
  )
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("subject", "text")
    .addColumn("due_date", "text")
    .addColumn("due_time", "text")
    .addColumn("priority", "text", (c) => c.notNull().defaultTo("medium"))
    .addColumn("recurring", "text")
    .addColumn("completed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  // Listing a user's tasks newest first is one index range scan.
  await db.schema.createIndex("tasks_user_id_created_idx").on("tasks").columns(["user_id", "created_at", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("tasks").execute();
}
