import type { Executor } from "../db/connection";
import type { SsoLoginRow } from "../db/schema";

/** Provider sign-ins under way (decision 110), where any instance can finish them. */
export function createSsoLoginsRepository(db: Executor) {
  return {
    async create(row: SsoLoginRow): Promise<void> {
      await db.insertInto("sso_logins").values(row).execute();
    },

    /**
     * Takes the login out, so it can be used once only: of two callbacks racing with the same
     * cookie, one gets the row and the other nothing.
     */
    async take(idHash: string): Promise<SsoLoginRow | undefined> {
      return db.deleteFrom("sso_logins").where("id_hash", "=", idHash).returningAll().executeTakeFirst();
    },

    /** Logins started before `before` (never finished): housekeeping's. */
    async deleteStartedBefore(before: Date): Promise<number> {
      const result = await db.deleteFrom("sso_logins").where("created_at", "<", before.toISOString()).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type SsoLoginsRepository = ReturnType<typeof createSsoLoginsRepository>;
