import { messageRef } from "../../core/i18n/translate";
import { firstOccurrence, occursOn } from "../../core/calendar/recurrence";
import type { ScopedId } from "../../core/calendar/scope-ids";
import { firstShownDate, isSplitOff, keyedDate } from "../../core/calendar/series-children";
import { addDaysToDate } from "../../core/dates";
import {
  type CalendarEvent,
  type CreateEventData,
  END_BEFORE_START,
  MAX_EVENTS_PER_USER,
  TOO_MANY_EVENTS,
  type UpdateEventData,
} from "../../core/schemas/event";
import type { RunInTransaction, TransactionScope } from "../repositories/transaction";
import type { Precondition } from "../row-etag";
import { badRequest, conflict, notFound } from "../errors";
import type { ReminderPlanner } from "./reminders";

export const EVENT_NOT_FOUND = messageRef("server.event_not_found");
export const NOT_AN_OCCURRENCE = messageRef("server.not_an_occurrence");
export const NOT_RECURRING = messageRef("server.not_recurring");
export const NO_OCCURRENCES = messageRef("server.no_occurrences");
export const EXCEPTION_ROW = messageRef("server.exception_row");
export const PARENT_IS_EXCEPTION = messageRef("server.parent_is_exception");
export const END_DATE_NEEDS_SERIES = messageRef("server.end_date_needs_series");

/** The dates of the series that neither an exception nor a changed occurrence has taken. */
function isTaken(children: readonly CalendarEvent[], date: string): boolean {
  return children.some((c) => !isSplitOff(c) && keyedDate(c) === date);
}

function assertHasDates(rule: UpdateEventData): void {
  if (rule.recurring !== "none" && firstOccurrence(rule) === null) throw badRequest(NO_OCCURRENCES, { customDays: [NO_OCCURRENCES] });
}

/** A finite series whose every date is taken has nothing left to show: it goes (docs/decisions/061). */
function hasDatesLeft(series: CalendarEvent, children: readonly CalendarEvent[]): boolean {
  if (series.customEndDate === null) return true;
  return firstShownDate(series, children) !== null;
}

/** The event, checked against the write's precondition (If-Match, decision 114) when it has one. */
async function findEvent(
  tx: TransactionScope,
  userId: number,
  id: number,
  precondition?: Precondition<CalendarEvent>,
): Promise<CalendarEvent> {
  const event = await tx.events.findForUser(userId, id, { lock: precondition !== undefined });
  if (!event) throw notFound(EVENT_NOT_FOUND);
  precondition?.(event);
  return event;
}

/** With a precondition, an event already gone is a delete that has happened: undefined, and the caller answers 204. */
async function findEventToDelete(
  tx: TransactionScope,
  userId: number,
  id: number,
  precondition: Precondition<CalendarEvent> | undefined,
): Promise<CalendarEvent | undefined> {
  if (precondition && !(await tx.events.findForUser(userId, id, { lock: true }))) return undefined;
  return findEvent(tx, userId, id, precondition);
}

/** The series a scoped operation or an exception names: the user's own, repeating, not an exception row. */
async function findSeries(
  tx: TransactionScope,
  userId: number,
  id: number,
  precondition?: Precondition<CalendarEvent>,
): Promise<CalendarEvent> {
  const series = await findEvent(tx, userId, id, precondition);
  if (series.isException) throw badRequest(EXCEPTION_ROW);
  if (series.recurring === "none") throw badRequest(NOT_RECURRING);
  return series;
}

async function assertRoomFor(tx: TransactionScope, userId: number, rows: number): Promise<void> {
  // A soft cap, like tasks' (docs/decisions/052).
  if ((await tx.events.countForUser(userId)) + rows > MAX_EVENTS_PER_USER) throw conflict(TOO_MANY_EVENTS);
}

/** The rows that "This and future events" from `date` leaves behind: taken dates on or after it, and series split off from it on. */
function futureRows(children: readonly CalendarEvent[], date: string): number[] {
  return children.filter((c) => (isSplitOff(c) ? c.date >= date : keyedDate(c) >= date)).map((c) => c.id);
}

/**
 * The event operations that write several rows, each in one transaction (docs/decisions/061):
 * a failure at any step leaves the calendar as it was.
 */
export function createEventSeriesService(transaction: RunInTransaction, reminders: ReminderPlanner) {
  async function deleteIn(tx: TransactionScope, userId: number, id: number, precondition?: Precondition<CalendarEvent>): Promise<void> {
    const event = await findEventToDelete(tx, userId, id, precondition);
    if (!event) return;
    const children = await tx.events.listChildren(userId, id);
    await tx.events.delete(userId, id);
    await tx.reminders.unschedule("event", [id, ...children.map((c) => c.id)]);
    if (event.parentEventId !== null) await reminders.armEventFamily(tx, userId, event.parentEventId);
  }

  async function updateIn(
    tx: TransactionScope,
    userId: number,
    id: number,
    data: UpdateEventData,
    precondition?: Precondition<CalendarEvent>,
  ): Promise<CalendarEvent> {
    const event = await findEvent(tx, userId, id, precondition);
    if (event.isException) throw badRequest(EXCEPTION_ROW);
    assertHasDates(data);
    const updated = (await tx.events.update(userId, id, data))!;
    const children = await tx.events.listChildren(userId, id);
    const stale = children.filter((c) => c.isException && (updated.recurring === "none" || !occursOn(updated, c.exceptionDate!)));
    await tx.events.deleteMany(
      userId,
      stale.map((c) => c.id),
    );
    const kept = children.filter((c) => !stale.includes(c));
    if (updated.recurring !== "none" && !hasDatesLeft(updated, kept)) throw badRequest(NO_OCCURRENCES, { customEndDate: [NO_OCCURRENCES] });
    await reminders.armEventFamily(tx, userId, id);
    return updated;
  }

  /** The edit of a scoped PUT (editScoped), inside its transaction: answers the event the calendar now shows. */
  async function editScopedIn(
    tx: TransactionScope,
    userId: number,
    { scope, eventId, date }: ScopedId,
    data: UpdateEventData,
    precondition?: Precondition<CalendarEvent>,
  ): Promise<CalendarEvent> {
    const series = await findSeries(tx, userId, eventId, precondition);
    const children = await tx.events.listChildren(userId, eventId);
    if (!occursOn(series, date) || isTaken(children, date)) throw badRequest(NOT_AN_OCCURRENCE);

    if (scope === "SINGLE_INSTANCE") {
      await assertRoomFor(tx, userId, 2);
      await tx.events.addException(userId, series, date);
      const occurrence = await tx.events.create(userId, {
        ...data,
        recurring: "none",
        customDays: [],
        customEndDate: null,
        customWhenToRepeat: null,
        parentEventId: series.id,
        originalDate: date,
      });
      await reminders.armEventFamily(tx, userId, series.id);
      return occurrence;
    }

    assertHasDates(data);
    const future = futureRows(children, date);
    await tx.events.deleteMany(userId, future);
    await tx.reminders.unschedule("event", future);
    const dayBefore = addDaysToDate(date, -1);
    const keptPart = { ...series, customEndDate: dayBefore };
    const keepsDates = date > firstOccurrence(series)! && hasDatesLeft(keptPart, children);
    if (!keepsDates) {
      const replaced = (await tx.events.update(userId, series.id, data))!;
      await reminders.armEventFamily(tx, userId, series.id);
      return replaced;
    }
    await assertRoomFor(tx, userId, 1);
    await tx.events.setEndDate(userId, series.id, dayBefore);
    const split = await tx.events.create(userId, { ...data, parentEventId: series.id });
    await reminders.armEventFamily(tx, userId, series.id);
    return split;
  }

  /** The delete of a scoped DELETE (deleteScoped), inside its transaction. */
  async function deleteScopedIn(
    tx: TransactionScope,
    userId: number,
    { scope, eventId, date }: ScopedId,
    precondition?: Precondition<CalendarEvent>,
  ): Promise<void> {
    if (!(await findEventToDelete(tx, userId, eventId, precondition))) return;
    const series = await findSeries(tx, userId, eventId);
    if (!occursOn(series, date)) throw badRequest(NOT_AN_OCCURRENCE);
    if (scope === "SINGLE_INSTANCE") {
      await tx.events.addException(userId, series, date);
      const children = await tx.events.listChildren(userId, eventId);
      if (!hasDatesLeft(series, children)) {
        await tx.events.delete(userId, eventId);
        await tx.reminders.unschedule("event", [eventId, ...children.map((c) => c.id)]);
      } else {
        await reminders.armEventFamily(tx, userId, eventId);
      }
      return;
    }
    const children = await tx.events.listChildren(userId, eventId);
    const keptPart = { ...series, customEndDate: addDaysToDate(date, -1) };
    if (date <= firstOccurrence(series)! || !hasDatesLeft(keptPart, children)) {
      await tx.events.delete(userId, eventId);
      await tx.reminders.unschedule("event", [eventId, ...children.map((c) => c.id)]);
      return;
    }
    const future = futureRows(children, date);
    await tx.events.deleteMany(userId, future);
    await tx.reminders.unschedule("event", future);
    await tx.events.setEndDate(userId, eventId, keptPart.customEndDate);
    await reminders.armEventFamily(tx, userId, eventId);
  }

  /**
   * A series' removed and changed dates made these (a calendar app's whole object, issue 52), inside
   * the caller's transaction: a changed date it already had is edited in place (its id stays), the
   * others are added or removed, and a date neither removed nor changed any more comes back. A
   * one-off event keeps none.
   */
  async function replaceDatesIn(
    tx: TransactionScope,
    userId: number,
    seriesId: number,
    removed: readonly string[],
    changed: readonly { originalDate: string; data: UpdateEventData }[],
  ): Promise<void> {
    const series = await findEvent(tx, userId, seriesId);
    if (series.isException) throw badRequest(EXCEPTION_ROW);
    const children = (await tx.events.listChildren(userId, seriesId)).filter((c) => !isSplitOff(c));
    if (series.recurring === "none") {
      // A series made a one-off event: its changed dates go with its rule (its removed ones went with the edit).
      if (removed.length || changed.length) throw badRequest(NOT_RECURRING);
      await tx.events.deleteMany(
        userId,
        children.map((c) => c.id),
      );
      await tx.reminders.unschedule(
        "event",
        children.map((c) => c.id),
      );
      return;
    }
    const changedNow = new Map(children.filter((c) => !c.isException).map((c) => [keyedDate(c), c]));
    const removedNow = new Map(children.filter((c) => c.isException).map((c) => [keyedDate(c), c]));
    const wanted = new Map(changed.map((c) => [c.originalDate, c.data]));
    if ([...wanted.keys()].some((date) => !occursOn(series, date))) throw badRequest(NOT_AN_OCCURRENCE);
    // Removing a date that is not one of the series' is harmless: there is nothing to remove.
    const wantedRemoved = new Set(removed.filter((date) => occursOn(series, date) && !wanted.has(date)));
    const gone = [
      ...[...changedNow].filter(([date]) => !wanted.has(date)).map(([, row]) => row.id),
      ...[...removedNow].filter(([date]) => !wantedRemoved.has(date) && !wanted.has(date)).map(([, row]) => row.id),
    ];
    await tx.events.deleteMany(userId, gone);
    await tx.reminders.unschedule("event", gone);
    const newRows =
      [...wantedRemoved, ...wanted.keys()].filter((date) => !removedNow.has(date)).length +
      [...wanted.keys()].filter((date) => !changedNow.has(date)).length;
    await assertRoomFor(tx, userId, newRows);
    for (const date of [...wantedRemoved, ...wanted.keys()]) if (!removedNow.has(date)) await tx.events.addException(userId, series, date);
    for (const [date, data] of wanted) {
      const row = changedNow.get(date);
      if (row) await tx.events.update(userId, row.id, data);
      else await tx.events.create(userId, { ...data, parentEventId: series.id, originalDate: date });
    }
    if (!hasDatesLeft(series, await tx.events.listChildren(userId, seriesId))) throw badRequest(NO_OCCURRENCES);
    await reminders.armEventFamily(tx, userId, seriesId);
  }

  return {
    replaceDatesIn,

    /** POST /api/events (inside the caller's transaction, which also holds the Idempotency-Key). */
    async create(tx: TransactionScope, userId: number, data: CreateEventData): Promise<CalendarEvent> {
      if (data.parentEventId !== null) {
        const parent = await findEvent(tx, userId, data.parentEventId);
        if (parent.isException) throw badRequest(PARENT_IS_EXCEPTION, { parentEventId: [PARENT_IS_EXCEPTION] });
      }
      assertHasDates(data);
      await assertRoomFor(tx, userId, 1);
      const created = await tx.events.create(userId, data);
      await reminders.armEventFamily(tx, userId, created.id);
      return created;
    },

    /** DELETE /api/events/{id}: the event and every row of its series, and their reminders. */
    delete(userId: number, id: number, precondition?: Precondition<CalendarEvent>): Promise<void> {
      return transaction((tx) => deleteIn(tx, userId, id, precondition));
    },

    /** A delete inside the caller's transaction (an LMS feed's refresh, decision 117). */
    deleteIn,

    /**
     * PUT /api/events/{id}: the whole event. A series keeps its id, its changed occurrences and the
     * series split off it; exception rows for dates the new rule no longer has are removed.
     */
    update(userId: number, id: number, data: UpdateEventData, precondition?: Precondition<CalendarEvent>): Promise<CalendarEvent> {
      return transaction((tx) => updateIn(tx, userId, id, data, precondition));
    },

    /** An update inside the caller's transaction (an LMS feed's refresh, decision 117). */
    updateIn,

    /** PATCH /api/events/{id}: the series' last date. */
    setEndDate(
      userId: number,
      id: number,
      customEndDate: string | null,
      precondition?: Precondition<CalendarEvent>,
    ): Promise<CalendarEvent> {
      return transaction(async (tx) => {
        const event = await findEvent(tx, userId, id, precondition);
        if (event.isException) throw badRequest(EXCEPTION_ROW);
        if (event.recurring === "none" && customEndDate !== null)
          throw badRequest(END_DATE_NEEDS_SERIES, { customEndDate: [END_DATE_NEEDS_SERIES] });
        if (customEndDate !== null && customEndDate < event.date) throw badRequest(END_BEFORE_START, { customEndDate: [END_BEFORE_START] });
        const changed = { ...event, customEndDate };
        const children = await tx.events.listChildren(userId, id);
        if (event.recurring !== "none" && (firstOccurrence(changed) === null || !hasDatesLeft(changed, children))) {
          throw badRequest(NO_OCCURRENCES, { customEndDate: [NO_OCCURRENCES] });
        }
        const updated = (await tx.events.setEndDate(userId, id, customEndDate))!;
        await reminders.armEventFamily(tx, userId, id);
        return updated;
      });
    },

    /**
     * POST /api/events/{id}/exception: removes one occurrence (adding it twice is harmless).
     * Answers the exception row, or null when that was the series' last date and it was deleted.
     */
    addException(userId: number, id: number, date: string): Promise<CalendarEvent | null> {
      return transaction(async (tx) => {
        const series = await findSeries(tx, userId, id);
        if (!occursOn(series, date)) throw badRequest(NOT_AN_OCCURRENCE, { exceptionDate: [NOT_AN_OCCURRENCE] });
        const exception = await tx.events.addException(userId, series, date);
        const children = await tx.events.listChildren(userId, id);
        if (!hasDatesLeft(series, children)) {
          await tx.events.delete(userId, id);
          await tx.reminders.unschedule("event", [id, ...children.map((c) => c.id)]);
          return null;
        }
        await reminders.armEventFamily(tx, userId, id);
        return exception;
      });
    },

    /**
     * PUT with a scope-encoded id. SINGLE_INSTANCE: an exception for the date plus a one-off event
     * in its place. FUTURE_SERIES: the series ends the day before and a new series starts, or, from
     * its first date, the whole series is replaced. Answers the event the calendar now shows, and
     * the series as it now is (its ETag goes back to the client, decision 114).
     */
    editScoped(
      userId: number,
      scoped: ScopedId,
      data: UpdateEventData,
      precondition?: Precondition<CalendarEvent>,
    ): Promise<{ shown: CalendarEvent; series: CalendarEvent | undefined }> {
      return transaction(async (tx) => {
        const shown = await editScopedIn(tx, userId, scoped, data, precondition);
        return { shown, series: await tx.events.findForUser(userId, scoped.eventId) };
      });
    },

    /**
     * DELETE with a scope-encoded id. SINGLE_INSTANCE: an exception for the date. FUTURE_SERIES: the
     * series ends the day before, or goes entirely when nothing would be left before the date.
     * Answers the series as it now is (undefined once it has gone).
     */
    deleteScoped(
      userId: number,
      scoped: ScopedId,
      precondition?: Precondition<CalendarEvent>,
    ): Promise<{ series: CalendarEvent | undefined }> {
      return transaction(async (tx) => {
        await deleteScopedIn(tx, userId, scoped, precondition);
        return { series: await tx.events.findForUser(userId, scoped.eventId) };
      });
    },
  };
}
export type EventSeriesService = ReturnType<typeof createEventSeriesService>;
