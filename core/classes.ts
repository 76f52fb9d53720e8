/**
 * A user's class schedule as stored in `User.userClasses` (a list of class-name strings, docs/product.md#classes-and-subjects),
 * read back as periods, and turned into subject choices for tasks and events.
 *
 * Encoding (docs/decisions/020-user-classes-encoding.md):
 * - The list is in period order; the first class starts at period 1.
 * - A name ending in " (Double Block)" or " (Triple Block)" fills 2 or 3 consecutive periods.
 * - A semester pair is two consecutive names ending in " (Semester 1)" and " (Semester 2)"; the
 *   pair fills one period.
 * - "Lunch" fills a period but is not a subject.
 * - Blank entries are ignored.
 */

import { ordinal } from "./format";
import type { Locale } from "./i18n/locale";
import type { Translate } from "./i18n/translate";

export type BlockSpan = 1 | 2 | 3;

export const DOUBLE_BLOCK_SUFFIX = " (Double Block)";
export const TRIPLE_BLOCK_SUFFIX = " (Triple Block)";
export const SEMESTER_1_SUFFIX = " (Semester 1)";
export const SEMESTER_2_SUFFIX = " (Semester 2)";
export const LUNCH = "Lunch";

/** One period of the schedule (a block spans several periods). */
export interface ClassPeriod {
  /** The first period this class fills, from 1. */
  period: number;
  span: BlockSpan;
  /** One name, or two for a semester pair (Semester 1 first), without any suffix. */
  names: string[];
  isLunch: boolean;
}

/** A choice for the Subject field: `value` is stored on the task, `label` is shown. */
export interface SubjectOption {
  value: string;
  label: string;
  /** "3rd period", "2nd to 4th period". */
  periodLabel: string;
}

/**
 * How a label is worded: the catalog's translator and its language (for the ordinals). Core words
 * nothing itself (docs/decisions/108): the caller hands these in.
 */
export interface Words {
  t: Translate;
  locale: Locale;
}

/** "3rd period" for one period, "2nd to 4th period" for a block ("3.º periodo", "del 2.º al 4.º periodo"). */
export function periodLabel({ t, locale }: Words, period: number, span: BlockSpan = 1): string {
  if (span === 1) return t("classes.period_label", { ordinal: ordinal(period, locale) });
  return t("classes.period_range_label", { first: ordinal(period, locale), last: ordinal(period + span - 1, locale) });
}

/** "Chemistry (3rd period)": a subject choice's label. */
function subjectLabel(words: Words, name: string, period: string): string {
  return words.t("classes.subject_label", { subject: name, period });
}

function stripSuffix(name: string, suffix: string): string | null {
  return name.endsWith(suffix) ? name.slice(0, -suffix.length).trim() : null;
}

function isLunchName(name: string): boolean {
  return name.trim().toLowerCase() === LUNCH.toLowerCase();
}

/** Reads a stored class list back into periods, in order. */
export function parseUserClasses(userClasses: readonly string[] | null | undefined): ClassPeriod[] {
  const names = (userClasses ?? []).map((n) => (typeof n === "string" ? n.trim() : "")).filter((n) => n !== "");
  const periods: ClassPeriod[] = [];
  let nextPeriod = 1;
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    const first = stripSuffix(name, SEMESTER_1_SUFFIX);
    const second = i + 1 < names.length ? stripSuffix(names[i + 1]!, SEMESTER_2_SUFFIX) : null;
    if (first !== null && second !== null) {
      periods.push({ period: nextPeriod, span: 1, names: [first, second], isLunch: false });
      nextPeriod += 1;
      i += 1;
      continue;
    }
    // A lone semester name (its partner missing) still fills its own period.
    const lone = first ?? stripSuffix(name, SEMESTER_2_SUFFIX);
    if (lone !== null) {
      periods.push({ period: nextPeriod, span: 1, names: [lone], isLunch: false });
      nextPeriod += 1;
      continue;
    }
    const triple = stripSuffix(name, TRIPLE_BLOCK_SUFFIX);
    const double = stripSuffix(name, DOUBLE_BLOCK_SUFFIX);
    const span: BlockSpan = triple !== null ? 3 : double !== null ? 2 : 1;
    const base = triple ?? double ?? name;
    periods.push({ period: nextPeriod, span, names: [base], isLunch: isLunchName(base) });
    nextPeriod += span;
  }
  return periods;
}

/** The inverse of parseUserClasses: what the class editor saves. */
export function serializeClassPeriods(periods: readonly Pick<ClassPeriod, "span" | "names">[]): string[] {
  const out: string[] = [];
  for (const p of periods) {
    const names = p.names.map((n) => n.trim()).filter((n) => n !== "");
    if (names.length === 0) continue;
    if (names.length >= 2) {
      out.push(`${names[0]}${SEMESTER_1_SUFFIX}`, `${names[1]}${SEMESTER_2_SUFFIX}`);
    } else if (p.span === 3) {
      out.push(`${names[0]}${TRIPLE_BLOCK_SUFFIX}`);
    } else if (p.span === 2) {
      out.push(`${names[0]}${DOUBLE_BLOCK_SUFFIX}`);
    } else {
      out.push(names[0]!);
    }
  }
  return out;
}

/** How class names are compared for duplicates: case, surrounding and repeated spaces ignored. */
export function classNameKey(name: string): string {
  return name.trim().replace(/\s+/g, " ").toLowerCase();
}

/** Every class name of a schedule (both halves of a semester pair), in period order; Lunch is not a class. */
export function scheduledClassNames(periods: readonly ClassPeriod[]): string[] {
  return periods.filter((p) => !p.isLunch).flatMap((p) => p.names);
}

/**
 * The keys (classNameKey) of names that appear more than once: in two periods, or as both halves
 * of a semester pair. A block is one class however many periods it fills. Lunch may repeat.
 */
export function duplicateClassKeys(periods: readonly ClassPeriod[]): Set<string> {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const name of scheduledClassNames(periods)) {
    const key = classNameKey(name);
    if (seen.has(key)) duplicates.add(key);
    seen.add(key);
  }
  return duplicates;
}

/** How many periods a schedule fills, a block counted at its full length (0 for none). */
export function periodsFilled(periods: readonly ClassPeriod[]): number {
  const last = periods[periods.length - 1];
  return last ? last.period + last.span - 1 : 0;
}

/**
 * The period of each subject, for ordering a day by class period (docs/product.md#calendar): a
 * subject that is none of the user's classes (or of the fallbacks, without classes) has none.
 */
export function classPeriodOf(userClasses: readonly string[] | null | undefined): (subject: string | null) => number | null {
  const periods = new Map<string, number>();
  const parsed = parseUserClasses(userClasses);
  if (parsed.every((p) => p.isLunch)) FALLBACK_SUBJECT_NAMES.forEach((name, i) => periods.set(classNameKey(name), i + 1));
  for (const p of parsed)
    if (!p.isLunch) for (const name of p.names) if (!periods.has(classNameKey(name))) periods.set(classNameKey(name), p.period);
  return (subject) => (subject ? (periods.get(classNameKey(subject)) ?? null) : null);
}

/**
 * Used when the user has no classes yet (docs/product.md#classes-and-subjects): stored on a task
 * by these names, whatever the language; shown in the reader's.
 */
export const FALLBACK_SUBJECT_NAMES = ["Mathematics", "Science", "History", "English", "Chemistry", "Physics", "Biology", "Other"] as const;
type FallbackSubject = (typeof FALLBACK_SUBJECT_NAMES)[number];

/** A fallback subject in the reader's language ("Matemáticas"); its stored value stays as named above. */
export function fallbackSubjectName(t: Translate, name: FallbackSubject): string {
  return t("classes.fallback_subject", { subject: name.toLowerCase() });
}

/** The fallback subjects as choices, one per period from the 1st. */
export function fallbackSubjects(words: Words): SubjectOption[] {
  return FALLBACK_SUBJECT_NAMES.map((name, i) => {
    const label = periodLabel(words, i + 1);
    return { value: name, label: subjectLabel(words, fallbackSubjectName(words.t, name), label), periodLabel: label };
  });
}

/**
 * The Subject choices for a user: one per class (both halves of a semester pair, with the same
 * period), Lunch left out, duplicates kept once (the first period wins). No classes → fallbacks.
 */
export function subjectOptions(userClasses: readonly string[] | null | undefined, words: Words): SubjectOption[] {
  const options: SubjectOption[] = [];
  const seen = new Set<string>();
  for (const p of parseUserClasses(userClasses)) {
    if (p.isLunch) continue;
    const label = periodLabel(words, p.period, p.span);
    for (const name of p.names) {
      const key = classNameKey(name);
      if (seen.has(key)) continue;
      seen.add(key);
      options.push({ value: name, label: subjectLabel(words, name, label), periodLabel: label });
    }
  }
  return options.length > 0 ? options : fallbackSubjects(words);
}
