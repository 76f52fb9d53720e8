import type { Executor } from "../db/connection";

export interface StoredAnswer {
  requestHash: string;
  /** Null while the first request with the key is still being answered. */
  statusCode: number | null;
  body: unknown;
}

/** Idempotency-Key records, per user: the key space of one user never meets another's. */
export function createIdempotencyKeysRepository(db: Executor) {
  return {
    /** Every row of a user's, for the account's deletion (inside its transaction). */
    async deleteAllForUser(userId: number): Promise<void> {
      await db.deleteFrom("idempotency_keys").where("user_id", "=", userId).execute();
    },

    /** Claims the key for a request; false when the user has used it already (the unique key decides). */
    async claim(userId: number, key: string, requestHash: string, now = new Date()): Promise<boolean> {
      const row = await db
        .insertInto("idempotency_keys")
        .values({ user_id: userId, key, request_hash: requestHash, status_code: null, response_body: null, created_at: now.toISOString() })
        .onConflict((oc) => oc.columns(["user_id", "key"]).doNothing())
        .returning("key")
        .executeTakeFirst();
      return row !== undefined;
    },

    async find(userId: number, key: string): Promise<StoredAnswer | undefined> {
      const row = await db
        .selectFrom("idempotency_keys")
        .select(["request_hash", "status_code", "response_body"])
        .where("user_id", "=", userId)
        .where("key", "=", key)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        requestHash: row.request_hash,
        statusCode: row.status_code === null ? null : Number(row.status_code),
        body: row.response_body === null ? null : JSON.parse(row.response_body),
      };
    },

    async complete(userId: number, key: string, statusCode: number, body: unknown): Promise<void> {
      await db
        .updateTable("idempotency_keys")
        .set({ status_code: statusCode, response_body: JSON.stringify(body) })
        .where("user_id", "=", userId)
        .where("key", "=", key)
        .execute();
    },

    /** Keys older than the cutoff are forgotten: a retry comes within minutes, not days. */
    async deleteOlderThan(cutoff: Date): Promise<number> {
      const result = await db.deleteFrom("idempotency_keys").where("created_at", "<", cutoff.toISOString()).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type IdempotencyKeysRepository = ReturnType<typeof createIdempotencyKeysRepository>;
