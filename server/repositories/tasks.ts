import { sql } from "kysely";
import { isReminderTiming } from "../../core/reminder-timings";
import type { CreateTaskData, Priority, Task } from "../../core/schemas/task";
import { type Executor, isPostgres } from "../db/connection";
import type { TaskRow } from "../db/schema";

export function toTask(row: TaskRow): Task {
  return {
    id: row.id,
    userId: row.user_id,
    title: row.title,
    description: row.description,
    subject: row.subject,
    dueDate: row.due_date,
    dueTime: row.due_time,
    priority: row.priority as Priority,
    recurring: row.recurring,
    completed: Boolean(row.completed),
    reminder: isReminderTiming(row.reminder) ? row.reminder : null,
    estimateMinutes: row.estimate_minutes,
    spentMinutes: row.spent_minutes,
    createdAt: row.created_at,
  };
}

function toColumns(data: Partial<CreateTaskData>) {
  const columns: Record<string, unknown> = {};
  if (data.title !== undefined) columns.title = data.title;
  if (data.description !== undefined) columns.description = data.description;
  if (data.subject !== undefined) columns.subject = data.subject;
  if (data.dueDate !== undefined) columns.due_date = data.dueDate;
  if (data.dueTime !== undefined) columns.due_time = data.dueTime;
  if (data.priority !== undefined) columns.priority = data.priority;
  if (data.recurring !== undefined) columns.recurring = data.recurring;
  if (data.completed !== undefined) columns.completed = data.completed ? 1 : 0;
  if (data.reminder !== undefined) columns.reminder = data.reminder;
  if (data.estimateMinutes !== undefined) columns.estimate_minutes = data.estimateMinutes;
  return columns;
}

/** Every query is scoped by user id: another user's task is "not found". */
export function createTasksRepository(db: Executor) {
  /** The Tasks tab's read, compiled once on first use; each call runs it with its user id as the one parameter. */
  const compileList = () =>
    db.selectFrom("tasks").selectAll().where("user_id", "=", 0).orderBy("created_at", "desc").orderBy("id", "desc").compile();
  let listQuery: ReturnType<typeof compileList> | undefined;

  return {
    /** Every row of a user's, for the account's deletion (inside its transaction). */
    async deleteAllForUser(userId: number): Promise<void> {
      await db.deleteFrom("tasks").where("user_id", "=", userId).execute();
    },

    async listForUser(userId: number): Promise<Task[]> {
      listQuery ??= compileList();
      const { rows } = await db.executeQuery({ ...listQuery, parameters: [userId] });
      return (rows as TaskRow[]).map(toTask);
    },

    /**
     * `lock`: held until the transaction ends, so a write checked against it (If-Match, decision
     * 114) cannot interleave with another. PostgreSQL only: SQLite runs one writer at a time.
     */
    async findForUser(userId: number, id: number, options: { lock?: boolean } = {}): Promise<Task | undefined> {
      const query = db.selectFrom("tasks").selectAll().where("user_id", "=", userId).where("id", "=", id);
      const row = await (options.lock && isPostgres(db) ? query.forUpdate() : query).executeTakeFirst();
      return row && toTask(row);
    },

    async countForUser(userId: number): Promise<number> {
      const row = await db
        .selectFrom("tasks")
        .select((eb) => eb.fn.countAll().as("count"))
        .where("user_id", "=", userId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Tasks not completed and due on `date` or earlier: the app icon's badge in a reminder's push (decision 119, core/tasks' appBadgeCount). */
    async countDueBy(userId: number, date: string): Promise<number> {
      const row = await db
        .selectFrom("tasks")
        .select((eb) => eb.fn.countAll().as("count"))
        .where("user_id", "=", userId)
        .where("completed", "=", 0)
        .where("due_date", "is not", null)
        .where("due_date", "<=", date)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async create(userId: number, data: CreateTaskData): Promise<Task> {
      const now = new Date().toISOString();
      const row = await db
        .insertInto("tasks")
        .values({
          user_id: userId,
          title: data.title,
          description: data.description,
          subject: data.subject,
          due_date: data.dueDate,
          due_time: data.dueTime,
          priority: data.priority,
          recurring: data.recurring,
          completed: data.completed ? 1 : 0,
          completed_at: data.completed ? now : null,
          reminder: data.reminder,
          estimate_minutes: data.estimateMinutes,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toTask(row);
    },

    /** Adds (or with a negative count takes away) a focus session's minutes on the task; false when it is not the student's. */
    async addSpentMinutes(userId: number, id: number, minutes: number): Promise<boolean> {
      const result = await db
        .updateTable("tasks")
        .set((eb) => ({ spent_minutes: eb("spent_minutes", "+", minutes), updated_at: new Date().toISOString() }))
        .where("user_id", "=", userId)
        .where("id", "=", id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async update(userId: number, id: number, data: Partial<CreateTaskData>): Promise<Task | undefined> {
      const row = await db
        .updateTable("tasks")
        .set(() => {
          const now = new Date().toISOString();
          // Completed now, or kept as it was completed before; cleared once it is not.
          const completedAt =
            data.completed === undefined ? {} : { completed_at: data.completed ? sql<string>`coalesce(completed_at, ${now})` : null };
          return { ...toColumns(data), ...completedAt, updated_at: now };
        })
        .where("user_id", "=", userId)
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirst();
      return row && toTask(row);
    },

    /** The student's tasks completed in [from, to) that had an estimate and focus time: how their estimates compare. */
    async estimatesCompleted(
      userId: number,
      from: string,
      to: string,
    ): Promise<{ tasks: number; estimatedMinutes: number; spentMinutes: number }> {
      const row = await db
        .selectFrom("tasks")
        .select((eb) => [
          eb.fn.countAll<number | string>().as("tasks"),
          eb.fn.sum<number | string | null>("estimate_minutes").as("estimated"),
          eb.fn.sum<number | string | null>("spent_minutes").as("spent"),
        ])
        .where("user_id", "=", userId)
        .where("completed", "=", 1)
        .where("completed_at", ">=", from)
        .where("completed_at", "<", to)
        .where("estimate_minutes", "is not", null)
        .where("spent_minutes", ">", 0)
        .executeTakeFirstOrThrow();
      return { tasks: Number(row.tasks), estimatedMinutes: Number(row.estimated ?? 0), spentMinutes: Number(row.spent ?? 0) };
    },

    async delete(userId: number, id: number): Promise<boolean> {
      const result = await db.deleteFrom("tasks").where("user_id", "=", userId).where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
export type TasksRepository = ReturnType<typeof createTasksRepository>;
