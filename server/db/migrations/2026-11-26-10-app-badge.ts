import { type Kysely, sql } from "kysely";

// Migrations never import app code: they must keep working as the app changes.
function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === "PostgresAdapter";
}

/** The PostgreSQL trigger's test for the preferences list (migration 2026-11-26-05), with or without app_badge. */
function notifyLiveUser(preferences: readonly string[]) {
  const lists = {
    user: ["email", "first_name", "last_name", "profile_image_url", "is_admin", "password_reset_required", "user_classes", "locale"],
    schedule: ["school_schedule", "schedule_source"],
    preferences,
  };
  const checks = Object.entries(lists).map(([list, columns]) => {
    const changed = columns.map((c) => `new.${c} is distinct from old.${c}`).join(" or ");
    return `if ${changed} then lists := lists || ',${list}'; end if;`;
  });
  return sql`
    create or replace function notify_live_user() returns trigger language plpgsql as $$
    declare
      lists text := '';
    begin
      ${sql.raw(checks.join("\n      "))}
      if lists <> '' then
        perform pg_notify('student_hub_live', 'l:' || new.id || ':' || substr(lists, 2));
      end if;
      return null;
    end
    $$`;
}

/**
 * The app icon's badge (issue 40, decision 119): whether the installed app's icon shows how many
 * tasks are due today or overdue, 1 (on, every account's default) or 0. A preference, so turning
 * it off on one device tells the others (the live updates' preferences list).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("app_badge", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  if (isPostgres(db)) await notifyLiveUser(["evening_summary_time", "locale", "schedule_source", "app_badge"]).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await notifyLiveUser(["evening_summary_time", "locale", "schedule_source"]).execute(db);
  await db.schema.alterTable("users").dropColumn("app_badge").execute();
}
