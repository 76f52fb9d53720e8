import { type Kysely, sql } from "kysely";

// Migrations never import app code: they must keep working as the app changes.
function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === "PostgresAdapter";
}

/**
 * Single sign-on (decision 110):
 * - users.password_hash becomes nullable: an account made by a school's identity provider (or by a
 *   roster import with SSO) has no password at all.
 * - user_identities: who a provider says an account is, keyed by (issuer, subject), never by email.
 * - sso_logins: a provider sign-in under way (state, nonce, PKCE verifier), kept in the database so
 *   that any instance can finish it, used once, and good for 10 minutes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table users alter column password_hash drop not null`.execute(db);
  } else {
    await dropPasswordNotNullOnSqlite(db);
  }

  const pg = isPostgres(db);
  let identities = db.schema.createTable("user_identities");
  identities = pg
    ? identities.addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : identities.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
  await identities
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("provider_id", "text", (c) => c.notNull())
    .addColumn("issuer", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("user_identities_issuer_subject_key", ["issuer", "subject"])
    .execute();
  await db.schema.createIndex("user_identities_user_id_idx").on("user_identities").column("user_id").execute();

  await db.schema
    .createTable("sso_logins")
    // SHA-256 of the browser's login cookie: the cookie itself is never stored.
    .addColumn("id_hash", "text", (c) => c.primaryKey())
    .addColumn("provider_id", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("nonce", "text", (c) => c.notNull())
    .addColumn("code_verifier", "text", (c) => c.notNull())
    // "sign-in", or "confirm-deletion" for the account deleting itself (with the user it is for).
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sso_logins_created_at_idx").on("sso_logins").column("created_at").execute();
}

/**
 * SQLite cannot drop a NOT NULL constraint in place: the table is rebuilt as its documentation's
 * "12 steps" describe (sqlite.org/lang_altertable.html#otheralter), in one transaction, with
 * foreign keys off so that dropping the old table does not cascade into every user's data, and
 * its indexes and triggers made again. Nothing but that one constraint changes.
 */
async function dropPasswordNotNullOnSqlite(db: Kysely<any>): Promise<void> {
  const table = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'users'`.execute(db);
  const createUsers = table.rows[0]?.sql;
  if (!createUsers) throw new Error("users table not found");
  const rebuilt = createUsers.replace(/"password_hash" text not null/i, '"password_hash" text');
  if (rebuilt === createUsers) throw new Error(`users.password_hash is not as created: ${createUsers}`);
  const attached = await sql<{ sql: string }>`
    select sql from sqlite_master where tbl_name = 'users' and type in ('index', 'trigger') and sql is not null`.execute(db);

  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin immediate`.execute(db);
    try {
      await sql.raw(rebuilt.replace(/^CREATE TABLE "users"/i, 'CREATE TABLE "users_rebuilt"')).execute(db);
      await sql`insert into users_rebuilt select * from users`.execute(db);
      await sql`drop table users`.execute(db);
      // Legacy renaming leaves the other tables' triggers and foreign keys naming "users" as they are.
      await sql`pragma legacy_alter_table = on`.execute(db);
      await sql`alter table users_rebuilt rename to users`.execute(db);
      await sql`pragma legacy_alter_table = off`.execute(db);
      for (const { sql: statement } of attached.rows) await sql.raw(statement).execute(db);
      const broken = await sql`pragma foreign_key_check`.execute(db);
      if (broken.rows.length > 0) throw new Error(`foreign keys broken by the users rebuild: ${JSON.stringify(broken.rows)}`);
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  } finally {
    await sql`pragma legacy_alter_table = off`.execute(db);
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("sso_logins").execute();
  await db.schema.dropTable("user_identities").execute();
  // password_hash stays nullable: making it required again would need a password for every SSO account.
}
