import { type Kysely, sql } from "kysely";

// Migrations never import app code: they must keep working as the app changes.
function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === "PostgresAdapter";
}

/** The PostgreSQL trigger's test for the preferences list (migration 2026-11-26-05), with or without study_preferences. */
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
 * The study plan's settings (issue 51, decision 129): the student's study windows per weekday,
 * their daily study limit and longest block, as one JSON object; null until they set them (the
 * defaults then). A preference, so the other devices hear of a change (the live updates'
 * preferences list).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").addColumn("study_preferences", "text").execute();
  if (isPostgres(db))
    await notifyLiveUser(["evening_summary_time", "locale", "schedule_source", "app_badge", "study_preferences"]).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await notifyLiveUser(["evening_summary_time", "locale", "schedule_source", "app_badge"]).execute(db);
  await db.schema.alterTable("users").dropColumn("study_preferences").execute();
}
