import { createHash, createHmac, randomBytes } from "node:crypto";
import { Temporal } from "temporal-polyfill";
import { getVtimezoneComponent } from "@touch4it/ical-timezones";
import ical, { ICalCalendarMethod, type ICalEventData, ICalEventRepeatingFreq, type ICalWeekday } from "ical-generator";
import { allDayRuleLine, feedRuleFor } from "../../core/calendar/feed-rules";
import { firstOccurrence } from "../../core/calendar/recurrence";
import { todayIn } from "../../core/dates";
import { daysFromCivil, formatDayNumber } from "../../core/day-numbers";
import type { DayOff, SchoolSchedule } from "../../core/school-day";
import type { Locale } from "../../core/i18n/locale";
import type { CalendarEvent } from "../../core/schemas/event";
import { translator, userLocale } from "../i18n";
import type { EventRow, SchoolEventRow, TaskRow } from "../db/schema";
import type { CalendarFeedsRepository } from "../repositories/calendar-feeds";
import { toEvent } from "../repositories/events";
import type { SchoolRepository } from "../repositories/school";
import type { SettingsRepository } from "../repositories/settings";
import { scheduleSourceOf } from "./preferences";
import { eventTypeName } from "./reminder-words";

/** The server secret feed tokens are made with (app_settings, get-or-create: every instance agrees). */
export const FEED_SECRET_SETTING = "calendarFeedSecret";
/** Bumped when the feed's writing changes, so calendar apps fetch it again (part of the ETag). */
const FEED_FORMAT = 2;
/** Events have no end: each takes an hour in the feed. */
const EVENT_MINUTES = 60;

const sha256 = (text: string) => createHash("sha256").update(text).digest("base64url");

/**
 * Rendered feeds kept per instance, keyed by user and ETag: calendar apps poll without
 * If-None-Match (Google does), and the writer's line folding makes a large feed cost a few hundred
 * milliseconds to render (decision 092). A change moves the ETag, so a kept render is never stale.
 */
const KEPT_FEEDS = 500;

/** An event of the feed with when it last changed. */
type FeedEvent = CalendarEvent & { updatedAt: string };

/**
 * The dates the school's events and days off are written for: from the first of this month a year
 * ago to the end of the month before the same month two years ahead (36 months). The student's own
 * events are series written once as RRULEs; the school's are single rows, up to 2,000 over the
 * years (decision 112), so the feed carries the part a calendar app shows. The window moves at
 * each month's start, which moves the feed's ETag (`month`).
 */
export function schoolFeedWindow(today: string): { month: string; from: string; to: string } {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  return {
    month: today.slice(0, 7),
    from: `${pad(year - 1, 4)}-${pad(month)}-01`,
    to: formatDayNumber(daysFromCivil(year + 2, month, 1) - 1),
  };
}

/** What the feed writes of the school: its events in the window, and the days off of the schedule the student follows. */
export interface SchoolPart {
  events: SchoolEventRow[];
  daysOff: DayOff[];
  /** DTSTAMP and LAST-MODIFIED of the days off: when that schedule last changed. */
  daysOffChangedAt: string;
  /** SEQUENCE of the days off: a number that rises with every change of that schedule. */
  daysOffSequence: number;
}

/** A wall-clock date and time in the school's zone (the feed writes it with the zone's TZID). */
function zoned(date: string, time: string, timeZone: string): Temporal.ZonedDateTime {
  return Temporal.PlainDateTime.from(`${date}T${time}`).toZonedDateTime(timeZone);
}

/** SEQUENCE: the seconds between an item's creation and its last change, so every change raises it. */
function sequenceOf(createdAt: string, updatedAt: string): number {
  return Math.max(0, Math.floor((Date.parse(updatedAt) - Date.parse(createdAt)) / 1000));
}

/**
 * The calendar feed (docs/product.md#calendar-feed, decision 092): the secret address of each
 * student's feed, and the iCalendar it answers, written with ical-generator.
 */
export function createCalendarFeedService({
  settings,
  calendarFeeds,
  school,
  timeZone,
  clock = () => new Date(),
}: {
  settings: SettingsRepository;
  calendarFeeds: CalendarFeedsRepository;
  school: Pick<SchoolRepository, "state" | "rowsInRange">;
  timeZone: string;
  clock?: () => Date;
}) {
  let secret: Promise<string> | undefined;
  const kept = new Map<number, { etag: string; body: string }>();
  const feedSecret = () => {
    secret ??= settings.getOrCreate(FEED_SECRET_SETTING, () => randomBytes(32).toString("base64url"));
    secret.catch(() => (secret = undefined));
    return secret;
  };
  /** 256 bits, from the user and the feed's version: recomputable, never stored. */
  const tokenFor = async (userId: number, version: number) =>
    createHmac("sha256", await feedSecret())
      .update(`calendar-feed:${userId}:${version}`)
      .digest("base64url");

  function eventData(event: FeedEvent, uid: string, locale: Locale): ICalEventData {
    const base: Omit<ICalEventData, "start"> = {
      id: uid,
      summary: event.title,
      description: event.description ?? undefined,
      categories: [{ name: eventTypeName(event.eventType, locale) }],
      stamp: new Date(event.updatedAt),
      lastModified: new Date(event.updatedAt),
      sequence: sequenceOf(event.createdAt, event.updatedAt),
    };
    if (event.time === null) return { ...base, allDay: true, start: Temporal.PlainDate.from(event.date) as never };
    const start = zoned(event.date, event.time, timeZone);
    return { ...base, timezone: timeZone, start: start as never, end: start.add({ minutes: EVENT_MINUTES }) as never };
  }

  return {
    tokenFor,

    /** The feed's token when it is on, else null. */
    async token(userId: number): Promise<string | null> {
      const row = await calendarFeeds.find(userId);
      return row?.token_hash ? tokenFor(userId, row.version) : null;
    },

    /** Turns the feed on, or resets it: a new version, so the old address stops answering at once. */
    async enable(userId: number): Promise<string> {
      const version = ((await calendarFeeds.find(userId))?.version ?? 0) + 1;
      const token = await tokenFor(userId, version);
      await calendarFeeds.save(userId, version, sha256(token));
      return token;
    },

    async disable(userId: number): Promise<void> {
      const row = await calendarFeeds.find(userId);
      if (row) await calendarFeeds.save(userId, row.version, null);
    },

    /**
     * The feed a token opens, or undefined (a wrong or reset token), in its owner's language: a
     * change of language changes the ETag, so calendar apps fetch the feed again.
     */
    async findByToken(token: string) {
      if (!/^[\w-]{43}$/.test(token)) return undefined;
      const [feed, { versionTag }] = await Promise.all([calendarFeeds.findByTokenHash(sha256(token)), school.state()]);
      if (!feed) return undefined;
      const locale = userLocale(feed.locale);
      const language = locale === "en" ? "" : `-${locale}`;
      // The school's version (staff publish) and the school window's month move it too (decision 112).
      const { month } = schoolFeedWindow(todayIn(timeZone, clock()));
      const schoolTag = sha256(versionTag).slice(0, 12);
      return {
        userId: feed.userId,
        locale,
        etag: `"feed-${FEED_FORMAT}-${feed.version}-${feed.dataVersion}-${schoolTag}-${month}${language}"`,
      };
    },

    /** The feed's body for this ETag: the kept render when the feed has not changed since. */
    async feedBody(userId: number, etag: string, host: string, locale: Locale): Promise<string> {
      const hit = kept.get(userId);
      if (hit?.etag === `${etag}@${host}`) return hit.body;
      const body = await this.calendarFor(userId, host, locale);
      kept.delete(userId);
      kept.set(userId, { etag: `${etag}@${host}`, body });
      if (kept.size > KEPT_FEEDS) kept.delete(kept.keys().next().value!);
      return body;
    },

    /**
     * The user's calendar as iCalendar, in their language: events (a series as one VEVENT with
     * RRULE), incomplete tasks with a due date, the school's events and the days off of the
     * schedule the student follows.
     */
    /** The school's events in the feed's window and the days off of the schedule the student follows (the CalDAV school calendar's too). */
    schoolPart: (userId: number) => schoolPartFor(userId),

    async calendarFor(userId: number, host: string, locale: Locale): Promise<string> {
      const [eventRows, taskRows, schoolPart] = await Promise.all([
        calendarFeeds.eventRows(userId),
        calendarFeeds.dueTaskRows(userId),
        schoolPartFor(userId),
      ]);
      return writeCalendar(
        eventRows.map((row: EventRow) => ({ ...toEvent(row), updatedAt: row.updated_at })),
        taskRows,
        schoolPart,
        host,
        locale,
      );
    },
  };

  /**
   * The school's events are everyone's, whichever schedule the student follows (as the agenda shows
   * them); the days off are those of the schedule the student follows (scheduleSource, as the
   * agenda reads it: "school" before anything is published means their own).
   */
  async function schoolPartFor(userId: number): Promise<SchoolPart> {
    const window = schoolFeedWindow(todayIn(timeZone, clock()));
    const [state, user, events] = await Promise.all([
      school.state(),
      calendarFeeds.scheduleOf(userId),
      school.rowsInRange(window.from, window.to),
    ]);
    const own = user?.school_schedule ? (JSON.parse(user.school_schedule) as SchoolSchedule) : null;
    const source = scheduleSourceOf(user?.schedule_source ?? null, own !== null, state.schedule !== null);
    const followsSchool = source === "school" && state.schedule !== null;
    const schedule = followsSchool ? state.schedule : own;
    const seen = new Set<string>();
    const daysOff = (schedule?.daysOff ?? []).filter((d) => {
      const key = `${d.from}/${d.to}`;
      if (d.to < window.from || d.from > window.to || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    return {
      events,
      daysOff,
      daysOffChangedAt: (followsSchool ? state.changedAt : user?.updated_at) ?? new Date(0).toISOString(),
      daysOffSequence: followsSchool ? state.version : (user?.data_version ?? 0),
    };
  }

  function writeCalendar(events: FeedEvent[], tasks: TaskRow[], schoolPart: SchoolPart, host: string, locale: Locale): string {
    const t = translator(locale);
    const calendar = ical({
      // The app's name, the same in every language.
      name: "Student Hub",
      prodId: { company: "Student Hub", product: "Calendar feed", language: locale.toUpperCase() },
      method: ICalCalendarMethod.PUBLISH,
      // VTIMEZONE for the zone the events name; no calendar zone, so UNTIL and DTSTAMP are in UTC.
      timezone: { name: null, generator: getVtimezoneComponent },
      ttl: 60 * 60,
    });
    const uid = (event: FeedEvent) => `event-${event.id}@${host}`;
    const byId = new Map(events.map((e) => [e.id, e]));
    const children = new Map<number, FeedEvent[]>();
    for (const e of events) if (e.parentEventId !== null) children.set(e.parentEventId, [...(children.get(e.parentEventId) ?? []), e]);

    for (const event of events) {
      if (event.isException) continue;
      const parent = event.parentEventId !== null ? byId.get(event.parentEventId) : undefined;
      // A changed occurrence ("this event only"): its series' VEVENT, overridden for that date.
      if (parent && event.recurring === "none" && event.originalDate) {
        const recurrenceId =
          parent.time === null
            ? (Temporal.PlainDate.from(event.originalDate) as never)
            : (zoned(event.originalDate, parent.time, timeZone) as never);
        calendar.createEvent({ ...eventData(event, uid(parent), locale), recurrenceId });
        continue;
      }
      const rule = feedRuleFor(event);
      if (!rule) {
        calendar.createEvent(eventData(event, uid(event), locale));
        continue;
      }
      // RFC 5545 counts DTSTART as the first occurrence: it is the series' first date by its own rule.
      const first = firstOccurrence(event);
      if (first === null) continue;
      const own = children.get(event.id) ?? [];
      const changed = new Set(own.filter((c) => !c.isException && c.recurring === "none").map((c) => c.originalDate));
      const removed = own.filter((c) => c.isException && !changed.has(c.exceptionDate)).map((c) => c.exceptionDate!);
      const data = eventData({ ...event, date: first }, uid(event), locale);
      const allDay = event.time === null;
      if (allDay && event.customEndDate) {
        // An all-day series that ends: its UNTIL must be a DATE (feed-rules.ts allDayRuleLine).
        const exdate = removed.length ? `\r\nEXDATE;VALUE=DATE:${removed.map((d) => d.replaceAll("-", "")).join(",")}` : "";
        calendar.createEvent({ ...data, repeating: `${allDayRuleLine(rule, event.customEndDate)}${exdate}` });
        continue;
      }
      calendar.createEvent({
        ...data,
        repeating: {
          freq: ICalEventRepeatingFreq[rule.freq],
          ...(rule.interval ? { interval: rule.interval } : {}),
          ...(rule.byDay ? { byDay: rule.byDay as ICalWeekday[] } : {}),
          ...(rule.byMonthDay ? { byMonthDay: rule.byMonthDay } : {}),
          ...(rule.startOfWeek ? { startOfWeek: rule.startOfWeek as ICalWeekday } : {}),
          // UNTIL in UTC: the end of the last date in the school's zone.
          ...(event.customEndDate ? { until: zoned(event.customEndDate, "23:59", timeZone) as never } : {}),
          ...(removed.length
            ? {
                exclude: removed.map((date) => (allDay ? Temporal.PlainDate.from(date) : zoned(date, event.time!, timeZone))) as never,
                excludeTimezone: timeZone,
              }
            : {}),
        },
      });
    }

    // Google ignores VTODO: a due task is an event "Due: …" (Spanish "Entrega: …"), all day without a due time.
    for (const task of tasks) {
      const base: Omit<ICalEventData, "start"> = {
        id: `task-${task.id}@${host}`,
        summary: t("server.feed_task_due", { title: task.title }),
        description: task.description ?? undefined,
        stamp: new Date(task.updated_at),
        lastModified: new Date(task.updated_at),
        sequence: sequenceOf(task.created_at, task.updated_at),
      };
      if (task.due_time === null) calendar.createEvent({ ...base, allDay: true, start: Temporal.PlainDate.from(task.due_date!) as never });
      else {
        const start = zoned(task.due_date!, task.due_time, timeZone);
        calendar.createEvent({ ...base, timezone: timeZone, start: start as never, end: start as never });
      }
    }

    // The school's events: "School" and the event's type as CATEGORIES; a multi-day one all day
    // across its dates, or at its time on each of them (as the agenda lists it on each date).
    for (const row of schoolPart.events) {
      const base: Omit<ICalEventData, "start"> = {
        id: `school-event-${row.id}@${host}`,
        summary: row.title,
        description: row.description ?? undefined,
        categories: [{ name: t("server.feed_school") }, { name: eventTypeName(row.event_type, locale) }],
        stamp: new Date(row.updated_at),
        lastModified: new Date(row.updated_at),
        sequence: sequenceOf(row.created_at, row.updated_at),
      };
      if (row.time === null) {
        const end = row.end_date ? { end: Temporal.PlainDate.from(row.end_date).add({ days: 1 }) as never } : {};
        calendar.createEvent({ ...base, allDay: true, start: Temporal.PlainDate.from(row.date) as never, ...end });
        continue;
      }
      const start = zoned(row.date, row.time, timeZone);
      calendar.createEvent({
        ...base,
        timezone: timeZone,
        start: start as never,
        end: start.add({ minutes: EVENT_MINUTES }) as never,
        ...(row.end_date
          ? { repeating: { freq: ICalEventRepeatingFreq.DAILY, until: zoned(row.end_date, "23:59", timeZone) as never } }
          : {}),
      });
    }

    // Days off: "No school: {label}" ("Sin clases: …"), all day from the first date to the last.
    for (const dayOff of schoolPart.daysOff) {
      calendar.createEvent({
        id: `day-off-${dayOff.from}-${dayOff.to}@${host}`,
        summary: t("calendar.no_school", { label: dayOff.label }),
        allDay: true,
        start: Temporal.PlainDate.from(dayOff.from) as never,
        end: Temporal.PlainDate.from(dayOff.to).add({ days: 1 }) as never,
        stamp: new Date(schoolPart.daysOffChangedAt),
        lastModified: new Date(schoolPart.daysOffChangedAt),
        sequence: schoolPart.daysOffSequence,
      });
    }
    return calendar.toString();
  }
}
export type CalendarFeedService = ReturnType<typeof createCalendarFeedService>;
