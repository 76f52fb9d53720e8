import { sql } from "kysely";
import { formatDayNumber, parseDayNumber } from "../../core/day-numbers";
import type { SchoolSchedule } from "../../core/school-day";
import type { SchoolEvent, SchoolEventData } from "../../core/schemas/school";
import { SCHOOL_EVENT_MAX_DAYS } from "../../core/schemas/school";
import type { Executor } from "../db/connection";
import type { SchoolEventRow } from "../db/schema";

/** app_settings keys of the school's schedule (JSON, as the schema gave it) and of its version (decision 112). */
export const SCHOOL_SCHEDULE_SETTING = "schoolSchedule";
export const SCHOOL_VERSION_SETTING = "schoolVersion";

/**
 * What every answer that depends on the school is tagged with: the version's number and the time
 * it was bumped, so a database rebuilt from scratch that counts to the same number again cannot
 * match a tag a browser still holds. "0" before anything was published.
 */
export interface SchoolState {
  versionTag: string;
  /** The version's number (0 before anything was published) and when it was last bumped (null before): the feed's SEQUENCE and DTSTAMP. */
  version: number;
  changedAt: string | null;
  /** The published schedule, or null until staff publish one. */
  schedule: SchoolSchedule | null;
}

export function toSchoolEvent(row: SchoolEventRow): SchoolEvent {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    date: row.date,
    endDate: row.end_date,
    time: row.time,
    eventType: row.event_type,
    alternateId: row.alternate_id,
  };
}

function columnsOf(data: SchoolEventData) {
  return {
    title: data.title,
    description: data.description,
    date: data.date,
    end_date: data.endDate,
    time: data.time,
    event_type: data.eventType,
    alternate_id: data.alternateId,
  };
}

/** The school's schedule, its version and its events: one school per database (decision 112). */
export function createSchoolRepository(db: Executor) {
  async function rowsInRange(from: string, to: string): Promise<SchoolEventRow[]> {
    const earliest = formatDayNumber(parseDayNumber(from)! - (SCHOOL_EVENT_MAX_DAYS - 1));
    const rows = await db
      .selectFrom("school_events")
      .selectAll()
      .where("date", ">=", earliest)
      .where("date", "<=", to)
      .orderBy("date")
      // Both engines the same way: PostgreSQL would put a null time last, SQLite first.
      .orderBy(sql`coalesce(time, '')`)
      .orderBy("id")
      .execute();
    return rows.filter((r) => (r.end_date ?? r.date) >= from);
  }

  return {
    /** The version and the published schedule, read together in one statement. */
    async state(): Promise<SchoolState> {
      const rows = await db
        .selectFrom("app_settings")
        .select(["key", "value", "updated_at"])
        .where("key", "in", [SCHOOL_SCHEDULE_SETTING, SCHOOL_VERSION_SETTING])
        .execute();
      const version = rows.find((r) => r.key === SCHOOL_VERSION_SETTING);
      const schedule = rows.find((r) => r.key === SCHOOL_SCHEDULE_SETTING);
      return {
        versionTag: version ? `${version.value}@${version.updated_at}` : "0",
        version: version ? Number(version.value) : 0,
        changedAt: version?.updated_at ?? null,
        // Stored only after passing the schema, so it reads back as it was published.
        schedule: schedule ? (JSON.parse(schedule.value) as SchoolSchedule) : null,
      };
    },

    /**
     * Bumps the school's version and answers the new one. Called first in every transaction that
     * publishes: on PostgreSQL the upsert locks the version's row until commit, so publishes take
     * turns (a count checked after it, the events' cap, holds); SQLite runs one writer anyway.
     */
    async bumpVersion(): Promise<number> {
      const now = new Date().toISOString();
      const row = await db
        .insertInto("app_settings")
        .values({ key: SCHOOL_VERSION_SETTING, value: "1", updated_at: now })
        .onConflict((oc) =>
          oc.column("key").doUpdateSet({ value: sql<string>`cast(cast(app_settings.value as integer) + 1 as text)`, updated_at: now }),
        )
        .returning("value")
        .executeTakeFirstOrThrow();
      return Number(row.value);
    },

    async setSchedule(schedule: SchoolSchedule): Promise<void> {
      const now = new Date().toISOString();
      const json = JSON.stringify(schedule);
      await db
        .insertInto("app_settings")
        .values({ key: SCHOOL_SCHEDULE_SETTING, value: json, updated_at: now })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value: json, updated_at: now }))
        .execute();
    },

    /**
     * The events on any date of [from, to], multi-day ones that started before `from` included, by
     * date, time (all-day first) and id. Only the events starting in [from - longest span, to] are
     * read, through the date index: the cost follows the range, never the school's whole calendar.
     */
    async listInRange(from: string, to: string): Promise<SchoolEvent[]> {
      return (await rowsInRange(from, to)).map(toSchoolEvent);
    },

    /** listInRange's rows as stored, with when each was created and last changed (the calendar feed's SEQUENCE). */
    rowsInRange,

    async count(): Promise<number> {
      const row = await db
        .selectFrom("school_events")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insert(data: SchoolEventData): Promise<SchoolEvent> {
      const now = new Date().toISOString();
      const row = await db
        .insertInto("school_events")
        .values({ ...columnsOf(data), created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toSchoolEvent(row);
    },

    /** The event as changed, or undefined when there is no such event. */
    async update(id: number, data: SchoolEventData): Promise<SchoolEvent | undefined> {
      const row = await db
        .updateTable("school_events")
        .set({ ...columnsOf(data), updated_at: new Date().toISOString() })
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirst();
      return row ? toSchoolEvent(row) : undefined;
    },

    /** The event deleted, or undefined when there was none. */
    async delete(id: number): Promise<SchoolEvent | undefined> {
      const row = await db.deleteFrom("school_events").where("id", "=", id).returningAll().executeTakeFirst();
      return row ? toSchoolEvent(row) : undefined;
    },
  };
}
export type SchoolRepository = ReturnType<typeof createSchoolRepository>;
