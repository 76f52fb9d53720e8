import { type Kysely, sql } from "kysely";

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === "PostgresAdapter";
}

/** The tables whose rows make up what a student's list reads answer (tasks, events). */
const USER_DATA_TABLES = ["tasks", "events"] as const;

/**
 * users.data_version: a counter bumped in the same transaction as every write to the user's
 * tasks, events or classes (docs/decisions/066). List reads derive their ETag from it, so a
 * conditional GET is answered without reading the list, and every instance on one database agrees.
 *
 * Triggers rather than application code bump it: no write path (a series edit, an admin's
 * deletion, a future feature) can forget, and the bump commits or rolls back with the write.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("data_version", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  if (isPostgres(db)) {
    await sql`
      create function bump_user_data_version() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' then
          update users set data_version = data_version + 1 where id = old.user_id;
        else
          update users set data_version = data_version + 1 where id = new.user_id;
        end if;
        return null;
      end
      $$`.execute(db);
    for (const table of USER_DATA_TABLES) {
      await sql`
        create trigger ${sql.raw(`${table}_bump_user_data_version`)}
        after insert or update or delete on ${sql.table(table)}
        for each row execute function bump_user_data_version()`.execute(db);
    }
    await sql`
      create function bump_user_data_version_on_classes() returns trigger language plpgsql as $$
      begin
        new.data_version := old.data_version + 1;
        return new;
      end
      $$`.execute(db);
    await sql`
      create trigger users_bump_data_version_on_classes
      before update of user_classes on users
      for each row when (old.user_classes is distinct from new.user_classes)
      execute function bump_user_data_version_on_classes()`.execute(db);
    return;
  }

  for (const table of USER_DATA_TABLES) {
    const name = (event: string) => sql.raw(`${table}_bump_user_data_version_${event}`);
    const t = sql.table(table);
    await sql`create trigger ${name("insert")} after insert on ${t}
      begin update users set data_version = data_version + 1 where id = new.user_id; end`.execute(db);
    await sql`create trigger ${name("update")} after update on ${t}
      begin update users set data_version = data_version + 1 where id = new.user_id; end`.execute(db);
    await sql`create trigger ${name("delete")} after delete on ${t}
      begin update users set data_version = data_version + 1 where id = old.user_id; end`.execute(db);
  }
  // SQLite runs no trigger recursively by default, so this update of users does not fire itself.
  await sql`create trigger users_bump_data_version_on_classes after update of user_classes on users
    when old.user_classes is not new.user_classes
    begin update users set data_version = data_version + 1 where id = new.id; end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const table of USER_DATA_TABLES)
      await sql`drop trigger ${sql.raw(`${table}_bump_user_data_version`)} on ${sql.table(table)}`.execute(db);
    await sql`drop trigger users_bump_data_version_on_classes on users`.execute(db);
    await sql`drop function bump_user_data_version()`.execute(db);
    await sql`drop function bump_user_data_version_on_classes()`.execute(db);
  } else {
    for (const table of USER_DATA_TABLES) {
      for (const event of ["insert", "update", "delete"])
        await sql`drop trigger ${sql.raw(`${table}_bump_user_data_version_${event}`)}`.execute(db);
    }
    await sql`drop trigger users_bump_data_version_on_classes`.execute(db);
  }
  await db.schema.alterTable("users").dropColumn("data_version").execute();
}
