/**
 * Grades (issue 53, decision 134): a student's own record of how each class is going, computed here
 * and only here, for the server's answers and the screen's what-if mode alike. Averages are
 * percentages with two decimals; a class or category without items has none (null, never zero).
 */

export const GRADE_LEVELS = ["regular", "honors", "ap"] as const;
export type GradeLevel = (typeof GRADE_LEVELS)[number];
export const LETTERS = ["A", "B", "C", "D"] as const;
export type Letter = (typeof LETTERS)[number] | "F";

export interface GradeCategory {
  id: number;
  name: string;
  /** Any positive number: weights are normalised over the categories that have items. */
  weight: number;
}

export interface GradeItem {
  name: string;
  categoryId: number | null;
  score: number;
  outOf: number;
}

export interface GradeScale {
  /** The lowest percentage of each letter; below D is F. */
  cutoffs: Record<(typeof LETTERS)[number], number>;
  /** Letters with + and − (the top and bottom 30 % of each letter's band). */
  plusMinus: boolean;
}

export const DEFAULT_SCALE: GradeScale = { cutoffs: { A: 90, B: 80, C: 70, D: 60 }, plusMinus: false };

/** Grade points of a letter without + or − (unweighted); F is 0. */
const POINTS: Record<Letter, number> = { A: 4, B: 3, C: 2, D: 1, F: 0 };
/** What honors and AP add to a letter's points in the weighted GPA (not to an F). */
export const LEVEL_BONUS: Record<GradeLevel, number> = { regular: 0, honors: 0.5, ap: 1 };
/** The share of a letter's band that earns a + at its top or a − at its bottom. */
const PLUS_MINUS_SHARE = 0.3;

/** Rounded half away from zero to two decimals, on the decimal digits (1.005 → 1.01, not 1.00). */
export function round2(value: number): number {
  const rounded = Math.round(Number(`${Math.abs(value)}e2`));
  return Math.sign(value) * Number(`${rounded}e-2`);
}

/** Up to the next hundredth: a score that is enough, never one a hair short. */
function ceil2(value: number): number {
  return Number(`${Math.ceil(Number(`${round2(value * 1e6) / 1e6}e2`))}e-2`);
}

interface Sums {
  points: number;
  possible: number;
}
const sum = (items: readonly Pick<GradeItem, "score" | "outOf">[]): Sums =>
  items.reduce((s, i) => ({ points: s.points + i.score, possible: s.possible + i.outOf }), { points: 0, possible: 0 });

/** A group's average as an exact percentage (unrounded), or null without items. */
const percentOf = (s: Sums) => (s.possible > 0 ? (100 * s.points) / s.possible : null);

/**
 * The exact class average (unrounded percentage) of `items` under `categories`: with categories,
 * the weighted mean of the averages of those that have items, weights renormalised over them
 * (items without a category are not counted: they have no weight); without, all items by points.
 */
function exactAverage(categories: readonly GradeCategory[], items: readonly GradeItem[]): number | null {
  if (categories.length === 0) return percentOf(sum(items));
  let weighted = 0;
  let weights = 0;
  for (const category of categories) {
    const average = percentOf(sum(items.filter((i) => i.categoryId === category.id)));
    if (average === null) continue;
    weighted += category.weight * average;
    weights += category.weight;
  }
  return weights > 0 ? weighted / weights : null;
}

/** The class average as a percentage with two decimals, or null when nothing counts yet. */
export function classAverage(categories: readonly GradeCategory[], items: readonly GradeItem[]): number | null {
  const average = exactAverage(categories, items);
  return average === null ? null : round2(average);
}

/** Each category's average (two decimals, null without items). */
export function categoryAverages(categories: readonly GradeCategory[], items: readonly GradeItem[]): Map<number, number | null> {
  return new Map(
    categories.map((c) => {
      const average = percentOf(sum(items.filter((i) => i.categoryId === c.id)));
      return [c.id, average === null ? null : round2(average)];
    }),
  );
}

/** Items that do not count: without a category in a class that has categories (or with one it no longer has). */
export function uncountedItems<T extends GradeItem>(categories: readonly GradeCategory[], items: readonly T[]): T[] {
  if (categories.length === 0) return [];
  const ids = new Set(categories.map((c) => c.id));
  return items.filter((i) => i.categoryId === null || !ids.has(i.categoryId));
}

/** The letter of an average (already rounded to two decimals) on a scale: "A", "B-", "C+", … or "F". */
export function letterOf(average: number, scale: GradeScale = DEFAULT_SCALE): string {
  const bands = LETTERS.map((letter, i) => ({
    letter,
    from: scale.cutoffs[letter],
    // A's band runs to 100; each other up to the letter above it.
    to: i === 0 ? Math.max(100, scale.cutoffs.A) : scale.cutoffs[LETTERS[i - 1]!],
  }));
  const band = bands.find((b) => average >= b.from);
  if (!band) return "F";
  if (!scale.plusMinus) return band.letter;
  const share = (band.to - band.from) * PLUS_MINUS_SHARE;
  if (average >= round2(band.to - share)) return `${band.letter}+`;
  if (average < round2(band.from + share)) return `${band.letter}-`;
  return band.letter;
}

/** A letter's grade points: 4 to 0, + and − 0.3 either way (A+ stays 4), and the level's bonus when weighted (never on an F). */
export function gradePoints(letter: string, level: GradeLevel, weighted: boolean): number {
  const base = POINTS[letter[0] as Letter] ?? 0;
  const sign = letter.endsWith("+") ? 1 : letter.endsWith("-") ? -1 : 0;
  const points = Math.min(4, base + sign * 0.3);
  return base === 0 ? 0 : points + (weighted ? LEVEL_BONUS[level] : 0);
}

/** The GPA over the classes that have an average, two decimals; null when none has. */
export function gpa(classes: readonly { level: GradeLevel; average: number | null }[], scale: GradeScale = DEFAULT_SCALE) {
  const counted = classes.filter((c): c is { level: GradeLevel; average: number } => c.average !== null);
  if (counted.length === 0) return { unweighted: null, weighted: null };
  const mean = (weighted: boolean) =>
    round2(counted.reduce((total, c) => total + gradePoints(letterOf(c.average, scale), c.level, weighted), 0) / counted.length);
  return { unweighted: mean(false), weighted: mean(true) };
}

export interface WhatIfAnswer {
  /** The least score, in hundredths, on the new item that brings the average to the target; 0 when even 0 does. */
  neededScore: number;
  neededPercent: number;
  /** False when it would take more than the item's points. */
  possible: boolean;
  /** When not possible: the average with full marks on the new item. */
  bestAverage?: number;
}

/**
 * What one more item (of `categoryId`, out of `outOf`) needs to score for the class average (as
 * answered, to two decimals) to reach `target` percent. With categories, the item's category joins those that count if it had
 * no items; without, the item counts by its points.
 */
export function neededFor(
  categories: readonly GradeCategory[],
  items: readonly GradeItem[],
  target: number,
  item: { categoryId: number | null; outOf: number },
): WhatIfAnswer {
  const withScore = (score: number) => [...items, { name: "", categoryId: item.categoryId, score, outOf: item.outOf }];
  // The average is answered rounded to two decimals, so what rounds up to the target is enough.
  const goal = target - 0.005;
  let needed: number;
  if (categories.length === 0) {
    const s = sum(items);
    needed = (goal / 100) * (s.possible + item.outOf) - s.points;
  } else {
    const category = categories.find((c) => c.id === item.categoryId)!;
    let others = 0;
    let weights = category.weight;
    for (const c of categories) {
      if (c.id === category.id) continue;
      const average = percentOf(sum(items.filter((i) => i.categoryId === c.id)));
      if (average === null) continue;
      others += c.weight * average;
      weights += c.weight;
    }
    const own = sum(items.filter((i) => i.categoryId === category.id));
    // (own.points + s) / (own.possible + outOf) × 100 × weight + others = goal × weights
    const categoryPercent = (goal * weights - others) / category.weight;
    needed = (categoryPercent / 100) * (own.possible + item.outOf) - own.points;
  }
  let neededScore = Math.max(0, ceil2(needed));
  // Floating point may leave the hundredth found a hair short of rounding up: one more then.
  if (classAverage(categories, withScore(neededScore))! < target) neededScore = round2(neededScore + 0.01);
  const possible = neededScore <= item.outOf;
  return {
    neededScore,
    neededPercent: round2((100 * neededScore) / item.outOf),
    possible,
    ...(possible ? {} : { bestAverage: classAverage(categories, withScore(item.outOf))! }),
  };
}
