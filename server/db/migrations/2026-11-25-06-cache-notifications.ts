import { type Kysely, sql } from "kysely";

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === "PostgresAdapter";
}

/**
 * PostgreSQL tells every instance when a cached session or user stops being current
 * (docs/decisions/093): a NOTIFY on the channel `student_hub_cache`, sent by triggers so that no
 * write path can forget it (sign-out, password change, an admin's reset, a deletion and its cascade,
 * the session cap, housekeeping, the admin CLI, a data_version bump from a task or event trigger).
 * PostgreSQL delivers a notification only when its transaction commits, in commit order.
 *
 * Payloads: `s:<session id hash>` a session ended or changed (a sliding last_seen_at alone is not
 * a change); `u:<user id>` a user changed or went; `v:<user id>:<data_version>` only the user's data
 * version moved (a write to their tasks or events).
 *
 * SQLite has no notifications: one process serves a file, and its connection gets temporary
 * triggers at start-up instead (server/db/change-feed.ts). Nothing is stored, so SQLite needs nothing here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`
    create function notify_session_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('student_hub_cache', 's:' || old.id_hash);
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger sessions_notify_delete after delete on sessions
    for each row execute function notify_session_change()`.execute(db);
  await sql`
    create trigger sessions_notify_update after update on sessions
    for each row when ((to_jsonb(new) - 'last_seen_at') is distinct from (to_jsonb(old) - 'last_seen_at'))
    execute function notify_session_change()`.execute(db);
  await sql`
    create function notify_user_change() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and (to_jsonb(new) - 'data_version') = (to_jsonb(old) - 'data_version') then
        perform pg_notify('student_hub_cache', 'v:' || new.id || ':' || new.data_version);
      else
        perform pg_notify('student_hub_cache', 'u:' || old.id);
      end if;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger users_notify_change after update or delete on users
    for each row execute function notify_user_change()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop trigger users_notify_change on users`.execute(db);
  await sql`drop trigger sessions_notify_update on sessions`.execute(db);
  await sql`drop trigger sessions_notify_delete on sessions`.execute(db);
  await sql`drop function notify_user_change()`.execute(db);
  await sql`drop function notify_session_change()`.execute(db);
}
