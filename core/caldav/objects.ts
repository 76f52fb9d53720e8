import { feedRuleFor, type FeedRule } from "../calendar/feed-rules";
import { firstOccurrence, occursOn } from "../calendar/recurrence";
import { addDaysToDate, clockTimeIn, minutesOfDay, timeOfDay, todayIn } from "../dates";
import { messageRef } from "../i18n/translate";
import { zonedInstant } from "../reminders";
import { type CalendarEvent, EVENT_TYPES, type EventType } from "../schemas/event";
import type { Task } from "../schemas/task";
import { type ObjectRefusal, type SeriesFields, seriesFromRule } from "./event-rules";
import { component, escapeText, type IcalComponent, type IcalProperty, property, unescapeText } from "./icalendar";

/**
 * The app's tasks and events as CalDAV objects (issue 52, decision 133): a task is a VTODO; a
 * series is one object, its VEVENT with RRULE, its removed dates as EXDATE and its changed dates as
 * VEVENTs with RECURRENCE-ID; times in the school's zone (the caller adds its VTIMEZONE).
 */

/** Where and how objects are written: the UIDs' domain and the school's time zone. */
export interface ObjectContext {
  host: string;
  timeZone: string;
}

/** Events without an end take an hour, as the calendar feed and the study plan count them. */
export const DEFAULT_EVENT_MINUTES = 60;

const PRODID = "-//Student Hub//CalDAV//EN";

/** "2026-11-30T21:00:00.000Z" → 20261130T210000Z. */
export function utcStamp(iso: string): string {
  return new Date(iso)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}
const dateValue = (date: string) => date.replaceAll("-", "");
const localValue = (date: string, time: string) => `${dateValue(date)}T${time.replace(":", "")}00`;

function calendar(components: IcalComponent[]): IcalComponent {
  return component("VCALENDAR", [property("VERSION", "2.0"), property("PRODID", PRODID), property("CALSCALE", "GREGORIAN")], components);
}

/** A date, or a wall-clock time of the school's zone, as a DTSTART/DUE/RECURRENCE-ID-like property. */
function when(name: string, date: string, time: string | null, timeZone: string): IcalProperty {
  return time === null ? property(name, dateValue(date), { VALUE: "DATE" }) : property(name, localValue(date, time), { TZID: timeZone });
}

export const taskUid = (id: number, host: string) => `task-${id}@${host}`;
export const eventUid = (id: number, host: string) => `event-${id}@${host}`;

/** PRIORITY (RFC 5545 §3.8.1.9): 1 high, 5 medium, 9 low. */
const PRIORITY_VALUE = { high: "1", medium: "5", low: "9" } as const;

/** A task as its object: one VTODO. */
export function taskObject(
  task: Task & { updatedAt: string; completedAt: string | null },
  context: ObjectContext,
  client?: { uid: string; kept: KeptParts },
): IcalComponent {
  const properties = [
    property("UID", client?.uid ?? taskUid(task.id, context.host)),
    property("DTSTAMP", utcStamp(task.updatedAt)),
    property("CREATED", utcStamp(task.createdAt)),
    property("LAST-MODIFIED", utcStamp(task.updatedAt)),
    property("SUMMARY", escapeText(task.title)),
  ];
  if (task.description) properties.push(property("DESCRIPTION", escapeText(task.description)));
  if (task.dueDate) properties.push(when("DUE", task.dueDate, task.dueTime, context.timeZone));
  properties.push(property("PRIORITY", PRIORITY_VALUE[task.priority]));
  properties.push(property("STATUS", task.completed ? "COMPLETED" : "NEEDS-ACTION"));
  if (task.completed && task.completedAt) properties.push(property("COMPLETED", utcStamp(task.completedAt)));
  if (task.subject) properties.push(property("CATEGORIES", escapeText(task.subject)));
  // What a client wrote that the app does not keep goes back to it as it came.
  if (client) properties.push(...client.kept.properties);
  return calendar([component("VTODO", properties, client?.kept.components ?? [])]);
}

type StoredEvent = CalendarEvent & { updatedAt: string };

/** RRULE's value for a rule of ours, ending at `until` (a DATE or a UTC DATE-TIME) when the series ends. */
function ruleValue(rule: FeedRule, until: string | null): string {
  const parts = [`FREQ=${rule.freq}`];
  if (rule.interval) parts.push(`INTERVAL=${rule.interval}`);
  if (until) parts.push(`UNTIL=${until}`);
  if (rule.byDay) parts.push(`BYDAY=${rule.byDay.join(",")}`);
  if (rule.byMonthDay) parts.push(`BYMONTHDAY=${rule.byMonthDay.join(",")}`);
  if (rule.startOfWeek) parts.push(`WKST=${rule.startOfWeek}`);
  return parts.join(";");
}

/** SEQUENCE: the seconds between an item's creation and its last change, so every change raises it. */
export function sequenceOf(createdAt: string, updatedAt: string): number {
  return Math.max(0, Math.floor((Date.parse(updatedAt) - Date.parse(createdAt)) / 1000));
}

/** What an event's CATEGORIES say: its subject in a CalDAV object (read back as the subject); the calendar feed names its type. */
export type CategoriesOf = (event: CalendarEvent) => string[];
const subjectCategory: CategoriesOf = (event) => (event.subject ? [event.subject] : []);

/** DTSTART and DTEND of one date: all day to the next day, or from `time` to `endTime` (an hour when it has none) in the school's zone. */
function span(date: string, time: string | null, endTime: string | null, context: ObjectContext): IcalProperty[] {
  if (time === null) return [when("DTSTART", date, null, context.timeZone), when("DTEND", addDaysToDate(date, 1), null, context.timeZone)];
  const startMinutes = minutesOfDay(time);
  const endMinutes = endTime ? minutesOfDay(endTime) : startMinutes + DEFAULT_EVENT_MINUTES;
  const endDate = endMinutes >= 24 * 60 ? addDaysToDate(date, 1) : date;
  return [when("DTSTART", date, time, context.timeZone), when("DTEND", endDate, timeOfDay(endMinutes % (24 * 60)), context.timeZone)];
}

/** The VEVENT fields every event of ours has: what, when (from `date`), until when, and its type. */
function eventFields(event: StoredEvent, uid: string, date: string, context: ObjectContext, categoriesOf: CategoriesOf): IcalProperty[] {
  const properties = [
    property("UID", uid),
    property("DTSTAMP", utcStamp(event.updatedAt)),
    property("CREATED", utcStamp(event.createdAt)),
    property("LAST-MODIFIED", utcStamp(event.updatedAt)),
    property("SEQUENCE", String(sequenceOf(event.createdAt, event.updatedAt))),
    property("SUMMARY", escapeText(event.title)),
  ];
  if (event.description) properties.push(property("DESCRIPTION", escapeText(event.description)));
  properties.push(...span(date, event.time, event.endTime, context));
  const categories = categoriesOf(event);
  if (categories.length) properties.push(property("CATEGORIES", categories.map(escapeText).join(",")));
  properties.push(property("X-STUDENT-HUB-TYPE", event.eventType));
  return properties;
}

/** Whether an event is a changed date of its series (written inside the series' object). */
export const isOverride = (event: CalendarEvent) =>
  event.parentEventId !== null && !event.isException && event.recurring === "none" && event.originalDate !== null;

/** Whether an event is an object of its own: not a removed date and not a changed date of a series. */
export const isObjectEvent = (event: CalendarEvent) => !event.isException && !isOverride(event);

/**
 * A series (or a one-off event) as VEVENTs: its own; for a series, with its RRULE (UNTIL the end of
 * its last date) and its removed dates as EXDATE, then each changed date as a VEVENT with
 * RECURRENCE-ID. `children` are the rows whose parent it is. None for a series with no dates at all.
 * A client's object keeps its UID and gets back, on each VEVENT, what it wrote that the app does not keep.
 */
export function eventComponents(
  event: StoredEvent,
  children: readonly StoredEvent[],
  context: ObjectContext,
  options: { client?: { uid: string; kept: KeptParts }; categoriesOf?: CategoriesOf } = {},
): IcalComponent[] {
  const { client, categoriesOf = subjectCategory } = options;
  const uid = client?.uid ?? eventUid(event.id, context.host);
  const withKept = (properties: IcalProperty[], kept: KeptParts | undefined) =>
    component("VEVENT", kept ? [...properties, ...kept.properties] : properties, kept?.components ?? []);
  const rule = feedRuleFor(event);
  if (!rule) return [withKept(eventFields(event, uid, event.date, context, categoriesOf), client?.kept)];
  // RFC 5545 counts DTSTART as the first occurrence: the series' first date by its own rule.
  const first = firstOccurrence(event);
  if (first === null) return [];
  const overrides = children.filter(isOverride);
  const changed = new Set(overrides.map((c) => c.originalDate));
  const removed = children.filter((c) => c.isException && c.exceptionDate && !changed.has(c.exceptionDate)).map((c) => c.exceptionDate!);
  const allDay = event.time === null;
  const until = event.customEndDate
    ? allDay
      ? dateValue(event.customEndDate)
      : utcStamp(new Date(zonedInstant(event.customEndDate, "23:59", context.timeZone)).toISOString())
    : null;
  const master = eventFields(event, uid, first, context, categoriesOf);
  master.push(property("RRULE", ruleValue(rule, until)));
  for (const date of removed) master.push(when("EXDATE", date, event.time, context.timeZone));
  const components = [withKept(master, client?.kept)];
  for (const override of overrides) {
    const fields = eventFields(override, uid, override.date, context, categoriesOf);
    fields.push(when("RECURRENCE-ID", override.originalDate!, event.time, context.timeZone));
    components.push(withKept(fields, client?.kept.changed?.[override.originalDate!]));
  }
  return components;
}

/** A series (or a one-off event) as its CalDAV object; null for a series with no dates at all. */
export function eventObject(
  event: StoredEvent,
  children: readonly StoredEvent[],
  context: ObjectContext,
  client?: { uid: string; kept: KeptParts },
): IcalComponent | null {
  const components = eventComponents(event, children, context, client ? { client } : {});
  return components.length ? calendar(components) : null;
}

/** A school event of the school's calendar: "School" and its type as CATEGORIES, all day or at its time on each of its days. */
export function schoolEventComponent(
  row: {
    id: number;
    title: string;
    description: string | null;
    date: string;
    endDate: string | null;
    time: string | null;
    createdAt: string;
    updatedAt: string;
    typeName: string;
    schoolName: string;
  },
  context: ObjectContext,
): IcalComponent {
  const properties = [
    property("UID", `school-event-${row.id}@${context.host}`),
    property("DTSTAMP", utcStamp(row.updatedAt)),
    property("LAST-MODIFIED", utcStamp(row.updatedAt)),
    property("SEQUENCE", String(sequenceOf(row.createdAt, row.updatedAt))),
    property("SUMMARY", escapeText(row.title)),
  ];
  if (row.description) properties.push(property("DESCRIPTION", escapeText(row.description)));
  properties.push(property("CATEGORIES", `${escapeText(row.schoolName)},${escapeText(row.typeName)}`));
  if (row.time === null) {
    properties.push(
      when("DTSTART", row.date, null, context.timeZone),
      when("DTEND", addDaysToDate(row.endDate ?? row.date, 1), null, context.timeZone),
    );
  } else {
    properties.push(...span(row.date, row.time, null, context));
    if (row.endDate) {
      properties.push(
        property("RRULE", `FREQ=DAILY;UNTIL=${utcStamp(new Date(zonedInstant(row.endDate, "23:59", context.timeZone)).toISOString())}`),
      );
    }
  }
  return component("VEVENT", properties);
}

/** A day off of the schedule the student follows: all day from its first date to its last. */
export function dayOffComponent(
  dayOff: { from: string; to: string; summary: string; changedAt: string; sequence: number },
  context: ObjectContext,
): IcalComponent {
  return component("VEVENT", [
    property("UID", `day-off-${dayOff.from}-${dayOff.to}@${context.host}`),
    property("DTSTAMP", utcStamp(dayOff.changedAt)),
    property("LAST-MODIFIED", utcStamp(dayOff.changedAt)),
    property("SEQUENCE", String(dayOff.sequence)),
    property("SUMMARY", escapeText(dayOff.summary)),
    when("DTSTART", dayOff.from, null, context.timeZone),
    when("DTEND", addDaysToDate(dayOff.to, 1), null, context.timeZone),
  ]);
}

/** One member of the school's calendar as its CalDAV object. */
export const schoolObject = (member: IcalComponent): IcalComponent => calendar([member]);

/**
 * A task due, as the calendar feed writes it (Google ignores VTODO): an event named by `summary`
 * ("Due: Essay"), all day, or at its due time.
 */
export function dueTaskComponent(
  task: { id: number; description: string | null; dueDate: string; dueTime: string | null; createdAt: string; updatedAt: string },
  summary: string,
  context: ObjectContext,
): IcalComponent {
  const properties = [
    property("UID", taskUid(task.id, context.host)),
    property("DTSTAMP", utcStamp(task.updatedAt)),
    property("LAST-MODIFIED", utcStamp(task.updatedAt)),
    property("SEQUENCE", String(sequenceOf(task.createdAt, task.updatedAt))),
    property("SUMMARY", escapeText(summary)),
  ];
  if (task.description) properties.push(property("DESCRIPTION", escapeText(task.description)));
  properties.push(when("DTSTART", task.dueDate, task.dueTime, context.timeZone));
  properties.push(
    task.dueTime === null
      ? when("DTEND", addDaysToDate(task.dueDate, 1), null, context.timeZone)
      : when("DTEND", task.dueDate, task.dueTime, context.timeZone),
  );
  return component("VEVENT", properties);
}

/**
 * The calendar feed (decision 092): one published VCALENDAR holding every member, named, in the
 * reader's language (PRODID), and asking apps to look again every `refreshMinutes`.
 */
export function feedCalendar(components: IcalComponent[], feed: { name: string; language: string; refreshMinutes: number }): IcalComponent {
  const every = `PT${feed.refreshMinutes}M`;
  return component(
    "VCALENDAR",
    [
      property("VERSION", "2.0"),
      property("PRODID", `-//Student Hub//Calendar feed//${feed.language.toUpperCase()}`),
      property("CALSCALE", "GREGORIAN"),
      property("METHOD", "PUBLISH"),
      property("X-WR-CALNAME", escapeText(feed.name)),
      property("REFRESH-INTERVAL", every, { VALUE: "DURATION" }),
      property("X-PUBLISHED-TTL", every),
    ],
    components,
  );
}

/** What a client's object says that the app does not keep (an alarm, a URL, an X- property): written back as it came. */
export interface KeptParts {
  properties: IcalProperty[];
  components: IcalComponent[];
  /** A series' changed dates' own, by the date each replaces. */
  changed?: Record<string, KeptParts>;
}

export type { ObjectRefusal };

/** The task fields a VTODO sets (the app's own, such as its reminder and time needed, are the app's). */
export interface TaskFields {
  title: string;
  description: string | null;
  subject: string | null;
  dueDate: string | null;
  dueTime: string | null;
  priority: "low" | "medium" | "high";
  completed: boolean;
}

/** Properties every mapping reads or writes itself (the object's identity, stamps, what and its subject). */
const OWN_PROPERTIES = ["UID", "DTSTAMP", "CREATED", "LAST-MODIFIED", "SEQUENCE", "SUMMARY", "DESCRIPTION", "CATEGORIES"];
/** Properties the task mapping reads or writes itself; every other one is kept as the client sent it. */
const TASK_PROPERTIES = new Set([...OWN_PROPERTIES, "DUE", "PRIORITY", "STATUS", "COMPLETED", "PERCENT-COMPLETE"]);

function isKnownZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * A DATE or DATE-TIME value as the school's date and time (null for a DATE): UTC ("Z") and any
 * time zone the platform knows are converted to the school's; a floating time, or a zone it does
 * not know (a client's private VTIMEZONE), is read as the school's own.
 */
export function schoolDateTime(value: IcalProperty, schoolZone: string): { date: string; time: string | null } | null {
  const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$/.exec(value.value.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, , utc] = match;
  const date = `${y}-${mo}-${d}`;
  if (h === undefined || value.params.VALUE === "DATE") return { date, time: null };
  const wall = `${h}:${mi}`;
  const zone = utc ? "UTC" : value.params.TZID;
  if (!zone || zone === schoolZone || !isKnownZone(zone)) return { date, time: wall };
  const instant = new Date(zonedInstant(date, wall, zone));
  return { date: todayIn(schoolZone, instant), time: clockTimeIn(schoolZone, instant) };
}

/** PRIORITY (RFC 5545): 1-4 high, 5 (or none, 0) medium, 6-9 low. */
function priorityOf(value: string | undefined): TaskFields["priority"] {
  const n = Number(value ?? "0");
  if (n >= 1 && n <= 4) return "high";
  if (n >= 6 && n <= 9) return "low";
  return "medium";
}

/** CATEGORIES' first value, unescaped (a list is split at unescaped commas). */
function firstCategory(value: string | undefined): string | null {
  if (value === undefined) return null;
  const first = value.split(/(?<!\\),/)[0]!;
  return unescapeText(first).trim() || null;
}

/** A client's VTODO as the task's fields, its UID, and what the app keeps for it unread; or why it cannot be one. */
export function taskFromObject(
  calendar: IcalComponent,
  schoolZone: string,
): { uid: string; fields: TaskFields; kept: KeptParts } | ObjectRefusal {
  const todos = calendar.components.filter((c) => c.name === "VTODO");
  const others = calendar.components.filter((c) => c.name !== "VTODO" && c.name !== "VTIMEZONE");
  if (todos.length !== 1 || others.length > 0) return { refused: messageRef("caldav.refused_not_a_task") };
  const todo = todos[0]!;
  const get = (name: string) => todo.properties.find((p) => p.name === name);
  const uid = get("UID")?.value.trim();
  if (!uid) return { refused: messageRef("caldav.refused_no_uid") };
  const title = get("SUMMARY") ? unescapeText(get("SUMMARY")!.value).trim() : "";
  if (!title) return { refused: messageRef("caldav.refused_no_title") };
  const due = get("DUE");
  const when = due ? schoolDateTime(due, schoolZone) : null;
  if (due && !when) return { refused: messageRef("caldav.refused_bad_due") };
  const description = get("DESCRIPTION") ? unescapeText(get("DESCRIPTION")!.value) : "";
  return {
    uid,
    fields: {
      title,
      description: description.trim() ? description : null,
      subject: firstCategory(get("CATEGORIES")?.value),
      dueDate: when?.date ?? null,
      dueTime: when?.time ?? null,
      priority: priorityOf(get("PRIORITY")?.value),
      completed: get("STATUS")?.value.trim().toUpperCase() === "COMPLETED" || get("COMPLETED") !== undefined,
    },
    kept: { properties: todo.properties.filter((p) => !TASK_PROPERTIES.has(p.name)), components: todo.components },
  };
}

/** The event fields a VEVENT sets; the app's own (its reminder, an exam's revision time) are the app's. */
export interface EventFields {
  title: string;
  description: string | null;
  subject: string | null;
  date: string;
  time: string | null;
  /** Null when the object gives no end, or the hour the app writes for an event without one. */
  endTime: string | null;
  /** X-STUDENT-HUB-TYPE, the type the app wrote; null when the object does not say. */
  eventType: EventType | null;
  recurring: SeriesFields["recurring"];
  customDays: string[];
  customEndDate: string | null;
}

/** A client's event object read: the series (or one-off), its removed dates, its changed dates. */
export interface EventFromObject {
  uid: string;
  fields: EventFields;
  /** EXDATEs (and changed dates a client marked CANCELLED), as the school's dates. */
  removed: string[];
  /** RECURRENCE-ID overrides: the date each replaces, and what that date is now. */
  changed: { originalDate: string; fields: EventFields }[];
  kept: KeptParts;
}

/** Properties the event mapping reads or writes itself; every other one is kept as the client sent it. */
const EVENT_PROPERTIES = new Set([
  ...OWN_PROPERTIES,
  "DTSTART",
  "DTEND",
  "DURATION",
  "RRULE",
  "EXDATE",
  "RECURRENCE-ID",
  "X-STUDENT-HUB-TYPE",
]);

/** DURATION (RFC 5545 §3.3.6) in minutes, or null when it is not one. */
function durationMinutes(value: string): number | null {
  const match = /^([+-])?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(value.trim());
  if (!match || value.trim().endsWith("T") || value.trim() === "P") return null;
  const [, sign, w, d, h, m, sec] = match;
  const minutes =
    Number(w ?? 0) * 7 * 1440 + Number(d ?? 0) * 1440 + Number(h ?? 0) * 60 + Number(m ?? 0) + Math.floor(Number(sec ?? 0) / 60);
  return sign === "-" ? -minutes : minutes;
}

/** Minutes from `date` 00:00 to a school date and time (days apart count whole days). */
const minutesFrom = (date: string, at: { date: string; time: string | null }) =>
  Math.round((Date.parse(at.date) - Date.parse(date)) / 86_400_000) * 1440 + (at.time === null ? 0 : minutesOfDay(at.time));

/** One VEVENT's what and when, as the school's date, time and end; or why the app cannot keep it. */
function eventPartOf(
  vevent: IcalComponent,
  schoolZone: string,
  inherit?: EventFields,
): Omit<EventFields, "recurring" | "customDays" | "customEndDate"> | ObjectRefusal {
  const get = (name: string) => vevent.properties.find((p) => p.name === name);
  const summary = get("SUMMARY") ? unescapeText(get("SUMMARY")!.value).trim() : "";
  const title = summary || inherit?.title || "";
  if (!title) return { refused: messageRef("caldav.refused_no_event_title") };
  const startProperty = get("DTSTART");
  const start = startProperty ? schoolDateTime(startProperty, schoolZone) : null;
  if (!start) return { refused: messageRef("caldav.refused_bad_start") };
  const endProperty = get("DTEND");
  const duration = get("DURATION") ? durationMinutes(get("DURATION")!.value) : 0;
  if (duration === null) return { refused: messageRef("caldav.refused_bad_end") };
  let endTime: string | null = null;
  if (start.time === null) {
    // An all-day event is one date: DTEND the next day (or none), or a DURATION of a day.
    const end = endProperty ? schoolDateTime(endProperty, schoolZone) : null;
    if (endProperty && !end) return { refused: messageRef("caldav.refused_bad_end") };
    const days = end ? minutesFrom(start.date, end) / 1440 : duration / 1440;
    if (days > 1) return { refused: messageRef("caldav.refused_several_days") };
  } else {
    const startMinutes = minutesOfDay(start.time);
    let endMinutes = startMinutes + duration;
    if (endProperty) {
      const end = schoolDateTime(endProperty, schoolZone);
      if (!end) return { refused: messageRef("caldav.refused_bad_end") };
      endMinutes = minutesFrom(start.date, end);
    }
    // The hour the app writes for an event without an end reads back as none; an end the same day is kept.
    if (endMinutes > startMinutes && endMinutes !== startMinutes + DEFAULT_EVENT_MINUTES) {
      if (endMinutes >= 24 * 60) return { refused: messageRef("caldav.refused_several_days") };
      endTime = timeOfDay(endMinutes);
    }
  }
  const description = get("DESCRIPTION") ? unescapeText(get("DESCRIPTION")!.value) : (inherit?.description ?? "");
  const type = get("X-STUDENT-HUB-TYPE")?.value.trim().toLowerCase();
  return {
    title,
    description: description.trim() ? description : null,
    subject: get("CATEGORIES") ? firstCategory(get("CATEGORIES")!.value) : (inherit?.subject ?? null),
    date: start.date,
    time: start.time,
    endTime,
    eventType: EVENT_TYPES.find((t) => t === type) ?? inherit?.eventType ?? null,
  };
}

/** The dates of EXDATE properties (each may list several), as the school's dates. */
function exdates(vevent: IcalComponent, schoolZone: string): string[] | ObjectRefusal {
  const dates: string[] = [];
  for (const property of vevent.properties.filter((p) => p.name === "EXDATE")) {
    for (const value of property.value.split(",")) {
      const at = schoolDateTime({ ...property, value }, schoolZone);
      if (!at) return { refused: messageRef("caldav.refused_bad_exdate") };
      dates.push(at.date);
    }
  }
  return dates;
}

/**
 * A client's VEVENT object as an event of the app, its UID, its removed and changed dates, and what
 * the app keeps for it unread; or why it cannot be one (decision 133 lists what is refused).
 */
export function eventFromObject(calendar: IcalComponent, schoolZone: string): EventFromObject | ObjectRefusal {
  const vevents = calendar.components.filter((c) => c.name === "VEVENT");
  const others = calendar.components.filter((c) => c.name !== "VEVENT" && c.name !== "VTIMEZONE");
  if (vevents.length === 0 || others.length > 0) return { refused: messageRef("caldav.refused_not_an_event") };
  const uid = vevents[0]!.properties.find((p) => p.name === "UID")?.value.trim();
  if (!uid || vevents.some((v) => v.properties.find((p) => p.name === "UID")?.value.trim() !== uid)) {
    return { refused: messageRef("caldav.refused_no_uid") };
  }
  const masters = vevents.filter((v) => !v.properties.some((p) => p.name === "RECURRENCE-ID"));
  if (masters.length !== 1) return { refused: messageRef("caldav.refused_no_series") };
  const master = masters[0]!;
  const keep = (v: IcalComponent): KeptParts => ({
    properties: v.properties.filter((p) => !EVENT_PROPERTIES.has(p.name)),
    components: v.components,
  });
  for (const name of ["RDATE", "EXRULE"])
    if (master.properties.some((p) => p.name === name)) return { refused: messageRef("caldav.refused_rule", { rule: name }) };

  const part = eventPartOf(master, schoolZone);
  if ("refused" in part) return part;
  const rrules = master.properties.filter((p) => p.name === "RRULE");
  if (rrules.length > 1) return { refused: messageRef("caldav.refused_rule", { rule: "RRULE" }) };
  let series: SeriesFields = { recurring: "none", customDays: [], customEndDate: null };
  if (rrules.length === 1) {
    const read = seriesFromRule(rrules[0]!.value, part, (value) => schoolDateTime(property("UNTIL", value), schoolZone));
    if ("refused" in read) return read;
    series = read;
  }
  const fields: EventFields = { ...part, ...series };
  const removed = exdates(master, schoolZone);
  if ("refused" in removed) return removed;

  const changed: EventFromObject["changed"] = [];
  const kept = keep(master);
  for (const vevent of vevents.filter((v) => v !== master)) {
    if (series.recurring === "none") return { refused: messageRef("caldav.refused_override_not_in_series") };
    const recurrenceId = vevent.properties.find((p) => p.name === "RECURRENCE-ID")!;
    if (recurrenceId.params.RANGE) return { refused: messageRef("caldav.refused_rule", { rule: `RANGE=${recurrenceId.params.RANGE}` }) };
    const original = schoolDateTime(recurrenceId, schoolZone);
    if (!original || !occursOn({ date: fields.date, ...series }, original.date) || changed.some((c) => c.originalDate === original.date)) {
      return { refused: messageRef("caldav.refused_override_not_in_series") };
    }
    // A date a client cancelled (STATUS:CANCELLED) is a removed date.
    if (
      vevent.properties
        .find((p) => p.name === "STATUS")
        ?.value.trim()
        .toUpperCase() === "CANCELLED"
    ) {
      removed.push(original.date);
      continue;
    }
    const own = eventPartOf(vevent, schoolZone, fields);
    if ("refused" in own) return own;
    changed.push({ originalDate: original.date, fields: { ...own, recurring: "none", customDays: [], customEndDate: null } });
    const parts = keep(vevent);
    if (parts.properties.length || parts.components.length) kept.changed = { ...kept.changed, [original.date]: parts };
  }
  return { uid, fields, removed: [...new Set(removed)].filter((d) => !changed.some((c) => c.originalDate === d)), changed, kept };
}
