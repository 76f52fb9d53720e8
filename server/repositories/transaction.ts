import { AsyncLocalStorage } from "node:async_hooks";
import { createRepositories, type Repositories } from "./create-repositories";
import type { Db } from "../db/connection";

/** The repositories of one open transaction, plus a place for effects that must wait for its commit. */
export type TransactionScope = Repositories & {
  /**
   * Runs `effect` once the transaction has committed, never if it rolls back: a session cookie,
   * for instance, must not name a session row that was never kept.
   */
  afterCommit(effect: () => void): void;
};

/** `inTransaction` bound to the app's database: what services receive to run work atomically. */
export type RunInTransaction = <T>(work: (tx: TransactionScope) => Promise<T>) => Promise<T>;

/** What a request handler's transactions need to know about the request (server/plugins/request-scope.ts). */
interface RequestScope {
  /** True once the request has been answered: a time-out's 503 went out while the handler still ran. */
  answered(): boolean;
}
const requestScope = new AsyncLocalStorage<RequestScope>();
/** Handlers running in a request scope right now. */
let scopedHandlers = 0;

/**
 * Runs a request's handler so that the transactions it opens can tell when its answer has already
 * gone out.
 *
 * While any scope is open, Node runs a hook for every promise the process creates, and await loses
 * its fast path: about a fifth of a small answer's CPU time (decision 095). So the storage is
 * switched off again whenever the last scoped handler has finished, and handlers that need no
 * scope (reads, server/plugins/request-scope.ts) run without one. Switching off is safe then:
 * no handler that could ask for its scope is running.
 */
export function runInRequestScope<T>(scope: RequestScope, handler: () => T): T {
  scopedHandlers++;
  let result: T;
  try {
    result = requestScope.run(scope, handler);
  } catch (error) {
    leaveRequestScope();
    throw error;
  }
  if (result instanceof Promise) result.then(leaveRequestScope, leaveRequestScope);
  else leaveRequestScope();
  return result;
}

function leaveRequestScope() {
  if (--scopedHandlers === 0) requestScope.disable();
}

/** How many handlers run in a request scope right now; at 0 the storage and Node's promise hooks are off. */
export function openRequestScopes(): number {
  return scopedHandlers;
}

/** Thrown instead of committing the transaction of a request that was already answered. */
export class RequestAlreadyAnsweredError extends Error {
  constructor() {
    super("the request was answered (it timed out) before its transaction could commit: rolled back");
    this.name = "RequestAlreadyAnsweredError";
  }
}

/**
 * Runs `work` in one database transaction: every repository call made through `tx` commits
 * together, or none does if `work` throws (the error is rethrown).
 *
 * Inside `work`, use only `tx`. On SQLite, Kysely serialises everything through its single
 * connection, so a query on the outer `db` would wait for this transaction to end: a deadlock.
 * For the same reason keep slow work (password hashing) outside: the transaction holds the
 * SQLite connection, or one pooled PostgreSQL connection, until it ends.
 *
 * A request that ran out of time has already been answered 503 (decision 050); its transaction
 * then rolls back instead of committing, so the client's "not saved" is the truth.
 */
export async function inTransaction<T>(db: Db, work: (tx: TransactionScope) => Promise<T>): Promise<T> {
  const effects: Array<() => void> = [];
  const result = await db.transaction().execute(async (trx) => {
    const result = await work({ ...createRepositories(trx), afterCommit: (effect) => void effects.push(effect) });
    if (requestScope.getStore()?.answered()) throw new RequestAlreadyAnsweredError();
    return result;
  });
  for (const effect of effects) effect();
  return result;
}
