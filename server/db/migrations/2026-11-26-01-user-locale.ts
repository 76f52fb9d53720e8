import type { Kysely } from "kysely";

// Migrations never import app code: they must keep working as the app changes.

/**
 * users.locale: the language the account reads the app, its pushes and its files in (decision 108),
 * "en" or "es". Every account made before it reads English, as it did.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("locale", "text", (c) => c.notNull().defaultTo("en"))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("locale").execute();
}
