import { messageRef } from "../../core/i18n/translate";
import { type CreateTaskData, MAX_TASKS_PER_USER, REMINDER_NEEDS_DUE_DATE, type Task, TOO_MANY_TASKS } from "../../core/schemas/task";
import { badRequest, conflict, notFound } from "../errors";
import type { RunInTransaction, TransactionScope } from "../repositories/transaction";
import type { Precondition } from "../row-etag";
import type { ReminderPlanner } from "./reminders";

export const TASK_NOT_FOUND = messageRef("server.task_not_found");

/** Task writes: the task and its reminder (decision 089) change in one transaction. */
export function createTaskWrites(transaction: RunInTransaction, reminders: ReminderPlanner) {
  async function updateIn(
    tx: TransactionScope,
    userId: number,
    id: number,
    data: Partial<CreateTaskData>,
    precondition?: Precondition<Task>,
  ): Promise<Task> {
    const current = await tx.tasks.findForUser(userId, id, { lock: precondition !== undefined });
    if (!current) throw notFound(TASK_NOT_FOUND);
    precondition?.(current);
    const merged = { ...current, ...data };
    if (merged.reminder !== null && merged.dueDate === null)
      throw badRequest(REMINDER_NEEDS_DUE_DATE, { reminder: [REMINDER_NEEDS_DUE_DATE] });
    const task = (await tx.tasks.update(userId, id, data))!;
    await reminders.armTask(tx, task);
    return task;
  }

  async function deleteIn(tx: TransactionScope, userId: number, id: number, precondition?: Precondition<Task>): Promise<void> {
    if (precondition) {
      const current = await tx.tasks.findForUser(userId, id, { lock: true });
      if (!current) return;
      precondition(current);
    }
    if (!(await tx.tasks.delete(userId, id))) throw notFound(TASK_NOT_FOUND);
    await tx.reminders.unschedule("task", [id]);
  }

  return {
    /** POST /api/tasks (inside the caller's transaction, which also holds the Idempotency-Key). */
    async create(tx: TransactionScope, userId: number, data: CreateTaskData): Promise<Task> {
      // A soft cap: two creates racing at the last slot may both pass (docs/decisions/052).
      if ((await tx.tasks.countForUser(userId)) >= MAX_TASKS_PER_USER) throw conflict(TOO_MANY_TASKS);
      const task = await tx.tasks.create(userId, data);
      await reminders.armTask(tx, task);
      return task;
    },

    /** PUT /api/tasks/{id}: a new due date or time, completion or reminder re-arms or cancels the reminder. */
    update(userId: number, id: number, data: Partial<CreateTaskData>, precondition?: Precondition<Task>): Promise<Task> {
      return transaction((tx) => updateIn(tx, userId, id, data, precondition));
    },

    /** An update inside the caller's transaction (an LMS feed's refresh, decision 117). */
    updateIn,

    /** With a precondition (If-Match), a task already gone is a success: the delete a client queued offline has happened. */
    delete(userId: number, id: number, precondition?: Precondition<Task>): Promise<void> {
      return transaction((tx) => deleteIn(tx, userId, id, precondition));
    },

    /** A delete inside the caller's transaction. */
    deleteIn,
  };
}
export type TaskWrites = ReturnType<typeof createTaskWrites>;
