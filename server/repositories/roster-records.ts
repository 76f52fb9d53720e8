import type { Executor } from "../db/connection";
import type { RosterRecordsTable } from "../db/schema";

export type RosterRecordKind = RosterRecordsTable["kind"];
export type RosterRecordRow = RosterRecordsTable;

/** Rows written per statement: well under either engine's limit on a statement's parameters. */
const BATCH = 500;

/** The roster as the provider last gave it (issue 55): OneRoster records by kind and sourcedId, as JSON. */
export function createRosterRecordsRepository(db: Executor) {
  return {
    all(): Promise<RosterRecordRow[]> {
      return db.selectFrom("roster_records").selectAll().execute();
    },

    async put(rows: readonly RosterRecordRow[]): Promise<void> {
      for (let i = 0; i < rows.length; i += BATCH) {
        await db
          .insertInto("roster_records")
          .values(rows.slice(i, i + BATCH))
          .onConflict((oc) => oc.columns(["kind", "sourced_id"]).doUpdateSet((eb) => ({ record: eb.ref("excluded.record") })))
          .execute();
      }
    },

    async remove(kind: RosterRecordKind, sourcedIds: readonly string[]): Promise<void> {
      for (let i = 0; i < sourcedIds.length; i += BATCH) {
        await db
          .deleteFrom("roster_records")
          .where("kind", "=", kind)
          .where("sourced_id", "in", sourcedIds.slice(i, i + BATCH))
          .execute();
      }
    },
  };
}
