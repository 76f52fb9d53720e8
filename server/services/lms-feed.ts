import { createHash } from "node:crypto";
import ICAL from "ical.js";
import { addDaysToDate, todayIn, zonedParts } from "../../core/dates";
import { zonedInstant } from "../../core/reminders";
import { TASK_DESCRIPTION_MAX, TASK_SUBJECT_MAX, TASK_TITLE_MAX } from "../../core/schemas/task";
import { ianaZoneOf, isIanaZone, vtimezoneFor } from "./feed-time-zones";

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
  /** Items (a series counts once) that could not be read and were left out (decision 122). */
  skipped: number;
}

export type FeedParseFailure = "not_calendar" | "too_many_items";

export class FeedParseError extends Error {
  constructor(readonly reason: FeedParseFailure) {
    super(reason);
  }
}

type Time = InstanceType<typeof ICAL.Time>;
type Component = InstanceType<typeof ICAL.Component>;
type Zones = Map<string, InstanceType<typeof ICAL.Timezone>>;
/** ical.js's jCal: [name, properties, subcomponents]; a property is [name, parameters, type, ...values]. */
type JCal = [string, unknown[][], JCal[]];

const pad = (n: number) => String(n).padStart(2, "0");
const dateOf = (time: Time) => `${String(time.year).padStart(4, "0")}-${pad(time.month)}-${pad(time.day)}`;

/** A feed time as a date and time in the school's zone (a date alone for an all-day one). */
function schoolDateTime(time: Time, ownZones: Zones, schoolZone: string) {
  const date = dateOf(time);
  if (time.isDate) return { dueDate: date, dueTime: null };
  const wall = `${pad(time.hour)}:${pad(time.minute)}`;
  // ical.js names the zone of a TZID-qualified time on `zone` ("floating" when there is none).
  const tzid = time.zone?.tzid || "floating";
  let instant: number;
  if (time.zone === ICAL.Timezone.utcTimezone || tzid === "UTC" || tzid === "Z") {
    instant = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
  } else if (tzid !== "floating" && isIanaZone(tzid)) {
    // An IANA name (Google's and Canvas's exports): the platform's own rules, not the feed's copy of them.
    instant = zonedInstant(date, wall, tzid);
  } else if (ownZones.has(tzid)) {
    // A custom TZID with the feed's own VTIMEZONE (Outlook-style names): the feed's rules.
    const offsetSeconds = ownZones.get(tzid)!.utcOffset(time);
    instant = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second) - offsetSeconds * 1000;
  } else if (tzid !== "floating" && ianaZoneOf(tzid)) {
    // A Windows name or a prefixed IANA name the feed does not define: the zone it stands for.
    instant = zonedInstant(date, wall, ianaZoneOf(tzid)!);
  } else {
    // Floating time (or a zone nobody knows): the school's wall clock.
    return { dueDate: date, dueTime: wall };
  }
  const parts = zonedParts(new Date(instant), schoolZone);
  return { dueDate: `${parts.year}-${pad(parts.month)}-${pad(parts.day)}`, dueTime: `${pad(parts.hour)}:${pad(parts.minute)}` };
}

/**
 * Text with its control characters as spaces: a NUL, which PostgreSQL refuses in text, or a stray
 * escape from an exporter, must not fail the import; line breaks were never part of a title.
 */
function printable(value: string): string {
  return value.replace(/\p{Cc}/gu, " ");
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
  return typeof value === "string" ? printable(value).trim() : "";
}

/** The start of a component (a VTODO's due date first). */
function startOf(component: Component): Time | null {
  const value =
    component.getFirstPropertyValue(component.name === "vtodo" ? "due" : "dtstart") ?? component.getFirstPropertyValue("dtstart");
  return value instanceof ICAL.Time ? value : null;
}

function sequenceOf(component: Component): number {
  const value = Number(component.getFirstPropertyValue("sequence"));
  return Number.isFinite(value) ? value : 0;
}

function cancelled(component: Component): boolean {
  return text(component, "status").toUpperCase() === "CANCELLED";
}

/**
 * The UID refreshes match an item by. A component without one (Thunderbird's and some exporters'
 * files) is known by what it says: its start and title, so it is the same item on each refresh
 * until one of them changes.
 */
function uidOf(component: Component): string {
  const uid = text(component, "uid");
  if (uid) return uid;
  const start = component.getFirstProperty(component.name === "vtodo" ? "due" : "dtstart") ?? component.getFirstProperty("dtstart");
  const key = `${component.name}|${start?.toICALString() ?? ""}|${text(component, "summary")}`;
  return `no-uid-${createHash("sha256").update(key).digest("hex").slice(0, 24)}`;
}

/** Content lines as RFC 5545 writes them: a name, parameters, a colon. */
const CONTENT_LINE = /^[A-Za-z0-9-]+(;[^:]*)?:/;

/** Parses the body into its calendars, dropping lines that are not content lines if the strict parse fails. */
function readCalendars(body: string): JCal[] {
  const source = body.replace(/^\uFEFF/, "");
  if (!/^\s*BEGIN:VCALENDAR\b/i.test(source)) throw new FeedParseError("not_calendar");
  let parsed: unknown;
  try {
    parsed = ICAL.parse(source);
  } catch {
    // One stray line (a lone "X", a line break inside a value) should not cost a whole feed.
    const lines = source
      .replace(/\r?\n[ \t]/g, "")
      .split(/\r\n|\r|\n/)
      .filter((line) => CONTENT_LINE.test(line));
    try {
      parsed = ICAL.parse(lines.join("\r\n") + "\r\n");
    } catch {
      throw new FeedParseError("not_calendar");
    }
  }
  if (!Array.isArray(parsed)) throw new FeedParseError("not_calendar");
  // Several calendars in one body (RFC 5545 allows it) parse as a list of them.
  const roots = (typeof parsed[0] === "string" ? [parsed] : parsed) as unknown[];
  const calendars = roots.filter((root): root is JCal => Array.isArray(root) && root[0] === "vcalendar");
  if (calendars.length === 0) throw new FeedParseError("not_calendar");
  return calendars;
}

/**
 * Repairs what ical.js would refuse but whose meaning is plain, in place: a date-time value that is
 * a date alone (`DTSTART:20220101`, no `VALUE=DATE`) is a date. Collects the TZIDs the calendar
 * uses.
 */
function relax(component: JCal, tzids: Set<string>) {
  for (const property of component[1]) {
    const params = property[1] as Record<string, unknown>;
    if (typeof params.tzid === "string") tzids.add(params.tzid);
    const values = property.slice(3);
    if (property[2] === "date-time" && values.length > 0 && values.every((v) => typeof v === "string" && /^\d{4}-\d\d-\d\dT::$/.test(v))) {
      property.splice(2, property.length - 2, "date", ...values.map((v) => (v as string).slice(0, 10)));
    }
  }
  for (const child of component[2]) relax(child, tzids);
}

/**
 * A VTIMEZONE for each TZID the calendar uses without defining it (an IANA name, a Windows name),
 * so ical.js keeps the zone on its times instead of making them floating, and compares a series'
 * exceptions and EXDATEs in that zone's real offsets.
 */
function addMissingZones(calendar: JCal, tzids: Set<string>) {
  const defined = new Set(
    calendar[2]
      .filter((child) => child[0] === "vtimezone")
      .map((child) => child[1].find((property) => property[0] === "tzid")?.[3])
      .filter((tzid): tzid is string => typeof tzid === "string"),
  );
  for (const tzid of tzids) {
    if (defined.has(tzid)) continue;
    const vtimezone = vtimezoneFor(tzid);
    if (!vtimezone) continue;
    try {
      const zone = ICAL.parse(vtimezone) as unknown as JCal;
      for (const property of zone[1]) if (property[0] === "tzid") property[3] = tzid;
      calendar[2].push(zone);
    } catch {
      // The zone stays unknown: its times are read as the school's wall clock.
    }
  }
}

/**
 * A series' RDATEs as ical.js's expansion takes them, in one property: a PERIOD (RFC 5545 3.8.5.2)
 * is an occurrence at its start (ical.js would compare the period itself and throw), and a series
 * given by RDATEs alone keeps DTSTART as its first occurrence (RFC 5545 3.8.5.2; ical.js yields
 * only the RDATEs when there is no RRULE).
 */
function normaliseRdates(component: Component, start: Time) {
  const properties = component.getAllProperties("rdate");
  const starts = properties
    .flatMap((property) => property.getValues() as unknown[])
    .map((value) => (value instanceof ICAL.Period ? value.start : value))
    .filter((value): value is Time => value instanceof ICAL.Time);
  if (!component.hasProperty("rrule") && !starts.some((time) => time.compare(start) === 0)) starts.push(start);
  for (const property of properties) component.removeProperty(property);
  if (starts.length === 0) return;
  const replacement = new ICAL.Property("rdate", component);
  replacement.setValues(starts);
  component.addProperty(replacement);
}

/** The newer of two copies of one item: the higher SEQUENCE (RFC 5545 3.8.7.4), else the later in the feed. */
function newer(current: Component | undefined, candidate: Component): Component {
  return current && sequenceOf(current) > sequenceOf(candidate) ? current : candidate;
}

/** An occurrence's identity as ical.js keys exceptions: its time as written and in UTC. */
function occurrenceKeys(time: Time): string[] {
  const keys = [time.toString()];
  try {
    keys.push(time.convertToZone(ICAL.Timezone.utcTimezone).toString());
  } catch {
    // A time ical.js cannot convert is matched as written.
  }
  return keys;
}

/**
 * Parses a feed. `now` bounds the expansion of series (from today to 12 months ahead in the school's
 * zone); single items are kept whatever their date, so a refresh keeps a past assignment. An item
 * that cannot be read (a date ical.js cannot decode, a broken recurrence) is left out and counted
 * in `skipped`; the rest of the feed imports (decision 122).
 */
export function parseFeed(body: string, schoolZone: string, now: Date): ParsedFeed {
  const calendars = readCalendars(body);
  const components: Component[] = [];
  const ownZones: Zones = new Map();
  let calendarName: string | null = null;
  for (const jcal of calendars) {
    const tzids = new Set<string>();
    relax(jcal, tzids);
    const ownVtimezones = jcal[2].filter((child) => child[0] === "vtimezone");
    addMissingZones(jcal, tzids);
    const root = new ICAL.Component(jcal);
    calendarName ??= text(root, "x-wr-calname") || null;
    for (const vtimezone of root.getAllSubcomponents("vtimezone")) {
      if (!ownVtimezones.includes(vtimezone.jCal as JCal)) continue;
      try {
        const tzid = text(vtimezone, "tzid");
        if (tzid) ownZones.set(tzid, new ICAL.Timezone(vtimezone));
      } catch {
        // A VTIMEZONE ical.js cannot read: its TZID's times fall back as an unknown zone's do.
      }
    }
    components.push(...root.getAllSubcomponents("vevent"), ...root.getAllSubcomponents("vtodo"));
  }
  if (components.length > FEED_ITEM_LIMIT) throw new FeedParseError("too_many_items");
  const today = todayIn(schoolZone, now);
  const horizon = addDaysToDate(today, EXPANSION_DAYS);
  const earliest = addDaysToDate(today, -2);

  // One item per UID (the highest SEQUENCE), and per UID its exceptions (RECURRENCE-ID) by the occurrence they replace.
  const masters = new Map<string, Component>();
  const exceptions = new Map<string, Map<string, Component>>();
  let skipped = 0;
  for (const component of components) {
    try {
      const uid = uidOf(component);
      const recurrenceId = component.getFirstPropertyValue("recurrence-id");
      if (recurrenceId instanceof ICAL.Time) {
        const byOccurrence = exceptions.get(uid) ?? new Map<string, Component>();
        const key = recurrenceId.toString();
        byOccurrence.set(key, newer(byOccurrence.get(key), component));
        exceptions.set(uid, byOccurrence);
      } else if (component.hasProperty("recurrence-id")) {
        skipped++;
      } else {
        masters.set(uid, newer(masters.get(uid), component));
      }
    } catch {
      skipped++;
    }
  }

  const items: FeedItem[] = [];
  let steps = 0;
  const push = (batch: FeedItem[]) => {
    if (items.length + batch.length > FEED_ITEM_LIMIT) throw new FeedParseError("too_many_items");
    items.push(...batch);
  };
  type Described = Omit<FeedItem, "uid" | "dueDate" | "dueTime">;
  /** Title, course, link and kind of a component (an exception falls back on its series' master for what it leaves out). */
  const describe = (component: Component, uid: string, master?: Component): Described | null => {
    const summary = text(component, "summary") || (master ? text(master, "summary") : "");
    if (!summary) return null;
    const url =
      text(component, "url") ||
      firstUrl(text(component, "description")) ||
      (master ? text(master, "url") || firstUrl(text(master, "description")) : null) ||
      null;
    const { title, course } = splitCanvasTitle(summary);
    const categories = text(component, "categories") || (master ? text(master, "categories") : "");
    return {
      title: title.slice(0, TASK_TITLE_MAX),
      course: (course ?? (categories || calendarName))?.slice(0, TASK_SUBJECT_MAX) ?? null,
      url: url ? url.slice(0, TASK_DESCRIPTION_MAX) : null,
      assignment: isAssignment(master ?? component, uid, url),
    };
  };
  /**
   * A moved (or restated) occurrence: an item of its own when its own start falls from today to the
   * horizon, as its series' occurrences do; without its series, whatever its date, as a single item.
   */
  const occurrenceItem = (exception: Component, uid: string, master?: Component): FeedItem | null => {
    if (cancelled(exception)) return null;
    const recurrenceId = exception.getFirstPropertyValue("recurrence-id") as Time;
    const start = startOf(exception) ?? recurrenceId;
    const described = describe(exception, uid, master);
    if (!described) return null;
    const when = schoolDateTime(start, ownZones, schoolZone);
    if (master && (when.dueDate < today || when.dueDate > horizon)) return null;
    return { uid: `${uid}#${recurrenceId.toString()}`, ...described, ...when };
  };

  for (const [uid, component] of masters) {
    const moved = exceptions.get(uid);
    exceptions.delete(uid);
    try {
      if (cancelled(component)) continue;
      const start = startOf(component);
      const base = describe(component, uid);
      if (!start || !base) continue;
      const recurring = component.name === "vevent" && (component.hasProperty("rrule") || component.hasProperty("rdate"));
      if (!recurring) {
        push([{ uid, ...base, ...schoolDateTime(start, ownZones, schoolZone) }]);
        continue;
      }
      normaliseRdates(component, start);
      // Occurrences that an exception replaces are the exception's to give (it may have moved anywhere).
      const replaced = new Set<string>();
      for (const exception of moved?.values() ?? []) {
        for (const key of occurrenceKeys(exception.getFirstPropertyValue("recurrence-id") as Time)) replaced.add(key);
      }
      const series: FeedItem[] = [];
      const iterator = new ICAL.Event(component, { strictExceptions: false, exceptions: [] }).iterator();
      for (let next = iterator.next(); next; next = iterator.next()) {
        if (++steps > EXPANSION_STEPS) throw new FeedParseError("too_many_items");
        // Well before today (a day either side of any zone's shift): skipped without the cost of reading it.
        if (dateOf(next) < earliest) continue;
        const when = schoolDateTime(next, ownZones, schoolZone);
        if (when.dueDate > horizon) break;
        if (when.dueDate < today || occurrenceKeys(next).some((key) => replaced.has(key))) continue;
        series.push({ uid: `${uid}#${next.toString()}`, ...base, ...when });
      }
      for (const exception of moved?.values() ?? []) {
        const item = occurrenceItem(exception, uid, component);
        if (item) series.push(item);
      }
      push(series);
    } catch (error) {
      if (error instanceof FeedParseError) throw error;
      skipped++;
    }
  }
  // Exceptions whose series is not in the feed (Google sends one moved occurrence alone): items of their own.
  for (const [uid, moved] of exceptions) {
    for (const exception of moved.values()) {
      try {
        const item = occurrenceItem(exception, uid);
        if (item) push([item]);
      } catch (error) {
        if (error instanceof FeedParseError) throw error;
        skipped++;
      }
    }
  }
  return { name: calendarName, items, skipped };
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
