import type { Selectable } from "kysely";
import type { DevicePassword } from "../../core/schemas/device-passwords";
import type { Executor } from "../db/connection";
import type { DevicePasswordsTable } from "../db/schema";

type DevicePasswordRow = Selectable<DevicePasswordsTable>;

function toDevicePassword(row: DevicePasswordRow): DevicePassword {
  return { id: row.id, name: row.name, createdAt: row.created_at, lastUsedAt: row.last_used_at };
}

/** Calendar apps' passwords (issue 52); every query but the sign-in's is scoped by user id. */
export function createDevicePasswordsRepository(db: Executor) {
  return {
    async listForUser(userId: number): Promise<DevicePassword[]> {
      const rows = await db.selectFrom("device_passwords").selectAll().where("user_id", "=", userId).orderBy("id").execute();
      return rows.map(toDevicePassword);
    },

    async countForUser(userId: number): Promise<number> {
      const row = await db
        .selectFrom("device_passwords")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("user_id", "=", userId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async create(userId: number, name: string, passwordHash: string, now: Date): Promise<DevicePassword> {
      const row = await db
        .insertInto("device_passwords")
        .values({ user_id: userId, name, password_hash: passwordHash, created_at: now.toISOString(), last_used_at: null })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toDevicePassword(row);
    },

    /** Deletes one of the user's; answers whether there was one. */
    async deleteForUser(userId: number, id: number): Promise<boolean> {
      const result = await db.deleteFrom("device_passwords").where("user_id", "=", userId).where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** The password with this hash, with its owner (a calendar app signing in). */
    findByHash(passwordHash: string): Promise<{ id: number; userId: number; lastUsedAt: string | null } | undefined> {
      return db
        .selectFrom("device_passwords")
        .select(["id", "user_id as userId", "last_used_at as lastUsedAt"])
        .where("password_hash", "=", passwordHash)
        .executeTakeFirst();
    },

    async touch(id: number, at: Date): Promise<void> {
      await db.updateTable("device_passwords").set({ last_used_at: at.toISOString() }).where("id", "=", id).execute();
    },
  };
}
export type DevicePasswordsRepository = ReturnType<typeof createDevicePasswordsRepository>;
