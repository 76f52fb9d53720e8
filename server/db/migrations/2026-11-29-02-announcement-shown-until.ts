import type { Kysely } from "kysely";

/**
 * How long Home shows an announcement, and the school event it was made from (issue 49): "Picture
 * day Monday" stayed on Home all week, and an announcement made from an event said nothing of when.
 * `shown_until` is the instant Home stops showing it (the end of its event's last day in the
 * school's zone, or the days staff chose); `event_date`, `event_end_date` and `event_time` are the
 * event's, as stored, for each reader to word in their language. Null for those sent before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("announcements").addColumn("shown_until", "text").execute();
  await db.schema.alterTable("announcements").addColumn("event_date", "text").execute();
  await db.schema.alterTable("announcements").addColumn("event_end_date", "text").execute();
  await db.schema.alterTable("announcements").addColumn("event_time", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ["event_time", "event_end_date", "event_date", "shown_until"])
    await db.schema.alterTable("announcements").dropColumn(column).execute();
}
