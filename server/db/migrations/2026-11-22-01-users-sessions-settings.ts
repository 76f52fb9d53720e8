import { type Kysely, sql } from "kysely";

// Migrations never import app code: they must keep working as the app changes.
function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === "PostgresAdapter";
}

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const id = (t: any) =>
    pg
      ? t.addColumn("id", "integer", (c: any) => c.primaryKey().generatedByDefaultAsIdentity())
      : t.addColumn("id", "integer", (c: any) => c.primaryKey().autoIncrement());

  await id(db.schema.createTable("users"))
    .addColumn("email", "text", (c: any) => c.notNull().unique())
    .addColumn("password_hash", "text", (c: any) => c.notNull())
    .addColumn("first_name", "text", (c: any) => c.notNull())
    .addColumn("last_name", "text", (c: any) => c.notNull())
    .addColumn("profile_image_url", "text")
    .addColumn("is_admin", "integer", (c: any) => c.notNull().defaultTo(0))
    .addColumn("password_reset_required", "integer", (c: any) => c.notNull().defaultTo(0))
    .addColumn("temporary_password_expires_at", "text")
    .addColumn("user_classes", "text", (c: any) => c.notNull().defaultTo("[]"))
    .addColumn("created_at", "text", (c: any) => c.notNull())
    .addColumn("updated_at", "text", (c: any) => c.notNull())
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("csrf_token", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("admin_unlocked_at", "text")
    .execute();
  await db.schema.createIndex("sessions_user_id_idx").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("app_settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("window_ends_at", "text", (c) => c.notNull())
    .execute();
  void sql;
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["rate_limits", "app_settings", "sessions", "users"]) await db.schema.dropTable(table).execute();
}
