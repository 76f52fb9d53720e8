import { createHash } from "node:crypto";
import { type IcalComponent, IcalSyntaxError, parseIcal } from "../../core/caldav/icalendar";
import {
  DEFAULT_EVENT_MINUTES,
  eventFromObject,
  type EventFields,
  type EventFromObject,
  eventObject,
  eventUid,
  isObjectEvent,
  type KeptParts,
  schoolObject,
  type TaskFields,
  taskFromObject,
  taskObject,
  taskUid,
} from "../../core/caldav/objects";
import { feedRuleFor } from "../../core/calendar/feed-rules";
import { expandEvents, firstOccurrence } from "../../core/calendar/recurrence";
import { isSplitOff } from "../../core/calendar/series-children";
import { minutesOfDay, timeOfDay, todayIn } from "../../core/dates";
import { messageRef } from "../../core/i18n/translate";
import { type CalendarEvent, type EventType, type UpdateEventData, updateEventSchema } from "../../core/schemas/event";
import { type CreateTaskData, createTaskSchema, updateTaskSchema } from "../../core/schemas/task";
import type { UserRow } from "../db/schema";
import { HttpError, notFound } from "../errors";
import { userLocale } from "../i18n";
import { toEvent } from "../repositories/events";
import type { SchoolRepository } from "../repositories/school";
import { toTask } from "../repositories/tasks";
import type { RunInTransaction, TransactionScope } from "../repositories/transaction";
import { normalizeEmail } from "../repositories/users";
import { rowEtag } from "../row-etag";
import type { CalendarFeedService } from "./calendar-feed";
import type { EventSeriesService } from "./event-series";
import { icalWithTimeZone } from "../caldav/time-zone";
import { hashDevicePassword } from "./device-passwords";
import type { createAuthRateLimiter } from "./rate-limiter";
import type { Clock } from "./reminders";
import type { TaskWrites } from "./task-writes";

export const CALDAV_REALM = "Student Hub";
export const CALDAV_SIGN_IN_NEEDED = messageRef("caldav.sign_in_needed");

/** The three calendars of a student's home (decision 133): their own events, their tasks, the school's (read only). */
export const CALENDARS = ["events", "tasks", "school"] as const;
export type CalendarName = (typeof CALENDARS)[number];
/** The calendars a client writes to; the school's is read only. */
export type WritableCalendar = Exclude<CalendarName, "school">;

/** How often a device password's last use is written: to the minute is all the list shows. */
const LAST_USE_PRECISION_MS = 60_000;

/** A 401 asking for Basic credentials (RFC 7617), the only scheme CalDAV clients all speak. */
function signInNeeded(): HttpError {
  return new HttpError(401, CALDAV_SIGN_IN_NEEDED, undefined, { "www-authenticate": `Basic realm="${CALDAV_REALM}", charset="UTF-8"` });
}

/** The user name and password of a Basic Authorization header, or null when there is none. */
export function basicCredentials(header: string | undefined): { username: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? "");
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** A collection's change tag: moves with every write the collection's members show. */
const tag = (text: string) => createHash("sha256").update(text).digest("base64url").slice(0, 22);

/**
 * The CalDAV server's own service (issue 52, decision 133): who a calendar app is, by its device
 * password, counted against the sign-in limits like any password; and the state of a student's
 * calendars for their change tags and sync tokens, read from what every instance shares.
 */
export function createCaldavService(options: {
  transaction: RunInTransaction;
  taskWrites: Pick<TaskWrites, "create" | "updateIn" | "deleteIn">;
  eventSeries: Pick<EventSeriesService, "create" | "updateIn" | "deleteIn" | "replaceDatesIn">;
  authRateLimiter: Pick<ReturnType<typeof createAuthRateLimiter>, "signInAttempt">;
  school: Pick<SchoolRepository, "state">;
  calendarFeed: Pick<CalendarFeedService, "schoolPart" | "schoolMembers">;
  clock: Clock;
  timeZone: string;
}) {
  const { transaction, taskWrites, eventSeries, authRateLimiter, school, calendarFeed, clock, timeZone } = options;

  /** The object's text, with the school's VTIMEZONE when a time names it. */
  const textOf = (object: IcalComponent) => icalWithTimeZone(object, timeZone);
  /** The student's tasks as objects: at the address and UID a client gave one it made, with what it wrote that the app does not read. */
  async function taskObjectsIn(tx: TransactionScope, userId: number, context: { host: string; timeZone: string }): Promise<CaldavObject[]> {
    const [rows, made] = await Promise.all([tx.calendarFeeds.taskRows(userId), tx.caldavObjects.listForUser(userId, "tasks")]);
    const byItem = new Map(made.map((m) => [m.item_id, m]));
    return rows.map((row) => {
      const task = toTask(row);
      const mine = byItem.get(task.id);
      const kept = mine?.kept ? (JSON.parse(mine.kept) as KeptParts) : null;
      return {
        name: mine?.name ?? `${task.id}.ics`,
        itemId: task.id,
        // The app's own ETag (what its If-Match takes), unless the client's unread parts are part of the object too.
        etag: kept ? rowEtag({ task, kept }) : rowEtag(task),
        component: "VTODO" as const,
        body: () =>
          textOf(
            taskObject(
              { ...task, updatedAt: row.updated_at, completedAt: row.completed_at },
              context,
              mine ? { uid: mine.uid, kept: kept ?? { properties: [], components: [] } } : undefined,
            ),
          ),
        // A task without a due date is in every range (RFC 4791 §9.9, VTODO without DUE).
        overlaps: (from: string, to: string) => task.dueDate === null || (task.dueDate >= from && task.dueDate <= to),
      };
    });
  }

  /** The student's events as objects: a one-off event or a series with its removed and changed dates, each at the address and UID a client gave it. */
  async function eventObjectsIn(
    tx: TransactionScope,
    userId: number,
    context: { host: string; timeZone: string },
  ): Promise<CaldavObject[]> {
    const [rows, made] = await Promise.all([tx.calendarFeeds.eventRows(userId), tx.caldavObjects.listForUser(userId, "events")]);
    const byItem = new Map(made.map((m) => [m.item_id, m]));
    const events = rows.map((row) => ({ ...toEvent(row), updatedAt: row.updated_at }));
    const children = new Map<number, typeof events>();
    for (const e of events) if (e.parentEventId !== null) children.set(e.parentEventId, [...(children.get(e.parentEventId) ?? []), e]);
    const plain = (e: (typeof events)[number]): CalendarEvent => {
      const { updatedAt: _, ...rest } = e;
      return rest;
    };
    return events.filter(isObjectEvent).flatMap((event) => {
      const own = (children.get(event.id) ?? []).filter((c) => !isSplitOff(c));
      const mine = byItem.get(event.id);
      const kept = mine?.kept ? (JSON.parse(mine.kept) as KeptParts) : null;
      const object = eventObject(
        event,
        own,
        context,
        mine ? { uid: mine.uid, kept: kept ?? { properties: [], components: [] } } : undefined,
      );
      if (!object) return [];
      // A one-off's is the app's own ETag; a series with changed or removed dates, or parts a client wrote, moves with each of them.
      const etag =
        own.length || kept ? rowEtag({ event: plain(event), children: own.map(plain), ...(kept ? { kept } : {}) }) : rowEtag(plain(event));
      return [
        {
          name: mine?.name ?? `${event.id}.ics`,
          itemId: event.id,
          etag,
          component: "VEVENT" as const,
          body: () => textOf(object),
          overlaps: (from: string, to: string) =>
            expandEvents([plain(event), ...own.map(plain)], from, to).some(
              (o) => o.eventId === event.id || own.some((c) => c.id === o.eventId),
            ),
        },
      ];
    });
  }

  /** A VTODO's task written: made, or replaced whole but for what only the app sets (its reminder, cleared when the due date goes; its time needed). */
  async function writeTask(tx: TransactionScope, userId: number, current: CaldavObject | undefined, fields: TaskFields): Promise<number> {
    const data = { ...fields, ...(fields.dueDate === null ? { reminder: null } : {}) };
    const checked = current ? updateTaskSchema.safeParse(data) : createTaskSchema.safeParse(data);
    if (!checked.success) throw objectRefused(checked.error.issues[0]!.message);
    const task = current
      ? await taskWrites.updateIn(tx, userId, current.itemId!, checked.data)
      : await taskWrites.create(tx, userId, checked.data as CreateTaskData);
    return task.id;
  }

  /**
   * A VEVENT's event or series written with its removed and changed dates: made, or replaced whole
   * but for what only the app sets (reminders, completion, an exam's revision time), and its rule as
   * the app keeps it when the object's has the same dates (a daily series on weekdays, say, which
   * the object spells as weekly).
   */
  async function writeEvent(
    tx: TransactionScope,
    userId: number,
    current: CaldavObject | undefined,
    read: EventFromObject,
  ): Promise<number> {
    const series = current ? await tx.events.findForUser(userId, current.itemId!) : undefined;
    const children = series ? await tx.events.listChildren(userId, series.id) : [];
    const checked = (fields: EventFields, was: CalendarEvent | undefined): UpdateEventData => {
      const sameRule =
        was !== undefined &&
        fields.recurring !== "none" &&
        was.recurring !== "none" &&
        firstOccurrence(was) === fields.date &&
        JSON.stringify(feedRuleFor(was)) === JSON.stringify(feedRuleFor(fields));
      const hourAfter = (time: string) => timeOfDay(minutesOfDay(time) + DEFAULT_EVENT_MINUTES);
      const eventType = fields.eventType ?? (was && !was.isException ? (was.eventType as EventType) : "custom");
      const result = updateEventSchema.safeParse({
        ...fields,
        ...(sameRule ? { date: was.date, recurring: was.recurring, customDays: was.customDays } : {}),
        eventType,
        // The app writes an hour for an event without an end: an end the student set to exactly that stays set.
        endTime:
          fields.endTime ??
          (was?.time === fields.time && fields.time !== null && was?.endTime === hourAfter(fields.time) ? was.endTime : null),
        customWhenToRepeat: sameRule ? was.customWhenToRepeat : null,
        isCompleted: was?.isCompleted ?? false,
        notificationEnabled: was?.notificationEnabled ?? false,
        notificationTiming: was?.notificationTiming ?? null,
        prepMinutes: eventType === "exam" ? (was?.prepMinutes ?? null) : null,
      });
      if (!result.success) throw objectRefused(result.error.issues[0]!.message);
      return result.data;
    };
    const data = checked(read.fields, series);
    const event = series
      ? await eventSeries.updateIn(tx, userId, series.id, data)
      : await eventSeries.create(tx, userId, { ...data, parentEventId: null });
    const changed = read.changed.map(({ originalDate, fields }) => ({
      originalDate,
      data: checked(
        fields,
        children.find((c) => !c.isException && !isSplitOff(c) && c.originalDate === originalDate),
      ),
    }));
    if (series || read.removed.length || changed.length) await eventSeries.replaceDatesIn(tx, userId, event.id, read.removed, changed);
    return event.id;
  }

  const OBJECTS_IN = { tasks: taskObjectsIn, events: eventObjectsIn } as const;
  const DEFAULT_UID = { tasks: taskUid, events: eventUid } as const;

  return {
    /**
     * A client's PUT of a task or an event (RFC 4791 §5.3.2): made, or replaced whole, in one
     * transaction with its address, UID and unread parts; If-Match and If-None-Match checked against
     * the object as it is then. Answers whether it was made, and its new ETag (none when the object
     * removed every date of its series, which then went).
     */
    async put(
      user: UserRow,
      calendar: WritableCalendar,
      name: string,
      body: string,
      conditions: { ifMatch?: string; ifNoneMatch?: string },
      host: string,
    ): Promise<{ created: boolean; etag: string | undefined }> {
      let parsed;
      try {
        parsed = parseIcal(body);
      } catch (error) {
        if (error instanceof IcalSyntaxError) throw new HttpError(400, messageRef("caldav.bad_ical", { reason: error.message }));
        throw error;
      }
      const read = calendar === "tasks" ? taskFromObject(parsed, timeZone) : eventFromObject(parsed, timeZone);
      if ("refused" in read) throw objectRefused(read.refused);
      const context = { host, timeZone };
      const objectsIn = OBJECTS_IN[calendar];
      return transaction(async (tx) => {
        await tx.users.lockUser(user.id);
        const current = (await objectsIn(tx, user.id, context)).find((o) => o.name === name);
        assertConditions(current, conditions);
        const itemId =
          "removed" in read ? await writeEvent(tx, user.id, current, read) : await writeTask(tx, user.id, current, read.fields);
        const hasKept = read.kept.properties.length > 0 || read.kept.components.length > 0 || read.kept.changed !== undefined;
        const kept = hasKept ? JSON.stringify(read.kept) : null;
        // An object made in the app keeps its own address and UID unless the client wrote parts the app keeps for it.
        if (
          !current ||
          (await tx.caldavObjects.findByName(user.id, calendar, name)) ||
          kept ||
          read.uid !== DEFAULT_UID[calendar](itemId, host)
        ) {
          await tx.caldavObjects.save({ user_id: user.id, calendar, item_id: itemId, name, uid: read.uid, kept });
        }
        const after = (await objectsIn(tx, user.id, context)).find((o) => o.itemId === itemId);
        return { created: !current, etag: after?.etag };
      });
    },

    /** A client's DELETE of a task or an event (a series with all its dates; the series split off it stay, objects of their own), If-Match checked. */
    async delete(user: UserRow, calendar: WritableCalendar, name: string, conditions: { ifMatch?: string }, host: string): Promise<void> {
      await transaction(async (tx) => {
        const current = (await OBJECTS_IN[calendar](tx, user.id, { host, timeZone })).find((o) => o.name === name);
        if (!current) throw notFound();
        assertConditions(current, conditions);
        if (calendar === "tasks") await taskWrites.deleteIn(tx, user.id, current.itemId!);
        else {
          await tx.events.detachSplitOffs(user.id, current.itemId!);
          await eventSeries.deleteIn(tx, user.id, current.itemId!);
        }
        await tx.caldavObjects.deleteByName(user.id, calendar, name);
      });
    },

    /**
     * The account a request's Basic credentials sign in to: the account's email address and one of
     * its device passwords (never the account's own password). A wrong pair counts toward the
     * sign-in limits of the address and the account; over them, 429.
     */
    async authenticate(authorization: string | undefined, ip: string): Promise<UserRow> {
      const credentials = basicCredentials(authorization);
      if (!credentials || !credentials.username || !credentials.password) throw signInNeeded();
      const email = normalizeEmail(credentials.username);
      const attempt = await authRateLimiter.signInAttempt(email, ip);
      const found = await transaction(async (tx) => {
        const password = await tx.devicePasswords.findByHash(hashDevicePassword(credentials.password));
        const user = password ? await tx.users.findById(password.userId) : undefined;
        if (!password || !user || user.email !== email) return null;
        const now = clock();
        if (!password.lastUsedAt || now.getTime() - Date.parse(password.lastUsedAt) >= LAST_USE_PRECISION_MS) {
          await tx.devicePasswords.touch(password.id, now);
        }
        return user;
      });
      if (!found) throw signInNeeded();
      await attempt.succeeded();
      return found;
    },

    /** The members of one of the student's calendars, as a client lists and reads them. */
    async objectsOf(user: UserRow, calendar: CalendarName, host: string): Promise<CaldavObject[]> {
      const context = { host, timeZone };
      if (calendar === "tasks") return transaction((tx) => taskObjectsIn(tx, user.id, context));
      if (calendar === "events") return transaction((tx) => eventObjectsIn(tx, user.id, context));
      const part = await calendarFeed.schoolPart(user.id);
      const members = calendarFeed.schoolMembers(part, userLocale(user.locale), context);
      const schoolEvents = members.events.map(({ row, member }) => ({
        name: `school-event-${row.id}.ics`,
        etag: `"${tag(JSON.stringify(row))}"`,
        component: "VEVENT" as const,
        body: () => textOf(schoolObject(member)),
        overlaps: (from: string, to: string) => row.date <= to && (row.end_date ?? row.date) >= from,
      }));
      const daysOff = members.daysOff.map(({ dayOff, summary, member }) => ({
        name: `day-off-${dayOff.from}-${dayOff.to}.ics`,
        etag: `"${tag(`${dayOff.from}|${dayOff.to}|${summary}|${part.daysOffChangedAt}`)}"`,
        component: "VEVENT" as const,
        body: () => textOf(schoolObject(member)),
        overlaps: (from: string, to: string) => dayOff.from <= to && dayOff.to >= from,
      }));
      return [...schoolEvents, ...daysOff];
    },

    /** The school's date of an instant (a time-range's bounds). */
    dateOf: (instant: Date) => todayIn(timeZone, instant),

    /**
     * A calendar's change tag (getctag) and sync token: the student's data version for their
     * events and tasks (bumped in the transaction of every write, on any instance); for the school's
     * calendar, the school's version and the schedule the student follows (its days off).
     */
    async calendarTag(user: UserRow, calendar: CalendarName): Promise<string> {
      if (calendar !== "school") {
        const fresh = await transaction((tx) => tx.users.findById(user.id));
        return `${calendar}-${fresh?.data_version ?? 0}`;
      }
      const [state, fresh] = await Promise.all([school.state(), transaction((tx) => tx.users.findById(user.id))]);
      return `school-${tag(`${state.versionTag}|${fresh?.schedule_source}|${fresh?.school_schedule}`)}`;
    },
  };
}
export type CaldavService = ReturnType<typeof createCaldavService>;

/** 412 (RFC 7232): If-Match names another version (or there is none); If-None-Match: * finds one there. */
function assertConditions(current: CaldavObject | undefined, conditions: { ifMatch?: string; ifNoneMatch?: string }): void {
  if (conditions.ifNoneMatch?.trim() === "*" && current) throw new HttpError(412, messageRef("caldav.precondition_failed"));
  if (conditions.ifMatch === undefined) return;
  const tags = conditions.ifMatch.split(",").map((t) => t.trim());
  if (!current || !(tags.includes("*") || tags.includes(current.etag))) throw new HttpError(412, messageRef("caldav.precondition_failed"));
}

/** A client's object the app cannot take (RFC 4791 §5.3.2.1): 403, answered as a DAV:error naming CALDAV:valid-calendar-object-resource and why. */
export class ObjectRefusedError extends HttpError {}
function objectRefused(reason: string): HttpError {
  return new ObjectRefusedError(403, reason);
}

/** A member of a calendar: its file name, strong ETag, component, text, and whether it has a date in a range of dates. */
export interface CaldavObject {
  name: string;
  /** The task's or event's id, for the writes; none for the school's. */
  itemId?: number;
  etag: string;
  component: "VEVENT" | "VTODO";
  body: () => string;
  overlaps: (from: string, to: string) => boolean;
}
