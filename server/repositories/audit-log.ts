import type { Executor } from "../db/connection";
import type { AuditLogRow } from "../db/schema";

export interface AuditEntry {
  actorUserId: number | null;
  /** The actor's email, kept after the account is gone. */
  actorEmail?: string | null;
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
          actor_email: entry.actorEmail ?? null,
          action: entry.action,
          target: entry.target ?? null,
          details: entry.details ? JSON.stringify(entry.details) : null,
          created_at: now.toISOString(),
        })
        .execute();
    },

    /** Newest first. */
    /** AUDIT_RETENTION_DAYS: entries written before `cutoff` go; answers how many. */
    async deleteOlderThan(cutoff: Date): Promise<number> {
      const result = await db.deleteFrom("audit_log").where("created_at", "<", cutoff.toISOString()).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    listRecent(limit = 100): Promise<AuditLogRow[]> {
      return db.selectFrom("audit_log").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
    },

    /**
     * The admin's audit log page: newest first by id (ids grow with time), entries older than
     * `before` when given, with the actor's email as it is now or, once the account is gone, as
     * it was written.
     */
    listPage(query: { limit: number; before?: number }) {
      let select = db
        .selectFrom("audit_log")
        .leftJoin("users", "users.id", "audit_log.actor_user_id")
        .select([
          "audit_log.id",
          "audit_log.action",
          "audit_log.target",
          "audit_log.details",
          "audit_log.created_at",
          "audit_log.actor_email",
          "users.email as actor_current_email",
        ]);
      if (query.before !== undefined) select = select.where("audit_log.id", "<", query.before);
      return select.orderBy("audit_log.id", "desc").limit(query.limit).execute();
    },
  };
}
export type AuditLogRepository = ReturnType<typeof createAuditLogRepository>;
