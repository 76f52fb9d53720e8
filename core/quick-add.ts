/**
 * Quick add in plain words (issue 40, docs/decisions/118-quick-add.md): "chem lab report thu 8am
 * !high" read as a title, a due date and time, a priority and a class. Pure: no DOM, no words for
 * people (the UI words the chips from `parts`), the same answer in the browser and in Node and
 * whatever the device's time zone.
 *
 * Dates and times are chrono-node's (only its English and Spanish builds: the root bundles every
 * language); this module adds what chrono does not decide the way a planner must: a weekday means
 * the next one to come, a time alone the next time it comes round, a date is never in the past, and
 * all of it on the school's wall clock.
 */

import * as chronoEn from "chrono-node/en";
import * as chronoEs from "chrono-node/es";
import { FALLBACK_SUBJECT_NAMES, fallbackSubjectName, parseUserClasses, type BlockSpan } from "./classes";
import { addDaysToDate, isCalendarDate, todayIn, weekdayOfDate, zonedParts } from "./dates";
import type { Translate } from "./i18n/translate";

export type QuickAddKind = "date" | "time" | "priority" | "subject" | "estimate";

export interface QuickAddPart {
  kind: QuickAddKind;
  /** The words as typed. */
  text: string;
  /** Offsets in the input: `input.slice(start, end) === text`. */
  start: number;
  end: number;
}

export interface QuickAddClass {
  /** Stored as the task's subject. */
  value: string;
  /** Names to match: the class's name, and any other name it goes by (a fallback subject's translation). */
  names: string[];
  period: number;
  span: BlockSpan;
}

export type QuickAddPriority = "low" | "medium" | "high";

export interface QuickAddResult {
  /** The words left, spaces collapsed, trimmed. */
  title: string;
  /** yyyy-MM-dd in the school's time zone. */
  dueDate: string | null;
  /** HH:mm (24 h) in the school's time zone. */
  dueTime: string | null;
  priority: QuickAddPriority | null;
  /** The matched class's `value`. */
  subject: string | null;
  /** The time the task needs, in whole minutes (5-600): "45m", "1.5h", "2 horas" (issue 51). */
  estimateMinutes: number | null;
  /** What was understood, in input order: one removable chip each. */
  parts: QuickAddPart[];
}

export interface QuickAddOptions {
  locale: "en" | "es";
  now: Date;
  /** The school's IANA zone. */
  timeZone: string;
  classes: readonly QuickAddClass[];
  /** Chips the student removed: those words stay in the title, unparsed as that kind. */
  ignore?: ReadonlySet<QuickAddKind>;
}

/**
 * The classes quick add matches, from `User.userClasses` (decoded by core/classes.ts): one per name,
 * so both halves of a semester pair are classes of the same period (and "3rd period" names neither:
 * which semester it is, the schedule does not say). Lunch is not a class. With no classes, the
 * fallback subjects the Subject field offers, with their period there and, given the catalog's
 * translator, their name in the student's language too ("bio" for "Biología").
 */
export function quickAddClasses(userClasses: readonly string[] | null | undefined, t?: Translate): QuickAddClass[] {
  const classes: QuickAddClass[] = [];
  for (const p of parseUserClasses(userClasses)) {
    if (p.isLunch) continue;
    for (const name of p.names) classes.push({ value: name, names: [name], period: p.period, span: p.span });
  }
  if (classes.length > 0) return classes;
  return FALLBACK_SUBJECT_NAMES.map((name, i) => ({
    value: name,
    names: t ? [name, fallbackSubjectName(t, name)] : [name],
    period: i + 1,
    span: 1,
  }));
}

// Word edges that know letters beyond ASCII ("mañana", "período"): \b does not.
const BEFORE = "(?<![\\p{L}\\p{N}_])";
const AFTER = "(?![\\p{L}\\p{N}_])";

const PRIORITY_WORDS: Record<string, QuickAddPriority> = {
  urgent: "high",
  urgente: "high",
  high: "high",
  "1": "high",
  alta: "high",
  medium: "medium",
  "2": "medium",
  media: "medium",
  low: "low",
  "3": "low",
  baja: "low",
};
const PRIORITY = new RegExp(`(?<![\\p{L}\\p{N}_!])!(urgent|urgente|high|medium|low|alta|media|baja|[123])${AFTER}`, "giu");
/**
 * A priority said without its "!": only as the last word ("essay due fri 3pm high"), so "high
 * school essay" keeps its words. "medium" and "media" are left out: "social media" ends titles.
 */
const PLAIN_PRIORITY = new RegExp(`(?<=\\s)(urgent|urgente|high|low|alta|baja)[.!]*(?=\\s*$)`, "iu");

/**
 * A time needed, in either language: "45m", "90 min", "1h", "1.5h", "1,5 h", "2 hours", "2 horas".
 * Not after "in", "en" or "within" ("due in 3 hours" is a time, chrono-node's), and only from 5
 * minutes to 10 hours, as the task's estimate may be.
 */
const ESTIMATE = new RegExp(
  `(?<!(?:\\bin|\\ben|within|dentro de)\\s+)${BEFORE}(\\d{1,3}(?:[.,]\\d{1,2})?)\\s*(m|mins?|minutes?|minutos?|h|hrs?|hours?|horas?)${AFTER}`,
  "giu",
);
const ESTIMATE_MINUTES = { min: 5, max: 600 };

function estimateOf(amount: string, unit: string): number | null {
  const value = Number(amount.replace(",", "."));
  const minutes = Math.round(unit.toLowerCase().startsWith("m") ? value : value * 60);
  return minutes >= ESTIMATE_MINUTES.min && minutes <= ESTIMATE_MINUTES.max ? minutes : null;
}

const ORDINAL_WORDS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  primer: 1,
  primero: 1,
  segundo: 2,
  tercer: 3,
  tercero: 3,
  cuarto: 4,
  quinto: 5,
  sexto: 6,
  septimo: 7,
  octavo: 8,
  noveno: 9,
  decimo: 10,
};
const PERIOD_WORD = "(?:period|periodo|período)";
const ORDINAL_WORD = `(${Object.keys(ORDINAL_WORDS).join("|")}|séptimo|décimo)`;
/** "3rd period", "period 3", "p3", "3.º periodo", "periodo 3", "tercer periodo": both languages' forms in either (none is a date). */
const PERIOD_PHRASES = [
  new RegExp(`${BEFORE}(\\d{1,2})(?:st|nd|rd|th|\\.?º|\\.?°|\\.?ª|er|ro|do|to|vo|no|mo)?\\s+${PERIOD_WORD}${AFTER}`, "giu"),
  new RegExp(`${BEFORE}${PERIOD_WORD}\\s+(\\d{1,2})${AFTER}`, "giu"),
  new RegExp(`${BEFORE}p(\\d{1,2})${AFTER}`, "giu"),
  new RegExp(`${BEFORE}${ORDINAL_WORD}\\s+${PERIOD_WORD}${AFTER}`, "giu"),
];

/**
 * Short everyday words that begin class names ("the" → Theatre, "his" → History, "por" →
 * Portuguese): never read as a class, only a full class name of theirs would be.
 */
const NOT_A_CLASS = new Set(
  (
    "the and for his her its our you are was not but can all any out who how why new one two per due " +
    "los las del con por para una uno que sus mis tus les hay muy mas ese esa est"
  ).split(" "),
);

/** A word that joins a date or time to the sentence ("due fri", "at 3pm", "el viernes"): it goes with the date or time. */
const LEAD_IN = {
  en: /(?:^|\s)((?:due\s+)?(?:at|on|by)|due|for)\s+$/iu,
  es: /(?:^|\s)(a|al|el|para(?:\s+el)?)\s+$/iu,
};
/** The word that joins a class to the sentence ("for english", "para inglés"): it goes with the class. */
const CLASS_LEAD_IN = /(?:^|\s)(for|para)\s+$/iu;
/** Spanish says the half of the day after the hour: "a las 3 de la tarde". */
const DAY_HALF_ES = new RegExp(`^\\s+de\\s+la\\s+(mañana|madrugada|tarde|noche)${AFTER}`, "iu");
/** "pasado mañana" (the day after tomorrow): chrono-node's Spanish reads only its "mañana". */
const DAY_AFTER_TOMORROW_ES = new RegExp(`${BEFORE}pasado\\s+mañana${AFTER}`, "iu");

/** Lower case without accents: how class names and words are compared. */
function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

function dateOf(year: number, month: number, day: number): string | null {
  const date = `${String(year).padStart(4, "0")}-${pad(month)}-${pad(day)}`;
  return isCalendarDate(date) ? date : null;
}

interface Span {
  start: number;
  end: number;
}

interface DateRead extends Span {
  date: string;
}

interface TimeRead extends Span {
  hour: number;
  minute: number;
}

type Chrono = typeof chronoEn.casual;
type Parsed = ReturnType<Chrono["parse"]>[number];

/** What one stretch of words read by chrono-node means here: a date, a time, or both (one chip each when they split). */
interface Reading {
  dates: DateRead[];
  times: TimeRead[];
}

class Reader {
  private readonly chrono: Chrono;
  /** The school's wall clock now, as chrono-node's reference (it reads a Date's local fields). */
  private readonly reference: Date;
  private readonly today: string;
  private readonly nowMinutes: number;
  private masked = "";

  constructor(
    private readonly input: string,
    options: QuickAddOptions,
    /** The language whose words this reader reads: the app's, or Spanish in an English app (below). */
    private readonly language: "en" | "es" = options.locale,
  ) {
    this.chrono = language === "es" ? chronoEs.casual : chronoEn.casual;
    const wall = zonedParts(options.now, options.timeZone);
    this.today = todayIn(options.timeZone, options.now);
    this.nowMinutes = wall.hour * 60 + wall.minute;
    const reference = new Date(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
    // The school's wall-clock time may not exist in the device's zone (the device's own DST gap):
    // the Date then moves an hour on, which is harmless (chrono-node's relative dates need the day;
    // a time alone is compared with the school's clock, below). Should that move change the day,
    // noon of the school's day.
    this.reference =
      reference.getDate() === wall.day && reference.getMonth() === wall.month - 1
        ? reference
        : new Date(wall.year, wall.month - 1, wall.day, 12, 0);
  }

  private parse(text: string): Parsed[] {
    return this.chrono.parse(text, this.reference, { forwardDate: true });
  }

  /** The date a chrono-node result means, by this module's rules; null when it names none or one already past. */
  private dateOf(result: Parsed, text: string): string | null {
    const start = result.start;
    const hasDay = start.isCertain("day") || start.isCertain("month");
    if (!hasDay && start.isCertain("weekday")) {
      // A weekday is the next one to come, 1 to 7 days on ("fri" on a Friday: a week later; "next
      // fri" the same Friday); "this fri" on a Friday is today.
      const wanted = start.get("weekday") ?? 0;
      const ahead = (wanted - weekdayOfDate(this.today) + 7) % 7;
      return addDaysToDate(this.today, ahead === 0 && !/^(this|este)\s/iu.test(text) ? 7 : ahead);
    }
    if (!hasDay) return null;
    const year = start.get("year") ?? 0;
    const month = start.get("month") ?? 0;
    const day = start.get("day") ?? 0;
    // A date without a year is the next one to come: chrono-node's forwardDate, from the school's
    // today. One still past had its year written ("12/12/2024") or is not a date ("mayo 5", May of
    // the year 5): a due date is not read from it.
    const date = dateOf(year, month, day);
    return date !== null && date >= this.today ? date : null;
  }

  private static isTime(result: Parsed): boolean {
    return result.start.isCertain("hour") || /mediod[ií]a|medianoche/iu.test(result.text);
  }

  private static isDate(result: Parsed): boolean {
    const start = result.start;
    return start.isCertain("day") || start.isCertain("month") || start.isCertain("weekday");
  }

  /** The 24-hour time of a result: a bare "at 3" / "a las 3" (no am/pm) from 1 to 6 is the afternoon, school hours. */
  private static timeOf(result: Parsed, half: string | null): { hour: number; minute: number } {
    let hour = result.start.get("hour") ?? 12;
    const minute = result.start.get("minute") ?? 0;
    if (half !== null) {
      // "las 12 de la noche" (or "de la madrugada") is midnight, "las 12 de la mañana" noon.
      if (hour === 12) hour = half === "noche" || half === "madrugada" ? 0 : 12;
      else if ((half === "tarde" || half === "noche") && hour < 12) hour += 12;
    } else if (!result.start.isCertain("meridiem") && hour >= 1 && hour <= 6) {
      hour += 12;
    }
    return { hour, minute };
  }

  /** Grows a span over the word that leads into it ("at", "el") and, after a time, Spanish's "de la tarde". */
  private extend(span: Span, isTime: boolean): Span & { half: string | null } {
    let { start, end } = span;
    // Read on the masked text, so a word another chip took is not taken again.
    const lead = LEAD_IN[this.language].exec(this.masked.slice(0, start));
    if (lead) start -= lead[0].trimStart().length;
    let half: string | null = null;
    if (isTime && this.language === "es") {
      const after = DAY_HALF_ES.exec(this.input.slice(end));
      if (after) {
        half = fold(after[1]!) === "manana" ? "mañana" : fold(after[1]!);
        end += after[0].length;
      }
    }
    // "monday's essay": the possessive goes with the day.
    const possessive = /^['’]s(?![\p{L}\p{N}])/u.exec(this.input.slice(end));
    if (!isTime && possessive) end += possessive[0].length;
    return { start, end, half };
  }

  /**
   * Reads the dates and times of the input (masked: what other kinds took is blanked out). A result
   * that holds both ("thu 8am", "mañana a las 8") is split where its two halves each read alone, so
   * each is its own chip and either can be removed.
   */
  read(masked: string): Reading {
    this.masked = masked;
    const reading: Reading = { dates: [], times: [] };
    if (this.language === "es") {
      const m = DAY_AFTER_TOMORROW_ES.exec(masked);
      if (m) {
        const span = { start: m.index, end: m.index + m[0].length };
        reading.dates.push({ ...this.extend(span, false), date: addDaysToDate(this.today, 2) });
        masked = blank(masked, span);
      }
    }
    for (const result of this.parse(masked)) {
      const start = result.index;
      const end = start + result.text.length;
      // An all-capitals "SAT" or "SUN" is an exam's or a project's name, not a weekday.
      if (/^\p{Lu}{3}$/u.test(result.text)) continue;
      const isDate = Reader.isDate(result);
      const isTime = Reader.isTime(result);
      if (isDate && isTime) {
        const halves = this.split(result, masked);
        if (halves) {
          this.addDate(reading, halves.date.result, halves.date.span);
          this.addTime(reading, halves.time.result, halves.time.span);
          continue;
        }
      }
      if (isDate) this.addDate(reading, result, { start, end }, isTime);
      else if (isTime) this.addTime(reading, result, { start, end });
    }
    // chrono-node may read the Spanish "de la tarde" we already took with its time as a time of its own.
    reading.times = reading.times.filter(
      (t) => !reading.times.some((o) => o !== t && o.start <= t.start && o.end >= t.end && o.end - o.start > t.end - t.start),
    );
    reading.dates = reading.dates.filter((d) => !reading.times.some((t) => t.start <= d.start && t.end >= d.end));
    return reading;
  }

  private addDate(reading: Reading, result: Parsed, span: Span, withTime = false): void {
    const date = this.dateOf(result, this.input.slice(span.start, span.end));
    if (date === null) return;
    const extended = this.extend(span, false);
    reading.dates.push({ start: extended.start, end: extended.end, date });
    // A date and time that would not split ("in 3 hours"): one chip, the date's, carrying both.
    if (withTime) reading.times.push({ start: extended.start, end: extended.start, ...Reader.timeOf(result, null) });
  }

  private addTime(reading: Reading, result: Parsed, span: Span): void {
    const extended = this.extend(span, true);
    reading.times.push({ start: extended.start, end: extended.end, ...Reader.timeOf(result, extended.half) });
  }

  /** The two halves of a result holding a date and a time, each read alone, or null if no cut gives that. */
  private split(result: Parsed, masked: string): { date: { result: Parsed; span: Span }; time: { result: Parsed; span: Span } } | null {
    const text = result.text;
    for (let cut = text.indexOf(" "); cut > 0; cut = text.indexOf(" ", cut + 1)) {
      const [left] = this.parse(text.slice(0, cut));
      const [right] = this.parse(text.slice(cut));
      if (!left || !right) continue;
      const leftEnd = result.index + left.index + left.text.length;
      // The second half starts where the first ends, so the words between ("at", "a las") go with it.
      const rightStart = leftEnd + (/^\s*/u.exec(masked.slice(leftEnd))?.[0].length ?? 0);
      const first = { start: result.index, end: leftEnd };
      const second = { start: rightStart, end: result.index + text.length };
      if (Reader.isDate(left) && !Reader.isTime(left) && Reader.isTime(right) && !Reader.isDate(right)) {
        return { date: { result: left, span: first }, time: { result: right, span: second } };
      }
      if (Reader.isTime(left) && !Reader.isDate(left) && Reader.isDate(right) && !Reader.isTime(right)) {
        return { time: { result: left, span: first }, date: { result: right, span: second } };
      }
    }
    return null;
  }

  /** A time with no date: today if that time is still ahead on the school's clock, else tomorrow. */
  dateForTimeAlone(time: TimeRead): string {
    return time.hour * 60 + time.minute > this.nowMinutes ? this.today : addDaysToDate(this.today, 1);
  }
}

function overlaps(a: Span, spans: readonly Span[]): boolean {
  return spans.some((s) => s.start < a.end && a.start < s.end);
}

function blank(text: string, span: Span): string {
  return text.slice(0, span.start) + " ".repeat(span.end - span.start) + text.slice(span.end);
}

/** The classes (distinct values) a period number names: a block covers each period it fills. */
function classesInPeriod(classes: readonly QuickAddClass[], period: number): Set<string> {
  return new Set(classes.filter((c) => c.period <= period && period < c.period + c.span).map((c) => c.value));
}

interface SubjectRead extends Span {
  value: string;
}

/** "3rd period", "p3" …: every such phrase (masked from the date reader whatever it matches), with its class when exactly one. */
function periodPhrases(input: string, classes: readonly QuickAddClass[]): { spans: Span[]; subjects: SubjectRead[] } {
  const spans: Span[] = [];
  const subjects: SubjectRead[] = [];
  for (const pattern of PERIOD_PHRASES) {
    for (const m of input.matchAll(pattern)) {
      const span = { start: m.index, end: m.index + m[0].length };
      if (overlaps(span, spans)) continue;
      spans.push(span);
      const n = /^\d+$/u.test(m[1]!) ? Number(m[1]) : (ORDINAL_WORDS[fold(m[1]!)] ?? 0);
      const values = classesInPeriod(classes, n);
      if (values.size === 1) subjects.push({ ...span, value: [...values][0]! });
    }
  }
  return { spans, subjects };
}

/**
 * The first word (or run of words, for a class's full name) naming exactly one class: its full name,
 * or a prefix of 3 letters or more of one of its name's words. A word two classes share names
 * neither; a full name beats a prefix ("History" with "World History" too).
 */
function classWords(input: string, taken: readonly Span[], classes: readonly QuickAddClass[]): SubjectRead | null {
  const words = [...input.matchAll(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)]
    .map((m) => ({ start: m.index, end: m.index + m[0].length, key: fold(m[0]) }))
    .filter((w) => !overlaps(w, taken));
  const named = classes.flatMap((c) =>
    c.names.map((name) => ({
      value: c.value,
      words: fold(name)
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean),
    })),
  );
  for (let i = 0; i < words.length; i++) {
    // A full name, the longest first, its words consecutive in the input.
    const full = named
      .filter(
        (n) =>
          n.words.length > 0 &&
          n.words.every(
            (w, k) => words[i + k]?.key === w && (k === 0 || /^\s+$/u.test(input.slice(words[i + k - 1]!.end, words[i + k]!.start))),
          ),
      )
      .sort((a, b) => b.words.length - a.words.length);
    const longest = full[0];
    if (longest) {
      const values = new Set(full.filter((f) => f.words.length === longest.words.length).map((f) => f.value));
      if (values.size === 1) return { start: words[i]!.start, end: words[i + longest.words.length - 1]!.end, value: longest.value };
      continue;
    }
    const word = words[i]!;
    if (word.key.length < 3 || NOT_A_CLASS.has(word.key) || !/^\p{L}/u.test(word.key)) continue;
    const values = new Set(named.filter((n) => n.words.some((w) => w.startsWith(word.key))).map((n) => n.value));
    if (values.size === 1) return { start: word.start, end: word.end, value: [...values][0]! };
  }
  return null;
}

export function parseQuickAdd(input: string, options: QuickAddOptions): QuickAddResult {
  const ignore = options.ignore ?? new Set<QuickAddKind>();
  const parts: QuickAddPart[] = [];
  const add = (kind: QuickAddKind, span: Span) =>
    parts.push({ kind, text: input.slice(span.start, span.end), start: span.start, end: span.end });
  let masked = input;

  // Priorities first: "!1" must not be read as a number by anything else. Only the first counts.
  let priority: QuickAddPriority | null = null;
  for (const m of input.matchAll(PRIORITY)) {
    const span = { start: m.index, end: m.index + m[0].length };
    masked = blank(masked, span);
    if (priority === null && !ignore.has("priority")) {
      priority = PRIORITY_WORDS[m[1]!.toLowerCase()]!;
      add("priority", span);
    }
  }

  // Estimates before dates: chrono-node reads "45m" and "2 hours" as a time from now. The first one
  // is the estimate; every one stays away from the dates (one the student removed stays a word).
  let estimateMinutes: number | null = null;
  for (const m of input.matchAll(ESTIMATE)) {
    const minutes = estimateOf(m[1]!, m[2]!);
    const span = { start: m.index, end: m.index + m[0].length };
    if (minutes === null || overlaps(span, parts)) continue;
    masked = blank(masked, span);
    if (estimateMinutes === null && !ignore.has("estimate")) {
      estimateMinutes = minutes;
      add("estimate", span);
    }
  }

  // Period phrases before dates: chrono-node would read "3rd" as the 3rd of the month.
  const periods = periodPhrases(input, options.classes);
  for (const span of periods.spans) masked = blank(masked, span);

  let dueDate: string | null = null;
  let dueTime: string | null = null;
  if (!ignore.has("date") || !ignore.has("time")) {
    const reader = new Reader(input, options);
    const reading = reader.read(masked);
    if (options.locale === "en") {
      // Spanish dates and times whatever the app's language: a bilingual student types "para el
      // viernes" in an English app. Read after the English ones, from the words those left.
      let rest = masked;
      for (const span of [...reading.dates, ...reading.times]) rest = blank(rest, span);
      const spanish = new Reader(input, options, "es").read(rest);
      const taken = [...reading.dates, ...reading.times];
      reading.dates.push(...spanish.dates.filter((d) => !overlaps(d, taken)));
      reading.times.push(...spanish.times.filter((t) => !overlaps(t, taken)));
    }
    const date = ignore.has("date") ? undefined : reading.dates.sort((a, b) => a.start - b.start)[0];
    // A time glued to its date's chip ("in 3 hours") goes when that chip goes.
    const times = reading.times.filter((t) => t.end > t.start || !ignore.has("date"));
    const time = ignore.has("time") ? undefined : times.sort((a, b) => a.start - b.start)[0];
    if (date) {
      dueDate = date.date;
      add("date", date);
    }
    if (time) {
      dueTime = `${pad(time.hour)}:${pad(time.minute)}`;
      dueDate ??= reader.dateForTimeAlone(time);
      if (time.end > time.start) add("time", time);
    }
  }

  for (const part of parts) masked = blank(masked, part);
  if (priority === null && !ignore.has("priority")) {
    const m = PLAIN_PRIORITY.exec(masked);
    // Never the whole title: "high" alone is a task called "high".
    if (m && /[\p{L}\p{N}]/u.test(masked.slice(0, m.index))) {
      const span = { start: m.index, end: m.index + m[0].length };
      priority = PRIORITY_WORDS[m[1]!.toLowerCase()]!;
      add("priority", span);
      masked = blank(masked, span);
    }
  }

  let subject: string | null = null;
  if (!ignore.has("subject")) {
    const byName = classWords(masked, [...parts, ...periods.spans], options.classes);
    const found = [...periods.subjects.filter((s) => !overlaps(s, parts)), ...(byName ? [byName] : [])].sort(
      (a, b) => a.start - b.start,
    )[0];
    if (found) {
      subject = found.value;
      // "for english", "para inglés": the word that brought the class in goes with it.
      const lead = CLASS_LEAD_IN.exec(masked.slice(0, found.start));
      add("subject", lead ? { start: found.start - lead[0].trimStart().length, end: found.end } : found);
    }
  }

  parts.sort((a, b) => a.start - b.start);
  let title = "";
  let at = 0;
  for (const part of parts) {
    title += input.slice(at, part.start) + " ";
    at = Math.max(at, part.end);
  }
  title += input.slice(at);
  return { title: title.replace(/\s+/gu, " ").trim(), dueDate, dueTime, priority, subject, estimateMinutes, parts };
}
