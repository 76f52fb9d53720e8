import type { CalendarEvent, RecurringKind, UpdateEventData } from "../../core/schemas/event";
import { EXCEPTION_EVENT_TYPE } from "../../core/schemas/event";
import { type Executor, isPostgres } from "../db/connection";
import type { EventRow } from "../db/schema";

function parseDays(json: string): string[] {
  try {
    const value = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

export function toEvent(row: EventRow): CalendarEvent {
  return {
    id: row.id,
    userId: row.user_id,
    title: row.title,
    description: row.description,
    subject: row.subject,
    date: row.date,
    time: row.time,
    eventType: row.event_type,
    recurring: row.recurring as RecurringKind,
    customWhenToRepeat: row.custom_when_to_repeat,
    customDays: parseDays(row.custom_days),
    customEndDate: row.custom_end_date,
    isCompleted: Boolean(row.is_completed),
    createdAt: row.created_at,
    notificationEnabled: Boolean(row.notification_enabled),
    notificationTiming: row.notification_timing,
    parentEventId: row.parent_event_id,
    isException: Boolean(row.is_exception),
    exceptionDate: row.exception_date,
    originalDate: row.original_date,
    endTime: row.end_time,
    prepMinutes: row.prep_minutes,
  };
}

/** The columns an event's own fields fill (a create or a whole edit). */
function fieldColumns(data: UpdateEventData) {
  return {
    title: data.title,
    description: data.description,
    subject: data.subject,
    date: data.date,
    time: data.time,
    event_type: data.eventType,
    recurring: data.recurring,
    custom_when_to_repeat: data.customWhenToRepeat,
    custom_days: JSON.stringify(data.customDays),
    custom_end_date: data.customEndDate,
    is_completed: data.isCompleted ? 1 : 0,
    notification_enabled: data.notificationEnabled ? 1 : 0,
    notification_timing: data.notificationEnabled ? data.notificationTiming : null,
    // Left out, they stay as they are; an event without a time has no end.
    ...(data.time === null ? { end_time: null } : data.endTime !== undefined ? { end_time: data.endTime } : {}),
    ...(data.prepMinutes !== undefined ? { prep_minutes: data.prepMinutes } : {}),
  };
}

export type NewEvent = UpdateEventData & { parentEventId: number | null; originalDate?: string | null };

/** Every query is scoped by user id: another user's event is "not found". */
export function createEventsRepository(db: Executor) {
  /** The Calendar tab's read, compiled once on first use; each call runs it with its user id as the one parameter. */
  const compileList = () => db.selectFrom("events").selectAll().where("user_id", "=", 0).orderBy("date").orderBy("id").compile();
  let listQuery: ReturnType<typeof compileList> | undefined;

  return {
    /** Every row of a user's, for the account's deletion (inside its transaction). */
    async deleteAllForUser(userId: number): Promise<void> {
      await db.deleteFrom("events").where("user_id", "=", userId).execute();
    },

    async listForUser(userId: number): Promise<CalendarEvent[]> {
      listQuery ??= compileList();
      const { rows } = await db.executeQuery({ ...listQuery, parameters: [userId] });
      return (rows as EventRow[]).map(toEvent);
    },

    /**
     * `lock`: held until the transaction ends, so a write checked against it (If-Match, decision
     * 114) cannot interleave with another. PostgreSQL only: SQLite runs one writer at a time.
     */
    async findForUser(userId: number, id: number, options: { lock?: boolean } = {}): Promise<CalendarEvent | undefined> {
      const query = db.selectFrom("events").selectAll().where("user_id", "=", userId).where("id", "=", id);
      const row = await (options.lock && isPostgres(db) ? query.forUpdate() : query).executeTakeFirst();
      return row && toEvent(row);
    },

    /** The rows that belong to a series: its exception rows, changed occurrences and series split off it. */
    async listChildren(userId: number, parentId: number): Promise<CalendarEvent[]> {
      const rows = await db
        .selectFrom("events")
        .selectAll()
        .where("user_id", "=", userId)
        .where("parent_event_id", "=", parentId)
        .execute();
      return rows.map(toEvent);
    },

    async countForUser(userId: number): Promise<number> {
      const row = await db
        .selectFrom("events")
        .select((eb) => eb.fn.countAll().as("count"))
        .where("user_id", "=", userId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async create(userId: number, data: NewEvent): Promise<CalendarEvent> {
      const now = new Date().toISOString();
      const row = await db
        .insertInto("events")
        .values({
          user_id: userId,
          ...fieldColumns(data),
          parent_event_id: data.parentEventId,
          original_date: data.originalDate ?? null,
          is_exception: 0,
          exception_date: null,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toEvent(row);
    },

    /** A whole edit of the event's own fields; its place in a series (parent, original date) stays. */
    async update(userId: number, id: number, data: UpdateEventData): Promise<CalendarEvent | undefined> {
      const row = await db
        .updateTable("events")
        .set({ ...fieldColumns(data), updated_at: new Date().toISOString() })
        .where("user_id", "=", userId)
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirst();
      return row && toEvent(row);
    },

    async setEndDate(userId: number, id: number, customEndDate: string | null): Promise<CalendarEvent | undefined> {
      const row = await db
        .updateTable("events")
        .set({ custom_end_date: customEndDate, updated_at: new Date().toISOString() })
        .where("user_id", "=", userId)
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirst();
      return row && toEvent(row);
    },

    /**
     * The exception row that removes `date` from the series: added, or the one already there
     * (the unique index on series and date keeps adding it twice harmless, even when racing).
     */
    async addException(userId: number, series: CalendarEvent, date: string): Promise<CalendarEvent> {
      const now = new Date().toISOString();
      await db
        .insertInto("events")
        .values({
          user_id: userId,
          title: series.title,
          description: null,
          subject: series.subject,
          date,
          time: series.time,
          event_type: EXCEPTION_EVENT_TYPE,
          recurring: "none",
          custom_when_to_repeat: null,
          custom_days: "[]",
          custom_end_date: null,
          is_completed: 0,
          notification_enabled: 0,
          notification_timing: null,
          parent_event_id: series.id,
          is_exception: 1,
          exception_date: date,
          original_date: null,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.columns(["parent_event_id", "exception_date"]).doNothing())
        .execute();
      const row = await db
        .selectFrom("events")
        .selectAll()
        .where("user_id", "=", userId)
        .where("parent_event_id", "=", series.id)
        .where("exception_date", "=", date)
        .executeTakeFirstOrThrow();
      return toEvent(row);
    },

    async delete(userId: number, id: number): Promise<boolean> {
      const result = await db.deleteFrom("events").where("user_id", "=", userId).where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** The series split off this one stand alone (a calendar app deleted the series they came from, each being an object of its own). */
    async detachSplitOffs(userId: number, parentId: number): Promise<void> {
      await db
        .updateTable("events")
        .set({ parent_event_id: null, updated_at: new Date().toISOString() })
        .where("user_id", "=", userId)
        .where("parent_event_id", "=", parentId)
        .where("is_exception", "=", 0)
        .where("recurring", "!=", "none")
        .execute();
    },

    async deleteMany(userId: number, ids: readonly number[]): Promise<number> {
      if (ids.length === 0) return 0;
      const result = await db.deleteFrom("events").where("user_id", "=", userId).where("id", "in", ids).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type EventsRepository = ReturnType<typeof createEventsRepository>;
