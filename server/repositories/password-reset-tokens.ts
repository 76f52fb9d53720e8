import type { Executor } from "../db/connection";

/** Forgot-password tokens (decision 115): one per account, only the token's SHA-256 kept. */
export function createPasswordResetTokensRepository(db: Executor) {
  return {
    /** Stores the account's token, replacing any older one (which stops working). */
    async replace(userId: number, tokenHash: string, expiresAt: Date, now: Date): Promise<void> {
      await db
        .insertInto("password_reset_tokens")
        .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt.toISOString(), created_at: now.toISOString() })
        .onConflict((oc) =>
          oc.column("user_id").doUpdateSet({ token_hash: tokenHash, expires_at: expiresAt.toISOString(), created_at: now.toISOString() }),
        )
        .execute();
    },

    /** The account a token still works for; undefined when it is unknown, replaced, used or expired. */
    async findUser(tokenHash: string, now: Date): Promise<number | undefined> {
      const row = await db
        .selectFrom("password_reset_tokens")
        .select("user_id")
        .where("token_hash", "=", tokenHash)
        .where("expires_at", ">", now.toISOString())
        .executeTakeFirst();
      return row?.user_id;
    },

    /**
     * Uses a token up: deletes it if it still works and answers its account. One conditional
     * DELETE, so of two resets with the same link only one gets an account.
     */
    async consume(tokenHash: string, now: Date): Promise<number | undefined> {
      const row = await db
        .deleteFrom("password_reset_tokens")
        .where("token_hash", "=", tokenHash)
        .where("expires_at", ">", now.toISOString())
        .returning("user_id")
        .executeTakeFirst();
      return row?.user_id;
    },

    /** Drops tokens that have expired; returns how many. */
    async deleteExpired(now: Date): Promise<number> {
      const result = await db.deleteFrom("password_reset_tokens").where("expires_at", "<=", now.toISOString()).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type PasswordResetTokensRepository = ReturnType<typeof createPasswordResetTokensRepository>;
