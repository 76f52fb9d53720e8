import { describe, expect, it } from "vitest";
import {
  categoryAverages,
  classAverage,
  DEFAULT_SCALE,
  gpa,
  gradePoints,
  letterOf,
  neededFor,
  round2,
  uncountedItems,
  type GradeCategory,
  type GradeItem,
} from "./grades";

const item = (categoryId: number | null, score: number, outOf: number, name = "x"): GradeItem => ({ name, categoryId, score, outOf });
// Decision 134's worked example: Tests 50, Homework 30, Final 20 (nothing yet).
const categories: GradeCategory[] = [
  { id: 1, name: "Tests", weight: 50 },
  { id: 2, name: "Homework", weight: 30 },
  { id: 3, name: "Final", weight: 20 },
];
const items = [item(1, 45, 50), item(1, 38, 40), item(2, 10, 10), item(2, 8, 10)];

describe("averages", () => {
  it("weights the categories that have items, renormalised over them", () => {
    // Tests 83/90 = 92.22 %, Homework 18/20 = 90 %: (50 × 92.22 + 30 × 90) / 80.
    expect(classAverage(categories, items)).toBe(91.39);
    expect(Object.fromEntries(categoryAverages(categories, items))).toEqual({ 1: 92.22, 2: 90, 3: null });
    // Weights need not sum to 100: 5/3/2 is the same class.
    expect(
      classAverage(
        categories.map((c) => ({ ...c, weight: c.weight / 10 })),
        items,
      ),
    ).toBe(91.39);
  });

  it("averages by points without categories, gives none without items, and counts extra credit", () => {
    expect(classAverage([], [item(null, 45, 50), item(null, 8, 10)])).toBe(88.33);
    expect(classAverage([], [])).toBeNull();
    expect(classAverage(categories, [])).toBeNull();
    expect(classAverage([], [item(null, 11, 10)])).toBe(110);
    expect(classAverage([], [item(null, 0, 10)])).toBe(0);
  });

  it("leaves out items without a category in a class that has categories, and names them", () => {
    const loose = item(null, 0, 100, "Pop quiz");
    expect(classAverage(categories, [...items, loose])).toBe(91.39);
    expect(uncountedItems(categories, [...items, loose])).toEqual([loose]);
    expect(uncountedItems([], [loose])).toEqual([]);
  });

  it("rounds half away from zero on the decimal digits", () => {
    expect(round2(1.005)).toBe(1.01);
    expect(round2(89.994999)).toBe(89.99);
    expect(round2(89.995)).toBe(90);
    expect(round2(2 / 3)).toBe(0.67);
  });
});

describe("letters", () => {
  it("are given on the average rounded to two decimals, at each cut-off", () => {
    expect(letterOf(round2(89.995))).toBe("A");
    expect(letterOf(round2(89.994))).toBe("B");
    expect([90, 80, 79.99, 70, 60, 59.99, 0, 110].map((a) => letterOf(a))).toEqual(["A", "B", "C", "C", "D", "F", "F", "A"]);
  });

  it("follow the student's own cut-offs, and + and − at the top and bottom 30 % of each band", () => {
    const strict = { ...DEFAULT_SCALE, cutoffs: { A: 93, B: 85, C: 75, D: 65 } };
    expect([93, 92.99, 85, 64.99].map((a) => letterOf(a, strict))).toEqual(["A", "B", "B", "F"]);
    const plusMinus = { ...DEFAULT_SCALE, plusMinus: true };
    expect([100, 97, 96.99, 93, 92.99, 90, 87, 86.99, 83, 82.99, 60, 59.99].map((a) => letterOf(a, plusMinus))).toEqual([
      "A+",
      "A+",
      "A",
      "A",
      "A-",
      "A-",
      "B+",
      "B",
      "B",
      "B-",
      "D-",
      "F",
    ]);
  });
});

describe("GPA", () => {
  it("counts classes with an average: 4 to 0 unweighted, honors +0.5 and AP +1 weighted, nothing on an F", () => {
    const classes = [
      { level: "regular" as const, average: 95 },
      { level: "honors" as const, average: 85 },
      { level: "ap" as const, average: 72 },
      { level: "ap" as const, average: null },
    ];
    expect(gpa(classes)).toEqual({ unweighted: 3, weighted: 3.5 });
    expect(gpa([{ level: "ap", average: 40 }])).toEqual({ unweighted: 0, weighted: 0 });
    expect(gpa([{ level: "regular", average: null }])).toEqual({ unweighted: null, weighted: null });
    // Two decimals: (4 + 3 + 3) / 3.
    expect(
      gpa([
        { level: "regular", average: 90 },
        { level: "regular", average: 80 },
        { level: "regular", average: 85 },
      ]).unweighted,
    ).toBe(3.33);
  });

  it("takes + and − as 0.3 either way, A+ still 4", () => {
    expect([gradePoints("A+", "regular", false), gradePoints("A-", "regular", false), gradePoints("B+", "ap", true)]).toEqual([
      4, 3.7, 4.3,
    ]);
  });
});

describe("what do I need?", () => {
  it("answers the score on the final that brings the class to an A, rounded up to be enough", () => {
    // (50 × 92.22… + 30 × 90 + 20 × f) / 100 rounds to 90.00 from f = 84.42 on: 89.9951.
    const answer = neededFor(categories, items, 90, { categoryId: 3, outOf: 100 });
    expect(answer).toEqual({ neededScore: 84.42, neededPercent: 84.42, possible: true });
    expect(classAverage(categories, [...items, item(3, answer.neededScore, 100)])!).toBeGreaterThanOrEqual(90);
    expect(classAverage(categories, [...items, item(3, answer.neededScore - 0.01, 100)])!).toBeLessThan(90);
  });

  it("counts by points without categories, answers 0 when already there, and the best reachable when out of reach", () => {
    const points = [item(null, 170, 200)];
    // (170 + s) / 300 rounds to 90.00 from s = 99.99 on.
    expect(neededFor([], points, 90, { categoryId: null, outOf: 100 })).toEqual({
      neededScore: 99.99,
      neededPercent: 99.99,
      possible: true,
    });
    expect(neededFor([], points, 95, { categoryId: null, outOf: 100 })).toEqual({
      neededScore: 114.99,
      neededPercent: 114.99,
      possible: false,
      bestAverage: 90,
    });
    expect(neededFor([], points, 50, { categoryId: null, outOf: 100 })).toEqual({ neededScore: 0, neededPercent: 0, possible: true });
  });

  it("adds to a category that has items, the others' weights unchanged", () => {
    // Homework at 18/20: 95 % overall needs Homework at (95 × 80 − 50 × 92.22…) / 30 = 99.63 %, 11.89 of one more 10: not possible.
    const answer = neededFor(categories.slice(0, 2), items, 95, { categoryId: 2, outOf: 10 });
    expect(answer.possible).toBe(false);
    expect(answer.bestAverage).toBe(classAverage(categories.slice(0, 2), [...items, item(2, 10, 10)]));
    const reachable = neededFor(categories.slice(0, 2), items, 91.5, { categoryId: 2, outOf: 10 });
    expect(reachable.possible).toBe(true);
    expect(classAverage(categories.slice(0, 2), [...items, item(2, reachable.neededScore, 10)])!).toBeGreaterThanOrEqual(91.5);
  });
});
