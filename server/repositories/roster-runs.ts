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
});

/** Roster syncs' reports (issue 55), for staff. */
export function createRosterRunsRepository(db: Executor) {
  return {
    async record(run: Omit<RosterRun, "id" | "startedAt" | "finishedAt"> & { startedAt: Date; finishedAt: Date }): Promise<RosterRun> {
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
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toRun(row);
    },

    async list(limit: number): Promise<RosterRun[]> {
      return (await db.selectFrom("roster_runs").selectAll().orderBy("id", "desc").limit(limit).execute()).map(toRun);
    },
  };
}
