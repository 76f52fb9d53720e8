import { messageRef } from "../../core/i18n/translate";
import { createHash } from "node:crypto";
import type { RunInTransaction, TransactionScope } from "../repositories/transaction";
import { badRequest, conflict, HttpError } from "../errors";

/** What a create answers: kept with its key so that a retry gets exactly the same. */
export interface Answer {
  statusCode: number;
  body: unknown;
}

export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
/** Retries come within minutes; a day is generous (housekeeping forgets older keys). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
const KEY_FORMAT = /^[\x21-\x7E]{1,255}$/;
export const INVALID_KEY = messageRef("server.idempotency_key_invalid");
export const KEY_REUSED = messageRef("server.idempotency_key_reused");
export const KEY_IN_PROGRESS = messageRef("server.idempotency_key_in_progress");

/**
 * Creates that a retry cannot duplicate (docs/decisions/052). Without a key the work simply runs
 * in a transaction. With one, claiming the key, the work and storing its answer are one
 * transaction: a failure leaves no trace (the retry runs afresh), a success is replayed to every
 * later request with the same key, and a concurrent duplicate waits on the key's unique index and
 * then replays (PostgreSQL) or runs after it (SQLite, one connection).
 */
export function createIdempotencyService(transaction: RunInTransaction) {
  return {
    async run(
      request: { userId: number; key: string | string[] | undefined; method: string; path: string; body: unknown },
      work: (tx: TransactionScope) => Promise<Answer>,
    ): Promise<Answer & { replayed: boolean }> {
      const { key, userId } = request;
      if (key === undefined) return { ...(await transaction(work)), replayed: false };
      if (typeof key !== "string" || !KEY_FORMAT.test(key)) throw badRequest(INVALID_KEY);
      const requestHash = createHash("sha256")
        .update(JSON.stringify([request.method, request.path, request.body]))
        .digest("hex");
      return transaction(async (tx) => {
        if (!(await tx.idempotencyKeys.claim(userId, key, requestHash))) {
          const stored = await tx.idempotencyKeys.find(userId, key);
          if (!stored || stored.requestHash !== requestHash) throw new HttpError(422, KEY_REUSED);
          if (stored.statusCode === null) throw conflict(KEY_IN_PROGRESS);
          return { statusCode: stored.statusCode, body: stored.body, replayed: true };
        }
        const answer = await work(tx);
        await tx.idempotencyKeys.complete(userId, key, answer.statusCode, answer.body);
        return { ...answer, replayed: false };
      });
    },
  };
}
export type IdempotencyService = ReturnType<typeof createIdempotencyService>;
