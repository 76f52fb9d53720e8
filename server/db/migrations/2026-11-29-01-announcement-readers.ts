import type { Kysely } from "kysely";

/**
 * announcements.readers (issue 49): how many accounts of its audience it reached in the app when it
 * was sent; every one of them sees it on Home, with a device for push or without. Staff read "No
 * device to send to" on announcements their students had read. Null for those sent before: not
 * counted then.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("announcements").addColumn("readers", "integer").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("announcements").dropColumn("readers").execute();
}
