import type { Kysely } from "kysely";

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === "PostgresAdapter";
}

/**
 * Grades (issue 53, decision 134): the student's own record per class (by its name in their class
 * list): its level, its weighted categories, and its grade items; and the student's grading scale
 * (null: the default). A category removed takes no item with it: its items fall to no category.
 * Scores are doubles (two decimals on the way in); a class keeps its grades after it leaves the
 * class list until the student deletes them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const withId = (name: string) => {
    const table = db.schema.createTable(name);
    return pg
      ? table.addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
  };
  await withId("grade_classes")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("level", "text", (c) => c.notNull().defaultTo("regular"))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("grade_classes_subject", ["user_id", "subject"])
    .execute();
  await withId("grade_categories")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("class_id", "integer", (c) => c.notNull().references("grade_classes.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("weight", "double precision", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("grade_categories_class_idx").on("grade_categories").column("class_id").execute();
  await withId("grade_items")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("class_id", "integer", (c) => c.notNull().references("grade_classes.id").onDelete("cascade"))
    .addColumn("category_id", "integer", (c) => c.references("grade_categories.id").onDelete("set null"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("score", "double precision", (c) => c.notNull())
    .addColumn("out_of", "double precision", (c) => c.notNull())
    .addColumn("date", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("grade_items_class_idx").on("grade_items").column("class_id").execute();
  await db.schema.createIndex("grade_items_category_idx").on("grade_items").column("category_id").execute();
  await db.schema.alterTable("users").addColumn("grade_scale", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("grade_scale").execute();
  await db.schema.dropTable("grade_items").execute();
  await db.schema.dropTable("grade_categories").execute();
  await db.schema.dropTable("grade_classes").execute();
}
