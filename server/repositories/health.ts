import { sql } from "kysely";
import type { Executor } from "../db/connection";

export function createHealthRepository(db: Executor) {
  return {
    /** The cheapest round trip: throws when the database cannot answer. */
    async ping(): Promise<void> {
      await sql`select 1`.execute(db);
    },
  };
}
export type HealthRepository = ReturnType<typeof createHealthRepository>;
