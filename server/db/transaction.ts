import { createRepositories, type Repositories } from "../repositories/create-repositories";
import type { Db } from "./connection";

/** The repositories of one open transaction, plus a place for effects that must wait for its commit. */
export type TransactionScope = Repositories & {
  /**
   * Runs `effect` once the transaction has committed, never if it rolls back: a session cookie,
   * for instance, must not name a session row that was never kept.
   */
  afterCommit(effect: () => void): void;
};

/**
 * Runs `work` in one database transaction: every repository call made through `tx` commits
 * together, or none does if `work` throws (the error is rethrown).
 *
 * Inside `work`, use only `tx`. On SQLite, Kysely serialises everything through its single
 * connection, so a query on the outer `db` would wait for this transaction to end: a deadlock.
 * For the same reason keep slow work (password hashing) outside: the transaction holds the
 * SQLite connection, or one pooled PostgreSQL connection, until it ends.
 */
export async function inTransaction<T>(db: Db, work: (tx: TransactionScope) => Promise<T>): Promise<T> {
  const effects: Array<() => void> = [];
  const result = await db
    .transaction()
    .execute((trx) => work({ ...createRepositories(trx), afterCommit: (effect) => void effects.push(effect) }));
  for (const effect of effects) effect();
  return result;
}
