import type { Executor } from "../db/connection";
import type { AuditLogRow } from "../db/schema";

export interface AuditEntry {
  actorUserId: number | null;
  action: string;
  target?: string | null;
  details?: Record<string, unknown> | null;
}

/**
 * The audit log only grows: entries are written, read, never edited. Write an entry in the same
 * transaction as the change it records (inTransaction), so neither exists without the other.
 */
export function createAuditLogRepository(db: Executor) {
  return {
    async record(entry: AuditEntry, now = new Date()): Promise<void> {
      await db
        .insertInto("audit_log")
        .values({
          actor_user_id: entry.actorUserId,
          action: entry.action,
          target: entry.target ?? null,
          details: entry.details ? JSON.stringify(entry.details) : null,
          created_at: now.toISOString(),
        })
        .execute();
    },

    /** Newest first. */
    listRecent(limit = 100): Promise<AuditLogRow[]> {
      return db.selectFrom("audit_log").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
    },
  };
}
export type AuditLogRepository = ReturnType<typeof createAuditLogRepository>;
