import type { Selectable } from "kysely";
import type { Executor } from "../db/connection";
import type { CaldavObjectsTable } from "../db/schema";

export type CaldavObjectRow = Selectable<CaldavObjectsTable>;

/** The addresses, UIDs and unread parts of the objects calendar apps made (issue 52); scoped by user. */
export function createCaldavObjectsRepository(db: Executor) {
  return {
    listForUser(userId: number, calendar: string): Promise<CaldavObjectRow[]> {
      return db.selectFrom("caldav_objects").selectAll().where("user_id", "=", userId).where("calendar", "=", calendar).execute();
    },

    findByName(userId: number, calendar: string, name: string): Promise<CaldavObjectRow | undefined> {
      return db
        .selectFrom("caldav_objects")
        .selectAll()
        .where("user_id", "=", userId)
        .where("calendar", "=", calendar)
        .where("name", "=", name)
        .executeTakeFirst();
    },

    /** The object at `name` now holds `itemId` (a new one, or one made again after its item went). */
    async save(row: Omit<CaldavObjectRow, "id">): Promise<void> {
      await db
        .deleteFrom("caldav_objects")
        .where("user_id", "=", row.user_id)
        .where("calendar", "=", row.calendar)
        .where((eb) => eb.or([eb("name", "=", row.name), eb("item_id", "=", row.item_id)]))
        .execute();
      await db.insertInto("caldav_objects").values(row).execute();
    },

    async deleteByName(userId: number, calendar: string, name: string): Promise<void> {
      await db
        .deleteFrom("caldav_objects")
        .where("user_id", "=", userId)
        .where("calendar", "=", calendar)
        .where("name", "=", name)
        .execute();
    },
  };
}
export type CaldavObjectsRepository = ReturnType<typeof createCaldavObjectsRepository>;
