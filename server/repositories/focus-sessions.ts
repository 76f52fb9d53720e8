import type { FocusSession } from "../../core/schemas/focus";
import type { Executor } from "../db/connection";
import type { FocusSessionsTable } from "../db/schema";
import type { Selectable } from "kysely";

type FocusSessionRow = Selectable<FocusSessionsTable>;

function toFocusSession(row: FocusSessionRow): FocusSession {
  return { id: row.id, taskId: row.task_id, startedAt: row.started_at, endedAt: row.ended_at, minutes: row.minutes };
}

/** A student's focus sessions (issue 51); every query is scoped by user id. */
export function createFocusSessionsRepository(db: Executor) {
  return {
    async create(userId: number, session: Omit<FocusSession, "id">): Promise<FocusSession> {
      const row = await db
        .insertInto("focus_sessions")
        .values({
          user_id: userId,
          task_id: session.taskId,
          started_at: session.startedAt,
          ended_at: session.endedAt,
          minutes: session.minutes,
          created_at: new Date().toISOString(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toFocusSession(row);
    },

    /** Whether another session of the student's shares a moment with [start, end): one ending as this starts does not. */
    async overlaps(userId: number, startedAt: string, endedAt: string): Promise<boolean> {
      const row = await db
        .selectFrom("focus_sessions")
        .select("id")
        .where("user_id", "=", userId)
        .where("started_at", "<", endedAt)
        .where("ended_at", ">", startedAt)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Sessions that started in [from, to), oldest first. */
    async listForUser(userId: number, from: string, to: string): Promise<FocusSession[]> {
      const rows = await db
        .selectFrom("focus_sessions")
        .selectAll()
        .where("user_id", "=", userId)
        .where("started_at", ">=", from)
        .where("started_at", "<", to)
        .orderBy("started_at")
        .orderBy("id")
        .execute();
      return rows.map(toFocusSession);
    },

    /** Sessions that started in [from, to), each with its task's subject (null without a task or a subject). */
    async minutesWithSubjects(
      userId: number,
      from: string,
      to: string,
    ): Promise<{ startedAt: string; minutes: number; subject: string | null }[]> {
      const rows = await db
        .selectFrom("focus_sessions")
        .leftJoin("tasks", "tasks.id", "focus_sessions.task_id")
        .select(["focus_sessions.started_at", "focus_sessions.minutes", "tasks.subject"])
        .where("focus_sessions.user_id", "=", userId)
        .where("focus_sessions.started_at", ">=", from)
        .where("focus_sessions.started_at", "<", to)
        .execute();
      return rows.map((r) => ({ startedAt: r.started_at, minutes: r.minutes, subject: r.subject ?? null }));
    },

    /** Every session of the student's, oldest first: the export. */
    async allForUser(userId: number): Promise<FocusSession[]> {
      const rows = await db.selectFrom("focus_sessions").selectAll().where("user_id", "=", userId).orderBy("started_at").execute();
      return rows.map(toFocusSession);
    },

    async deleteForUser(userId: number, id: number): Promise<FocusSession | undefined> {
      const row = await db
        .deleteFrom("focus_sessions")
        .where("user_id", "=", userId)
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirst();
      return row ? toFocusSession(row) : undefined;
    },
  };
}
export type FocusSessionsRepository = ReturnType<typeof createFocusSessionsRepository>;
