import type { Selectable } from "kysely";
import type { Executor } from "../db/connection";
import type { ScheduledJobsTable } from "../db/schema";
import { createLeaseQueue } from "../jobs/lease-queue";

export type ScheduledJobRow = Selectable<ScheduledJobsTable>;

/**
 * Jobs one instance at a time runs (issue 55): a row per job, claimed by id through the one lease
 * queue (decision 125) when it is due, and due again after each run.
 */
export function createScheduledJobsRepository(db: Executor) {
  const queue = createLeaseQueue(db, {
    table: "scheduled_jobs",
    ready: (eb, { now }) => eb("due_at", "<=", now),
    orderBy: ["due_at", "id"],
  });

  return {
    /** The job's row, made on first use; `dueNow` makes it due at once (an instance's start-up pass). Answers its id. */
    async ensure(name: string, now: Date, dueNow: boolean): Promise<number> {
      await db
        .insertInto("scheduled_jobs")
        .values({ name, due_at: now.toISOString(), claimed_at: null, claim_token: null, last_run_at: null })
        .onConflict((oc) => oc.column("name").doNothing())
        .execute();
      if (dueNow)
        await db
          .updateTable("scheduled_jobs")
          .set({ due_at: now.toISOString() })
          .where("name", "=", name)
          .where("due_at", ">", now.toISOString())
          .execute();
      const row = await db.selectFrom("scheduled_jobs").select("id").where("name", "=", name).executeTakeFirstOrThrow();
      return row.id;
    },

    /** Claims the job for `token` when it is due and no other instance holds it (or its lease ran out). */
    async claim(id: number, token: string, now: Date, leaseCutoff: Date): Promise<boolean> {
      return (await queue.claim(token, now, leaseCutoff, 1, id)).length > 0;
    },

    /** The run is over: due again at `nextDueAt`. */
    async finish(id: number, token: string, now: Date, nextDueAt: Date): Promise<boolean> {
      return (await queue.finish([id], token, { claimed_at: null, due_at: nextDueAt.toISOString(), last_run_at: now.toISOString() })) > 0;
    },

    /** Given back without a run (stopped first): anyone claims it next. */
    async release(id: number, token: string): Promise<void> {
      await queue.release([id], token);
    },

    find(name: string): Promise<ScheduledJobRow | undefined> {
      return db.selectFrom("scheduled_jobs").selectAll().where("name", "=", name).executeTakeFirst();
    },
  };
}
export type ScheduledJobsRepository = ReturnType<typeof createScheduledJobsRepository>;
