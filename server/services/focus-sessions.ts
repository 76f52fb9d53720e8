import { addDaysToDate, todayIn } from "../../core/dates";
import { messageRef } from "../../core/i18n/translate";
import { type CreateFocusSessionData, FOCUS_CLOCK_SKEW_MS, type FocusSession, type FocusStats } from "../../core/schemas/focus";
import { zonedInstant } from "../../core/reminders";
import { badRequest, conflict, notFound } from "../errors";
import type { RunInTransaction, TransactionScope } from "../repositories/transaction";
import type { Clock } from "./reminders";
import { TASK_NOT_FOUND } from "./task-writes";

export const FOCUS_SESSION_NOT_FOUND = messageRef("server.focus_session_not_found");

/**
 * The focus timer's sessions (issue 51): each written with the minutes it lands on its task, in one
 * transaction, under the student's lock so that two sessions sent at once cannot both pass the
 * overlap check.
 */
export function createFocusSessionsService(options: { transaction: RunInTransaction; clock: Clock; timeZone: string }) {
  const { transaction, clock, timeZone } = options;
  return {
    /** Inside the caller's transaction (the Idempotency-Key's). */
    async createIn(tx: TransactionScope, userId: number, data: CreateFocusSessionData): Promise<FocusSession> {
      if (Date.parse(data.endedAt) > clock().getTime() + FOCUS_CLOCK_SKEW_MS) throw badRequest(messageRef("server.focus_in_future"));
      await tx.users.lockUser(userId);
      if (await tx.focusSessions.overlaps(userId, data.startedAt, data.endedAt)) throw conflict(messageRef("server.focus_overlaps"));
      const minutes = Math.round((Date.parse(data.endedAt) - Date.parse(data.startedAt)) / 60_000);
      if (data.taskId !== null && !(await tx.tasks.addSpentMinutes(userId, data.taskId, minutes))) throw notFound(TASK_NOT_FOUND);
      return tx.focusSessions.create(userId, { ...data, minutes });
    },

    /** The sessions that started on the days from `from` to `to` (inclusive) in the school's time zone. */
    list(userId: number, from: string, to: string): Promise<FocusSession[]> {
      return transaction((tx) =>
        tx.focusSessions.listForUser(
          userId,
          new Date(zonedInstant(from, "00:00", timeZone)).toISOString(),
          new Date(zonedInstant(addDaysToDate(to, 1), "00:00", timeZone)).toISOString(),
        ),
      );
    },

    /** Where the time went over the days from `from` to `to` (inclusive) in the school's time zone. */
    stats(userId: number, from: string, to: string): Promise<FocusStats> {
      const start = new Date(zonedInstant(from, "00:00", timeZone)).toISOString();
      const end = new Date(zonedInstant(addDaysToDate(to, 1), "00:00", timeZone)).toISOString();
      return transaction(async (tx) => {
        const [sessions, estimates] = await Promise.all([
          tx.focusSessions.minutesWithSubjects(userId, start, end),
          tx.tasks.estimatesCompleted(userId, start, end),
        ]);
        const byDay = new Map<string, number>();
        const bySubject = new Map<string | null, number>();
        for (const s of sessions) {
          const day = todayIn(timeZone, new Date(s.startedAt));
          byDay.set(day, (byDay.get(day) ?? 0) + s.minutes);
          bySubject.set(s.subject, (bySubject.get(s.subject) ?? 0) + s.minutes);
        }
        const days: FocusStats["days"] = [];
        for (let date = from; date <= to; date = addDaysToDate(date, 1)) days.push({ date, minutes: byDay.get(date) ?? 0 });
        const subjects = [...bySubject].map(([subject, minutes]) => ({ subject, minutes })).sort((a, b) => b.minutes - a.minutes);
        return { days, subjects, estimates };
      });
    },

    delete(userId: number, id: number): Promise<void> {
      return transaction(async (tx) => {
        const gone = await tx.focusSessions.deleteForUser(userId, id);
        if (!gone) throw notFound(FOCUS_SESSION_NOT_FOUND);
        if (gone.taskId !== null) await tx.tasks.addSpentMinutes(userId, gone.taskId, -gone.minutes);
      });
    },
  };
}
export type FocusSessionsService = ReturnType<typeof createFocusSessionsService>;
