import type { Selectable } from "kysely";
import type { Executor } from "../db/connection";
import type { TwoFactorTable } from "../db/schema";

export type TwoFactorRow = Selectable<TwoFactorTable>;

/** A second factor's rows (issue 55, decision 136): the TOTP secret, the recovery codes, the sign-ins waiting for a code. */
export function createTwoFactorRepository(db: Executor) {
  return {
    find(userId: number): Promise<TwoFactorRow | undefined> {
      return db.selectFrom("two_factor").selectAll().where("user_id", "=", userId).executeTakeFirst();
    },

    async isEnabled(userId: number): Promise<boolean> {
      const row = await db.selectFrom("two_factor").select("enabled_at").where("user_id", "=", userId).executeTakeFirst();
      return Boolean(row?.enabled_at);
    },

    /** Of these accounts, those with a second factor on (the admin's user list). */
    async enabledAmong(userIds: readonly number[]): Promise<Set<number>> {
      if (userIds.length === 0) return new Set();
      const rows = await db
        .selectFrom("two_factor")
        .select("user_id")
        .where("user_id", "in", userIds)
        .where("enabled_at", "is not", null)
        .execute();
      return new Set(rows.map((row) => row.user_id));
    },

    /** A new secret waiting for its first code: replaces one that was never confirmed. */
    async begin(userId: number, secret: string, now: Date): Promise<void> {
      await db.deleteFrom("two_factor").where("user_id", "=", userId).where("enabled_at", "is", null).execute();
      await db
        .insertInto("two_factor")
        .values({ user_id: userId, secret, enabled_at: null, last_step: null, created_at: now.toISOString() })
        .execute();
    },

    /** On, from the step of its first code, with these recovery codes' digests (any older ones go). */
    async enable(userId: number, step: number, codeHashes: readonly string[], now: Date): Promise<boolean> {
      const result = await db
        .updateTable("two_factor")
        .set({ enabled_at: now.toISOString(), last_step: step })
        .where("user_id", "=", userId)
        .where("enabled_at", "is", null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await db.deleteFrom("two_factor_recovery_codes").where("user_id", "=", userId).execute();
      await db
        .insertInto("two_factor_recovery_codes")
        .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null })))
        .execute();
      return true;
    },

    /**
     * Takes a code's time step: true only when it is later than the last one taken, so two requests
     * with the same code cannot both pass (the second finds the step taken).
     */
    async takeStep(userId: number, step: number): Promise<boolean> {
      const result = await db
        .updateTable("two_factor")
        .set({ last_step: step })
        .where("user_id", "=", userId)
        .where("enabled_at", "is not", null)
        .where((eb) => eb.or([eb("last_step", "is", null), eb("last_step", "<", step)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Spends a recovery code by its digest: true once, false for an unknown or spent one. */
    async spendRecoveryCode(userId: number, codeHash: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable("two_factor_recovery_codes")
        .set({ used_at: now.toISOString() })
        .where("user_id", "=", userId)
        .where("code_hash", "=", codeHash)
        .where("used_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async recoveryCodesLeft(userId: number): Promise<number> {
      const row = await db
        .selectFrom("two_factor_recovery_codes")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("user_id", "=", userId)
        .where("used_at", "is", null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Off: the secret, the codes and any sign-in waiting for a code go. */
    async remove(userId: number): Promise<boolean> {
      await db.deleteFrom("two_factor_recovery_codes").where("user_id", "=", userId).execute();
      await db.deleteFrom("sign_in_challenges").where("user_id", "=", userId).execute();
      const result = await db.deleteFrom("two_factor").where("user_id", "=", userId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async createChallenge(idHash: string, userId: number, now: Date, expiresAt: Date): Promise<void> {
      await db
        .insertInto("sign_in_challenges")
        .values({ id_hash: idHash, user_id: userId, created_at: now.toISOString(), expires_at: expiresAt.toISOString() })
        .execute();
    },

    /** The account a sign-in challenge is for, while it lasts. */
    async findChallenge(idHash: string, now: Date): Promise<number | undefined> {
      const row = await db
        .selectFrom("sign_in_challenges")
        .select("user_id")
        .where("id_hash", "=", idHash)
        .where("expires_at", ">", now.toISOString())
        .executeTakeFirst();
      return row?.user_id;
    },

    async deleteChallenge(idHash: string): Promise<void> {
      await db.deleteFrom("sign_in_challenges").where("id_hash", "=", idHash).execute();
    },

    /** Housekeeping: challenges past their 5 minutes. */
    async deleteExpiredChallenges(now: Date): Promise<number> {
      const result = await db.deleteFrom("sign_in_challenges").where("expires_at", "<=", now.toISOString()).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;
