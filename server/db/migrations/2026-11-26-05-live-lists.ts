import { type Kysely, sql } from "kysely";

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === "PostgresAdapter";
}

/**
 * Live updates (docs/decisions/114): each instance tells a student's open streams which lists to
 * read again, so the database says which lists a write changed, on the channel `student_hub_live`
 * (beside decision 093's `student_hub_cache`, on the same listener connection; an instance of an
 * older version does not listen to it). PostgreSQL sends a notification only once its transaction
 * commits, and only once per transaction for the same payload: a write of 500 tasks is one message.
 *
 * Payload: `l:<user id>:<list>[,<list>…]`, or `l:*:school` for what everyone reads (the school's
 * version moves in every transaction that publishes, decision 112; an announcement).
 *
 * The users columns each list shows; server/db/change-feed.ts holds the same table for SQLite,
 * whose temporary triggers need nothing stored.
 */
const USER_COLUMNS_BY_LIST = {
  user: ["email", "first_name", "last_name", "profile_image_url", "is_admin", "password_reset_required", "user_classes", "locale"],
  schedule: ["school_schedule", "schedule_source"],
  preferences: ["evening_summary_time", "locale", "schedule_source"],
};

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`
    create function notify_live_rows() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        perform pg_notify('student_hub_live', 'l:' || old.user_id || ':' || tg_argv[0]);
      else
        perform pg_notify('student_hub_live', 'l:' || new.user_id || ':' || tg_argv[0]);
      end if;
      return null;
    end
    $$`.execute(db);
  for (const table of ["tasks", "events"]) {
    await sql`
      create trigger ${sql.raw(`${table}_notify_live`)} after insert or update or delete on ${sql.table(table)}
      for each row execute function notify_live_rows(${sql.lit(table)})`.execute(db);
  }

  const checks = Object.entries(USER_COLUMNS_BY_LIST).map(([list, columns]) => {
    const changed = columns.map((c) => `new.${c} is distinct from old.${c}`).join(" or ");
    return `if ${changed} then lists := lists || ',${list}'; end if;`;
  });
  await sql`
    create function notify_live_user() returns trigger language plpgsql as $$
    declare
      lists text := '';
    begin
      ${sql.raw(checks.join("\n      "))}
      if lists <> '' then
        perform pg_notify('student_hub_live', 'l:' || new.id || ':' || substr(lists, 2));
      end if;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger users_notify_live after update on users
    for each row execute function notify_live_user()`.execute(db);

  await sql`
    create function notify_live_school() returns trigger language plpgsql as $$
    begin
      perform pg_notify('student_hub_live', 'l:*:school');
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger app_settings_notify_live after insert or update on app_settings
    for each row when (new.key = 'schoolVersion') execute function notify_live_school()`.execute(db);
  await sql`
    create trigger announcements_notify_live after insert or delete on announcements
    for each row execute function notify_live_school()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop trigger announcements_notify_live on announcements`.execute(db);
  await sql`drop trigger app_settings_notify_live on app_settings`.execute(db);
  await sql`drop trigger users_notify_live on users`.execute(db);
  await sql`drop trigger events_notify_live on events`.execute(db);
  await sql`drop trigger tasks_notify_live on tasks`.execute(db);
  await sql`drop function notify_live_school()`.execute(db);
  await sql`drop function notify_live_user()`.execute(db);
  await sql`drop function notify_live_rows()`.execute(db);
}
