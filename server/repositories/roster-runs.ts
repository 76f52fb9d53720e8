import type { Selectable } from "kysely";
import type { RosterRun } from "../../core/schemas/roster-runs";
import type { Executor } from "../db/connection";
import type { RosterRunsTable } from "../db/schema";

const toRun = (row: Selectable<RosterRunsTable>): RosterRun => ({
  id: row.id,
  source: row.source,
  startedAt: row.started_at,
  finishedAt: row.finished_at,
  status: row.status,
  reason: row.reason,
  created: row.created,
  updated: row.updated,
  disabled: row.disabled,
  refused: JSON.parse(row.refused) as RosterRun["refused"],
  mode: row.mode,
});

/** Roster syncs' reports (issue 55), for staff. */
export function createRosterRunsRepository(db: Executor) {
  return {
    async record(
      run: Omit<RosterRun, "id" | "startedAt" | "finishedAt"> & { startedAt: Date; finishedAt: Date; watermark: string | null },
    ): Promise<RosterRun> {
      const row = await db
        .insertInto("roster_runs")
        .values({
          source: run.source,
          started_at: run.startedAt.toISOString(),
          finished_at: run.finishedAt.toISOString(),
          status: run.status,
          reason: run.reason,
          created: run.created,
          updated: run.updated,
          disabled: run.disabled,
          refused: JSON.stringify(run.refused),
          mode: run.mode,
          watermark: run.watermark,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toRun(row);
    },

    /**
     * Where the provider's next read starts: the watermark of the last good run (a delta from
     * there), and when the last good full read began (a full read is due again after a while).
     */
    async lastGood(source: RosterRun["source"]): Promise<{ watermark: string | null; lastFullAt: string | null }> {
      const last = await db
        .selectFrom("roster_runs")
        .select("watermark")
        .where("source", "=", source)
        .where("status", "=", "ok")
        .orderBy("id", "desc")
        .limit(1)
        .executeTakeFirst();
      const full = await db
        .selectFrom("roster_runs")
        .select("started_at")
        .where("source", "=", source)
        .where("status", "=", "ok")
        .where("mode", "=", "full")
        .orderBy("id", "desc")
        .limit(1)
        .executeTakeFirst();
      return { watermark: last?.watermark ?? null, lastFullAt: full?.started_at ?? null };
    },

    async list(limit: number): Promise<RosterRun[]> {
      return (await db.selectFrom("roster_runs").selectAll().orderBy("id", "desc").limit(limit).execute()).map(toRun);
    },
  };
}
