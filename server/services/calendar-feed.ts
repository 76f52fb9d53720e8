import { createHash, createHmac, randomBytes } from "node:crypto";
import {
  dayOffComponent,
  dueTaskComponent,
  eventComponents,
  feedCalendar,
  isObjectEvent,
  type ObjectContext,
  schoolEventComponent,
} from "../../core/caldav/objects";
import { todayIn } from "../../core/dates";
import { daysFromCivil, formatDayNumber } from "../../core/day-numbers";
import type { DayOff, SchoolSchedule } from "../../core/school-day";
import type { Locale } from "../../core/i18n/locale";
import type { CalendarEvent } from "../../core/schemas/event";
import { translator, userLocale } from "../i18n";
import type { EventRow, SchoolEventRow, TaskRow } from "../db/schema";
import type { CalendarFeedsRepository } from "../repositories/calendar-feeds";
import { toEvent } from "../repositories/events";
import { type SchoolRepository, toSchoolEvent } from "../repositories/school";
import type { SettingsRepository } from "../repositories/settings";
import { icalWithTimeZone } from "../caldav/time-zone";
import { scheduleSourceOf } from "./preferences";
import { eventTypeName } from "./reminder-words";

/** The server secret feed tokens are made with (app_settings, get-or-create: every instance agrees). */
export const FEED_SECRET_SETTING = "calendarFeedSecret";
/** Bumped when the feed's writing changes, so calendar apps fetch it again (part of the ETag). 3: the CalDAV objects' writer, events' own ends. */
const FEED_FORMAT = 3;

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

/**
 * The calendar feed (docs/product.md#calendar-feed, decision 092): the secret address of each
 * student's feed, and the iCalendar it answers, written by core/caldav/objects.ts like the CalDAV objects.
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
    schoolMembers,

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

  /** The school's part as members of a calendar, each beside what it was made from, in the reader's language. */
  function schoolMembers(part: SchoolPart, locale: Locale, context: ObjectContext) {
    const t = translator(locale);
    return {
      events: part.events.map((row) => ({
        row,
        member: schoolEventComponent(
          {
            ...toSchoolEvent(row),
            createdAt: row.created_at,
            updatedAt: row.updated_at,
            typeName: eventTypeName(row.event_type, locale),
            schoolName: t("server.feed_school"),
          },
          context,
        ),
      })),
      daysOff: part.daysOff.map((dayOff) => {
        // "No school: {label}" ("Sin clases: …"), all day from the first date to the last.
        const summary = t("calendar.no_school", { label: dayOff.label });
        const member = dayOffComponent(
          { from: dayOff.from, to: dayOff.to, summary, changedAt: part.daysOffChangedAt, sequence: part.daysOffSequence },
          context,
        );
        return { dayOff, summary, member };
      }),
    };
  }

  /**
   * The feed's VCALENDAR, written by the CalDAV objects' writer (core/caldav/objects.ts): a series is
   * one VEVENT with RRULE, EXDATE and its changed dates, CATEGORIES naming the event's type; a due
   * task is an event "Due: …" (Google ignores VTODO); then the school's events and days off.
   */
  function writeCalendar(events: FeedEvent[], tasks: TaskRow[], schoolPart: SchoolPart, host: string, locale: Locale): string {
    const t = translator(locale);
    const context = { host, timeZone };
    const children = new Map<number, FeedEvent[]>();
    for (const e of events) if (e.parentEventId !== null) children.set(e.parentEventId, [...(children.get(e.parentEventId) ?? []), e]);
    const categoriesOf = (event: CalendarEvent) => [eventTypeName(event.eventType, locale)];
    const members = events
      .filter(isObjectEvent)
      .flatMap((event) => eventComponents(event, children.get(event.id) ?? [], context, { categoriesOf }));
    for (const task of tasks) {
      members.push(
        dueTaskComponent(
          {
            id: task.id,
            description: task.description,
            dueDate: task.due_date!,
            dueTime: task.due_time,
            createdAt: task.created_at,
            updatedAt: task.updated_at,
          },
          t("server.feed_task_due", { title: task.title }),
          context,
        ),
      );
    }
    const school = schoolMembers(schoolPart, locale, context);
    members.push(...school.events.map((e) => e.member), ...school.daysOff.map((d) => d.member));
    // The app's name, the same in every language.
    return icalWithTimeZone(feedCalendar(members, { name: "Student Hub", language: locale, refreshMinutes: 60 }), timeZone);
  }
}
export type CalendarFeedService = ReturnType<typeof createCalendarFeedService>;
