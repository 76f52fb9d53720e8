import ICAL from "ical.js";
import { addDaysToDate, todayIn, zonedParts } from "../../core/dates";
import { zonedInstant } from "../../core/reminders";
import { TASK_DESCRIPTION_MAX, TASK_SUBJECT_MAX, TASK_TITLE_MAX } from "../../core/schemas/task";

/**
 * Reading an LMS calendar feed (Canvas, Schoology, Google Calendar's secret iCal address) into the
 * items Student Hub imports (decision 117). Bounded: at most FEED_ITEM_LIMIT items, a series
 * expanded only inside the next 12 months.
 */

export const FEED_ITEM_LIMIT = 10_000;
/**
 * Occurrences looked at across a feed's series, those before today included: a minutely series
 * that began years ago must not hold the server expanding the past.
 */
const EXPANSION_STEPS = 50_000;
/** How far ahead a repeating item is expanded, in days. */
const EXPANSION_DAYS = 366;

/** One dated item of a feed, in the school's time zone. */
export interface FeedItem {
  /** The feed's UID (with the occurrence's start for one occurrence of a series): how refreshes find the task again. */
  uid: string;
  title: string;
  /** The course the LMS names, when it names one. */
  course: string | null;
  dueDate: string;
  /** Null for an all-day due date. */
  dueTime: string | null;
  /** The item's page in the LMS. */
  url: string | null;
  /** An assignment (or a to-do), as opposed to a meeting or a school event. */
  assignment: boolean;
}

export interface ParsedFeed {
  name: string | null;
  items: FeedItem[];
}

export type FeedParseFailure = "not_calendar" | "too_many_items";

export class FeedParseError extends Error {
  constructor(readonly reason: FeedParseFailure) {
    super(reason);
  }
}

type Time = InstanceType<typeof ICAL.Time>;
type Component = InstanceType<typeof ICAL.Component>;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const pad = (n: number) => String(n).padStart(2, "0");

/** A feed time as a date and time in the school's zone (a date alone for an all-day one). */
function schoolDateTime(time: Time, zones: Map<string, InstanceType<typeof ICAL.Timezone>>, schoolZone: string) {
  const date = `${String(time.year).padStart(4, "0")}-${pad(time.month)}-${pad(time.day)}`;
  if (time.isDate) return { dueDate: date, dueTime: null };
  const wall = `${pad(time.hour)}:${pad(time.minute)}`;
  // ical.js names the zone of a TZID-qualified time on `zone` (registered or not), "floating" when there is none.
  const tzid = time.zone?.tzid || "floating";
  let instant: number;
  if (time.zone === ICAL.Timezone.utcTimezone || tzid === "UTC" || tzid === "Z") {
    instant = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
  } else if (tzid !== "floating" && isTimeZone(tzid)) {
    // An IANA name (Google's and Canvas's exports): the platform's own rules, not the feed's copy of them.
    instant = zonedInstant(date, wall, tzid);
  } else if (zones.has(tzid)) {
    // A custom TZID with its VTIMEZONE (Outlook-style names): the feed's rules.
    const offsetSeconds = zones.get(tzid)!.utcOffset(time);
    instant = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second) - offsetSeconds * 1000;
  } else {
    // Floating time: the school's wall clock.
    return { dueDate: date, dueTime: wall };
  }
  const parts = zonedParts(new Date(instant), schoolZone);
  return { dueDate: `${parts.year}-${pad(parts.month)}-${pad(parts.day)}`, dueTime: `${pad(parts.hour)}:${pad(parts.minute)}` };
}

/** Canvas writes "Essay 2 [ENGL 101 - English 9]": the title and the course. */
function splitCanvasTitle(summary: string): { title: string; course: string | null } {
  const match = /^(.*\S)\s*\[([^[\]]+)\]\s*$/.exec(summary);
  return match ? { title: match[1]!, course: match[2]!.trim() } : { title: summary, course: null };
}

function firstUrl(text: string): string | null {
  const match = /https?:\/\/[^\s<>"]+/.exec(text);
  return match ? match[0] : null;
}

/** Whether a component is homework: a VTODO, or the assignment shapes of Canvas, Schoology and Google Classroom. */
function isAssignment(component: Component, uid: string, url: string | null): boolean {
  if (component.name === "vtodo") return true;
  if (/^event-assignment-/i.test(uid)) return true; // Canvas
  if (url && /\/assignments?\/\d+/i.test(url)) return true; // Canvas and Schoology links
  if (url && /classroom\.google\.com\/.*\/a\//i.test(url)) return true; // Google Classroom
  return false;
}

function text(component: Component, name: string): string {
  const value = component.getFirstPropertyValue(name);
  return typeof value === "string" ? value.trim() : "";
}

/** The start of a component (a VTODO's due date first). */
function startOf(component: Component): Time | null {
  const value =
    component.getFirstPropertyValue(component.name === "vtodo" ? "due" : "dtstart") ?? component.getFirstPropertyValue("dtstart");
  return value instanceof ICAL.Time ? value : null;
}

/**
 * Parses a feed. `now` bounds the expansion of series (from today to 12 months ahead in the school's
 * zone); single items are kept whatever their date, so a refresh keeps a past assignment.
 */
export function parseFeed(body: string, schoolZone: string, now: Date): ParsedFeed {
  let root: Component;
  try {
    const parsed: unknown = ICAL.parse(body);
    if (!Array.isArray(parsed) || parsed[0] !== "vcalendar") throw new Error("not a calendar");
    root = new ICAL.Component(parsed as [string, unknown[], unknown[]]);
  } catch {
    throw new FeedParseError("not_calendar");
  }
  const components = [...root.getAllSubcomponents("vevent"), ...root.getAllSubcomponents("vtodo")];
  if (components.length > FEED_ITEM_LIMIT) throw new FeedParseError("too_many_items");
  const zones = new Map<string, InstanceType<typeof ICAL.Timezone>>();
  for (const vtimezone of root.getAllSubcomponents("vtimezone")) {
    const tzid = text(vtimezone, "tzid");
    if (tzid) zones.set(tzid, new ICAL.Timezone(vtimezone));
  }
  const calendarName = text(root, "x-wr-calname") || null;
  const today = todayIn(schoolZone, now);
  const horizon = addDaysToDate(today, EXPANSION_DAYS);
  const earliest = addDaysToDate(today, -2);

  // Exceptions (RECURRENCE-ID) belong to their series' master.
  const masters = new Map<string, Component>();
  const exceptions = new Map<string, Component[]>();
  for (const component of components) {
    const uid = text(component, "uid");
    if (!uid) continue;
    if (component.hasProperty("recurrence-id")) exceptions.set(uid, [...(exceptions.get(uid) ?? []), component]);
    else if (!masters.has(uid)) masters.set(uid, component);
  }

  const items: FeedItem[] = [];
  let steps = 0;
  const push = (item: FeedItem) => {
    if (items.length >= FEED_ITEM_LIMIT) throw new FeedParseError("too_many_items");
    items.push(item);
  };
  for (const [uid, component] of masters) {
    const summary = text(component, "summary");
    const start = startOf(component);
    if (!summary || !start) continue;
    const url = text(component, "url") || firstUrl(text(component, "description"));
    const { title, course } = splitCanvasTitle(summary);
    const base = {
      title: title.slice(0, TASK_TITLE_MAX),
      course: (course ?? (text(component, "categories") || calendarName))?.slice(0, TASK_SUBJECT_MAX) ?? null,
      url: url ? url.slice(0, TASK_DESCRIPTION_MAX) : null,
      assignment: isAssignment(component, uid, url),
    };
    if (component.name === "vtodo" || !component.hasProperty("rrule")) {
      push({ uid, ...base, ...schoolDateTime(start, zones, schoolZone) });
      continue;
    }
    const event = new ICAL.Event(component);
    for (const exception of exceptions.get(uid) ?? []) event.relateException(exception);
    const iterator = event.iterator();
    for (let next = iterator.next(); next; next = iterator.next()) {
      if (++steps > EXPANSION_STEPS) throw new FeedParseError("too_many_items");
      // Well before today (a day either side of any zone's shift): skipped without the cost of reading it.
      if (`${String(next.year).padStart(4, "0")}-${pad(next.month)}-${pad(next.day)}` < earliest) continue;
      const details = event.getOccurrenceDetails(next);
      const when = schoolDateTime(details.startDate, zones, schoolZone);
      if (when.dueDate > horizon) break;
      if (when.dueDate < today) continue;
      const occurrenceSummary = details.item.summary?.trim() || summary;
      push({
        uid: `${uid}#${details.recurrenceId.toString()}`,
        ...base,
        title: splitCanvasTitle(occurrenceSummary).title.slice(0, TASK_TITLE_MAX),
        ...when,
      });
    }
  }
  return { name: calendarName, items };
}

/** Class names compared loosely: case, accents, punctuation and spacing aside. */
function normalized(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/**
 * The subject of an imported task: the student's class whose name matches the LMS's course name
 * (the same name, or the class's name as whole words inside the course's, the longest such class),
 * else the course name as the LMS writes it.
 */
export function matchSubject(course: string | null, userClasses: readonly string[]): string | null {
  if (!course) return null;
  const target = normalized(course);
  const exact = userClasses.find((name) => normalized(name) === target);
  if (exact) return exact;
  const inside = userClasses
    .filter((name) => normalized(name) !== "" && ` ${target} `.includes(` ${normalized(name)} `))
    .sort((a, b) => normalized(b).length - normalized(a).length);
  return inside[0] ?? course;
}

/** The fields of the task an item becomes (the student's own completion, priority and reminder are not among them). */
export function taskFieldsOf(item: FeedItem, userClasses: readonly string[]) {
  return {
    title: item.title,
    subject: matchSubject(item.course, userClasses),
    dueDate: item.dueDate,
    dueTime: item.dueTime,
    description: item.url,
  };
}
