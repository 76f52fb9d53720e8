import { agendaDays, alternatesByDate } from "../../core/agenda-days";
import { messageRef } from "../../core/i18n/translate";
import { DEFAULT_SCHOOL_SCHEDULE, type SchoolSchedule } from "../../core/school-day";
import type { AuditAction } from "../../core/admin";
import type { AgendaDay, SchoolEvent, SchoolEventData } from "../../core/schemas/school";
import { MAX_SCHOOL_EVENTS } from "../../core/schemas/school";
import { addDaysToDate } from "../../core/dates";
import { zonedInstant } from "../../core/reminders";
import { ANNOUNCEMENT_BODY_MAX, ANNOUNCEMENT_TITLE_MAX } from "../../core/schemas/announcements";
import { badRequest, conflict, notFound } from "../errors";
import type { SchoolRepository, SchoolState } from "../repositories/school";
import type { SessionUser } from "../repositories/sessions";
import type { RunInTransaction, TransactionScope } from "../repositories/transaction";
import { toPublicUser, type UsersRepository } from "../repositories/users";
import type { AnnouncementDraft, AnnouncementOfEvent } from "./announcements";
import { scheduleSourceOf } from "./preferences";

export const SCHOOL_EVENT_NOT_FOUND = messageRef("server.school_event_not_found");
export const TOO_MANY_SCHOOL_EVENTS = messageRef("server.too_many_school_events", { max: MAX_SCHOOL_EVENTS });
export const SCHOOL_ALTERNATE_UNKNOWN = messageRef("server.school_alternate_unknown");

type Actor = Pick<SessionUser, "id" | "email">;

/** What a school event written answers: the event, with the `notify` it was saved with (not stored: it acts once, when saved). */
type WrittenEvent = SchoolEvent & { notify: boolean };

/**
 * The school's own day (docs/product.md#school-day, decision 112): staff publish its schedule and
 * its events, each write bumping the school's version in the same transaction, with its audit
 * entry; students read them, and their agenda puts them together with their own classes.
 */
export function createSchoolService(options: {
  transaction: RunInTransaction;
  school: SchoolRepository;
  users: UsersRepository;
  /** Creates an announcement in the transaction under way (decision 113). */
  announce: (tx: TransactionScope, admin: Actor, input: AnnouncementDraft, ofEvent: AnnouncementOfEvent) => Promise<number>;
  /** The school's time zone: an announced event's last day ends at its midnight. */
  timeZone: string;
}) {
  const { transaction, school, users, announce, timeZone } = options;

  /**
   * `notify: true`: the event goes out as an announcement to everyone, in the event's transaction.
   * Its words are the event's own (the title, and the description if any); it carries the event's
   * days and time for each reader to word (issue 49), and Home shows it until the end of the
   * event's last day in the school's zone.
   */
  async function announceEvent(tx: TransactionScope, admin: Actor, event: SchoolEvent) {
    const lastDay = event.endDate ?? event.date;
    await announce(
      tx,
      admin,
      {
        title: event.title.slice(0, ANNOUNCEMENT_TITLE_MAX),
        body: (event.description ?? "").slice(0, ANNOUNCEMENT_BODY_MAX),
        audience: "all",
      },
      {
        event: { date: event.date, endDate: event.endDate, time: event.time },
        shownUntil: new Date(zonedInstant(addDaysToDate(lastDay, 1), "00:00", timeZone)),
      },
    );
  }

  function audit(tx: TransactionScope, admin: Actor, action: AuditAction, details: Record<string, unknown> | null) {
    return tx.auditLog.record({ actorUserId: admin.id, actorEmail: admin.email, action, target: null, details });
  }

  /** The schedule the student's agenda follows: the school's once chosen (or by default, decision 112) and published, else their own. */
  async function followedSchedule(
    user: Pick<SessionUser, "id" | "schedule_source">,
    state: SchoolState,
    reader: Pick<UsersRepository, "findSchoolSchedule"> = users,
  ): Promise<{ schedule: SchoolSchedule; followsSchool: boolean }> {
    const ownJson = await reader.findSchoolSchedule(user.id);
    const own = ownJson ? (JSON.parse(ownJson) as SchoolSchedule) : null;
    const source = scheduleSourceOf(user.schedule_source, own !== null, state.schedule !== null);
    // "school" chosen before the school has published: the student's own until it does.
    const followsSchool = source === "school" && state.schedule !== null;
    return { schedule: followsSchool ? state.schedule! : (own ?? DEFAULT_SCHOOL_SCHEDULE), followsSchool };
  }

  /** A 400 on `alternateId` unless it names an alternate of the schedule published now. */
  async function assertAlternate(tx: TransactionScope, alternateId: string | null): Promise<void> {
    if (alternateId === null) return;
    const { schedule } = await tx.school.state();
    if (!schedule?.alternates?.some((a) => a.id === alternateId))
      throw badRequest(SCHOOL_ALTERNATE_UNKNOWN, { alternateId: [SCHOOL_ALTERNATE_UNKNOWN] });
  }

  return {
    /** The version and the published schedule, for an answer's ETag and body. */
    state: (): Promise<SchoolState> => school.state(),

    listEvents: (from: string, to: string): Promise<SchoolEvent[]> => school.listInRange(from, to),

    /** Replaces the school's schedule. An alternate that events still name may go: their dates then follow the usual bells. */
    publishSchedule(admin: Actor, schedule: SchoolSchedule): Promise<SchoolSchedule> {
      return transaction(async (tx) => {
        await tx.school.bumpVersion();
        await tx.school.setSchedule(schedule);
        await audit(tx, admin, "SCHOOL_SCHEDULE_UPDATED", null);
        return schedule;
      });
    },

    createEvent(admin: Actor, data: SchoolEventData): Promise<WrittenEvent> {
      return transaction(async (tx) => {
        // First: on PostgreSQL it makes writers take turns, so the count below cannot be raced past the cap.
        await tx.school.bumpVersion();
        if ((await tx.school.count()) >= MAX_SCHOOL_EVENTS) throw conflict(TOO_MANY_SCHOOL_EVENTS);
        await assertAlternate(tx, data.alternateId);
        const event = await tx.school.insert(data);
        await audit(tx, admin, "SCHOOL_EVENT_CREATED", { title: event.title });
        if (data.notify) await announceEvent(tx, admin, event);
        return { ...event, notify: data.notify };
      });
    },

    updateEvent(admin: Actor, id: number, data: SchoolEventData): Promise<WrittenEvent> {
      return transaction(async (tx) => {
        await tx.school.bumpVersion();
        await assertAlternate(tx, data.alternateId);
        const event = await tx.school.update(id, data);
        if (!event) throw notFound(SCHOOL_EVENT_NOT_FOUND);
        await audit(tx, admin, "SCHOOL_EVENT_UPDATED", { title: event.title });
        if (data.notify) await announceEvent(tx, admin, event);
        return { ...event, notify: data.notify };
      });
    },

    deleteEvent(admin: Actor, id: number): Promise<void> {
      return transaction(async (tx) => {
        await tx.school.bumpVersion();
        const event = await tx.school.delete(id);
        if (!event) throw notFound(SCHOOL_EVENT_NOT_FOUND);
        await audit(tx, admin, "SCHOOL_EVENT_DELETED", { title: event.title });
      });
    },

    /**
     * GET /api/user/agenda: one entry per date of [from, to] (a range checked by the route). The
     * school's state is read first, as the ETag was made from it: a publish landing in between
     * can only make the answer newer than its tag (one refetch more later), never older.
     */
    async agenda(user: SessionUser, state: SchoolState, from: string, to: string): Promise<AgendaDay[]> {
      const { schedule, followsSchool } = await followedSchedule(user, state);
      const events = await school.listInRange(from, to);
      return agendaDays(schedule, followsSchool, toPublicUser(user).userClasses, events, from, to);
    },

    /**
     * The school day the student follows over [from, to], and each date's alternate (the study
     * plan's school hours); read through `tx` inside a transaction under way (the reminder scan's).
     */
    async schoolDayOf(
      user: Pick<SessionUser, "id" | "schedule_source">,
      from: string,
      to: string,
      tx?: Pick<TransactionScope, "school" | "users">,
    ): Promise<{ schedule: SchoolSchedule; alternates: Record<string, string> }> {
      const reader = tx ?? { school, users };
      const state = await reader.school.state();
      const { schedule, followsSchool } = await followedSchedule(user, state, reader.users);
      const events = followsSchool ? await reader.school.listInRange(from, to) : [];
      return { schedule, alternates: alternatesByDate(schedule, followsSchool, events, from, to) };
    },
  };
}
export type SchoolService = ReturnType<typeof createSchoolService>;
