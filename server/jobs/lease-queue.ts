import type { Expression, ExpressionBuilder, Kysely, Selectable, SqlBool, Updateable } from "kysely";
import { type Executor, isPostgres } from "../db/connection";
import type { Database } from "../db/schema";

/**
 * The tables whose rows are work handed out under a lease (decision 125): each has an `id`, the
 * instant it was claimed (`claimed_at`) and the claimer's token (`claim_token`).
 */
export type LeaseTable = "announcement_deliveries" | "lms_feeds" | "mail_outbox" | "sent_reminders" | "scheduled_jobs";

/** What the queue's own statements touch in every lease table. */
interface LeaseRow {
  id: number;
  claimed_at: string | null;
  claim_token: string | null;
}
/** The queue's statements are written once, against this shape; each table is cast to it. */
type LeaseDatabase = { work: LeaseRow };

export interface LeaseQueueOptions<T extends LeaseTable> {
  table: T;
  /**
   * Which rows are work at `now`, the lease aside: a status, a due time. `only` is set when one row
   * is claimed by its id (an LMS feed's "Refresh now"), which may skip the due time.
   */
  ready: (eb: ExpressionBuilder<Database, T>, at: { now: string; only?: number }) => Expression<SqlBool>;
  /** The pick's order: the longest waiting first. */
  orderBy: ReadonlyArray<keyof Database[T] & string>;
}

/**
 * One lease queue over a table (decision 125): the claim, finish, retry and release every
 * table-backed job uses, on SQLite and PostgreSQL alike.
 *
 * A claim is one conditional UPDATE of the rows a pick chose: ready, and never claimed or claimed
 * before the lease's cut-off (a claimer that stopped mid-work). On PostgreSQL the pick is a
 * materialised CTE with FOR UPDATE SKIP LOCKED, so instances claiming at once take disjoint
 * batches; inline (`id IN (SELECT … LIMIT n FOR UPDATE SKIP LOCKED)`) the planner may rescan the
 * sub-select for each row it updates, each rescan locking the next n, and one claim took every row
 * whatever the limit (decision 113). SQLite has one writer, which serialises the claim by itself.
 * Finish, retry and release change a row only while the caller's token still holds it: a claim taken
 * over after its lease is the new holder's to end.
 */
export function createLeaseQueue<T extends LeaseTable>(db: Executor, options: LeaseQueueOptions<T>) {
  const postgres = isPostgres(db);
  const work = db as unknown as Kysely<LeaseDatabase>;
  const table = options.table as unknown as "work";
  const ready = options.ready as unknown as (
    eb: ExpressionBuilder<LeaseDatabase, "work">,
    at: { now: string; only?: number },
  ) => Expression<SqlBool>;
  const orderBy = options.orderBy as unknown as ReadonlyArray<keyof LeaseRow>;
  type Row = Selectable<Database[T]>;
  type Changes = Updateable<Database[T]>;

  const leaseOver = (eb: ExpressionBuilder<LeaseDatabase, "work">, cutoff: string) =>
    eb.or([eb("claimed_at", "is", null), eb("claimed_at", "<", cutoff)]);

  /** Sets `changes` on the rows `token` holds among `ids`; answers how many it changed. */
  async function settle(ids: readonly number[], token: string, changes: Record<string, unknown>): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await work
      .updateTable(table)
      .set(changes as Partial<LeaseRow>)
      .where("id", "in", ids)
      .where("claim_token", "=", token)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  return {
    /**
     * Claims up to `limit` rows for `token` (or the row `only`, if it is ready and free), the longest
     * waiting first; answers them by id.
     */
    async claim(token: string, now: Date, leaseCutoff: Date, limit: number, only?: number): Promise<Row[]> {
      const at = { now: now.toISOString(), only };
      const cutoff = leaseCutoff.toISOString();
      let pick = work
        .selectFrom(table)
        .select("id")
        .where((eb) => ready(eb, at))
        .where((eb) => leaseOver(eb, cutoff));
      if (only !== undefined) pick = pick.where("id", "=", only);
      for (const column of orderBy) pick = pick.orderBy(column);
      pick = pick.limit(limit);
      const update = postgres
        ? work
            .with(
              (cte) => cte("picked").materialized(),
              () => pick.forUpdate().skipLocked(),
            )
            .updateTable(table)
            .where("id", "in", (eb) => eb.selectFrom("picked").select("picked.id"))
        : work.updateTable(table).where("id", "in", pick);
      const rows = await update
        .set({ claimed_at: at.now, claim_token: token })
        .where((eb) => ready(eb, at))
        .where((eb) => leaseOver(eb, cutoff))
        .returningAll()
        .execute();
      return (rows as unknown as Row[]).sort((a, b) => (a as LeaseRow).id - (b as LeaseRow).id);
    },

    /** Ends claimed rows' work with `changes` (a status, a result); the claim's token goes. Answers how many were still `token`'s. */
    finish(ids: readonly number[], token: string, changes: Changes): Promise<number> {
      return settle(ids, token, { ...changes, claim_token: null });
    },

    /**
     * Gives claimed rows back as work to try again later: `changes` say when (the row's due time,
     * from `backoffMs`) and why. Answers how many were still `token`'s.
     */
    retry(ids: readonly number[], token: string, changes: Changes): Promise<number> {
      return settle(ids, token, { ...changes, claimed_at: null, claim_token: null });
    },

    /** Gives claimed rows back untouched (their work never started): the next claim, anywhere, takes them. */
    release(ids: readonly number[], token: string): Promise<number> {
      return settle(ids, token, { claimed_at: null, claim_token: null });
    },
  };
}
export type LeaseQueue<T extends LeaseTable> = ReturnType<typeof createLeaseQueue<T>>;

/** The wait before the nth try after a failure: `firstMs`, doubled each time, at most `maxMs`. */
export function backoffMs(attempt: number, firstMs: number, maxMs: number): number {
  return Math.min(2 ** Math.max(0, attempt - 1) * firstMs, maxMs);
}
