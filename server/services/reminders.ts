import {
  nextEventReminder,
  nextSummaryAt,
  nextTaskReminder,
  type ReminderCandidate,
  type ReminderWindow,
  writeWindow,
} from "../../core/reminders";
import { hiddenDates } from "../../core/calendar/series-children";
import { todayIn } from "../../core/dates";
import type { CalendarEvent } from "../../core/schemas/event";
import type { Task } from "../../core/schemas/task";
import type { TransactionScope } from "../repositories/transaction";

/** The current time: the real clock, or a test's. */
export type Clock = () => Date;

type Scheduled = { dueAt: Date; occurrence: string; timing: string } | null;

function scheduled(candidate: ReminderCandidate | null, timing: string | null): Scheduled {
  return candidate && timing ? { dueAt: new Date(candidate.at), occurrence: candidate.occurrence, timing } : null;
}

/**
 * Keeps each item's next reminder in reminder_schedule (decision 089). Every call runs inside the
 * transaction of the write that changed the item, so the schedule commits or rolls back with it.
 */
export function createReminderPlanner({ timeZone, clock }: { timeZone: string; clock: Clock }) {
  const writeNow = (): ReminderWindow => writeWindow(clock().getTime());

  /**
   * The first reminder from `next(window)` not already claimed. Only one already due can have been
   * (a write re-arming in the catch-up window right after its push), so only then is it looked up.
   */
  async function unclaimed(
    tx: TransactionScope,
    kind: "task" | "event",
    itemId: number,
    timing: string | null,
    window: ReminderWindow,
    next: (window: ReminderWindow) => ReminderCandidate | null,
  ): Promise<ReminderCandidate | null> {
    let candidate = next(window);
    while (
      candidate &&
      timing &&
      candidate.at <= clock().getTime() &&
      (await tx.reminders.wasClaimed(kind, itemId, candidate.occurrence, timing))
    ) {
      candidate = next({ ...window, after: candidate.at });
    }
    return candidate;
  }

  async function armOne(tx: TransactionScope, event: CalendarEvent, children: readonly CalendarEvent[], window: ReminderWindow) {
    const hidden = hiddenDates(children);
    const next = await unclaimed(tx, "event", event.id, event.notificationTiming, window, (w) =>
      nextEventReminder(event, hidden, timeZone, w),
    );
    await tx.reminders.schedule("event", event.id, event.userId, scheduled(next, event.notificationTiming));
  }

  return {
    /**
     * The next reminder of one event within `window` (the scheduler's step after a firing). Its
     * children are read unless the caller has them already.
     */
    async armEvent(
      tx: TransactionScope,
      event: CalendarEvent,
      window: ReminderWindow = writeNow(),
      children?: readonly CalendarEvent[],
    ): Promise<void> {
      const rows = children ?? (event.recurring === "none" ? [] : await tx.events.listChildren(event.userId, event.id));
      await armOne(tx, event, rows, window);
    },

    /**
     * After any write to an event: the event, the rows of its series (changed occurrences, series
     * split off it) and its parent, each re-armed; an event that no longer exists is unscheduled.
     */
    async armEventFamily(tx: TransactionScope, userId: number, eventId: number): Promise<void> {
      const window = writeNow();
      const event = await tx.events.findForUser(userId, eventId);
      if (!event) return tx.reminders.unschedule("event", [eventId]);
      const children = await tx.events.listChildren(userId, event.id);
      await armOne(tx, event, children, window);
      for (const child of children) {
        if (child.isException) continue;
        await this.armEvent(tx, child, window);
      }
      if (event.parentEventId !== null) {
        const parent = await tx.events.findForUser(userId, event.parentEventId);
        if (parent) await armOne(tx, parent, await tx.events.listChildren(userId, parent.id), window);
      }
    },

    async armTask(tx: TransactionScope, task: Task, window: ReminderWindow = writeNow()): Promise<void> {
      const next = await unclaimed(tx, "task", task.id, task.reminder, window, (w) => nextTaskReminder(task, timeZone, w));
      await tx.reminders.schedule("task", task.id, task.userId, scheduled(next, task.reminder));
    },

    /**
     * The next look at a student's study plan for a block starting (decision 132): at `at` (by
     * default now, so the next scan reads the plan), or none when the pushes are off.
     */
    async armStudy(tx: TransactionScope, userId: number, on: boolean, at = clock()): Promise<void> {
      if (!on) return tx.reminders.schedule("study", userId, userId, null);
      await tx.reminders.schedule("study", userId, userId, { dueAt: at, occurrence: todayIn(timeZone, at), timing: "plan" });
    },

    /** The evening summary's next time (after `after`, by default now), or none when it is off. */
    async armSummary(tx: TransactionScope, userId: number, time: string | null, after = clock().getTime()): Promise<void> {
      if (time === null) return tx.reminders.schedule("summary", userId, userId, null);
      const next = nextSummaryAt(time, timeZone, after);
      await tx.reminders.schedule("summary", userId, userId, { dueAt: new Date(next.at), occurrence: next.date, timing: time });
    },
  };
}
export type ReminderPlanner = ReturnType<typeof createReminderPlanner>;
