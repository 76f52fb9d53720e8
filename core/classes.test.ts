import { describe, expect, it } from "vitest";
import { classPeriodOf, parseUserClasses, periodLabel, serializeClassPeriods, subjectOptions, type Words } from "./classes";
import { translateInEnglish } from "./test/in-english";

const english: Words = { t: translateInEnglish, locale: "en" };

describe("period labels", () => {
  it.each([
    [3, 1, "3rd period"],
    [2, 2, "2nd to 3rd period"],
    [2, 3, "2nd to 4th period"],
    [10, 3, "10th to 12th period"],
  ] as const)("period %i spanning %i → %s", (period, span, expected) => {
    expect(periodLabel(english, period, span)).toBe(expected);
  });
});

describe("subjects from a user's classes", () => {
  const fallback = [
    ["Mathematics", "Mathematics (1st period)"],
    ["Science", "Science (2nd period)"],
    ["History", "History (3rd period)"],
    ["English", "English (4th period)"],
    ["Chemistry", "Chemistry (5th period)"],
    ["Physics", "Physics (6th period)"],
    ["Biology", "Biology (7th period)"],
    ["Other", "Other (8th period)"],
  ];

  it.each([
    ["no classes", []],
    ["missing classes", undefined],
    ["null classes", null],
    ["only blank entries", ["", "   "]],
    ["only lunch", ["Lunch"]],
  ])("%s give the fallback subjects", (_name, classes) => {
    expect(subjectOptions(classes, english).map((o) => [o.value, o.label])).toEqual(fallback);
  });

  it.each([
    [
      "one class per period, in order",
      ["Algebra", "Biology", "World History"],
      [
        ["Algebra", "Algebra (1st period)"],
        ["Biology", "Biology (2nd period)"],
        ["World History", "World History (3rd period)"],
      ],
    ],
    [
      "a triple block fills three periods and names them all",
      ["Algebra", "Chemistry (Triple Block)", "English"],
      [
        ["Algebra", "Algebra (1st period)"],
        ["Chemistry", "Chemistry (2nd to 4th period)"],
        ["English", "English (5th period)"],
      ],
    ],
    [
      "a double block fills two periods",
      ["Art (Double Block)", "English"],
      [
        ["Art", "Art (1st to 2nd period)"],
        ["English", "English (3rd period)"],
      ],
    ],
    [
      "a semester pair shares one period",
      ["Health (Semester 1)", "Driver Ed (Semester 2)", "Algebra", "Spanish"],
      [
        ["Health", "Health (1st period)"],
        ["Driver Ed", "Driver Ed (1st period)"],
        ["Algebra", "Algebra (2nd period)"],
        ["Spanish", "Spanish (3rd period)"],
      ],
    ],
    [
      "lunch fills a period but is no subject",
      ["A", "B", "C", "Lunch", "D"],
      [
        ["A", "A (1st period)"],
        ["B", "B (2nd period)"],
        ["C", "C (3rd period)"],
        ["D", "D (5th period)"],
      ],
    ],
    [
      "blank entries are skipped and names trimmed",
      ["  Algebra ", "", "Biology"],
      [
        ["Algebra", "Algebra (1st period)"],
        ["Biology", "Biology (2nd period)"],
      ],
    ],
    [
      "a repeated name is offered once, at its first period",
      ["Study Hall", "Algebra", "Study Hall"],
      [
        ["Study Hall", "Study Hall (1st period)"],
        ["Algebra", "Algebra (2nd period)"],
      ],
    ],
    [
      "a semester name without its partner fills its own period",
      ["Health (Semester 1)", "Algebra"],
      [
        ["Health", "Health (1st period)"],
        ["Algebra", "Algebra (2nd period)"],
      ],
    ],
  ])("%s", (_name, classes, expected) => {
    expect(subjectOptions(classes, english).map((o) => [o.value, o.label])).toEqual(expected);
  });
});

describe("stored class lists round-trip through periods", () => {
  it.each([
    [["Algebra", "Biology"]],
    [["Health (Semester 1)", "Driver Ed (Semester 2)", "Chemistry (Double Block)", "Lunch", "Art (Triple Block)"]],
  ])("%j", (classes) => {
    expect(serializeClassPeriods(parseUserClasses(classes))).toEqual(classes);
  });

  it("numbers periods across blocks and pairs", () => {
    const periods = parseUserClasses(["Health (Semester 1)", "Driver Ed (Semester 2)", "Chemistry (Double Block)", "Lunch", "Art"]);
    expect(periods.map((p) => [p.period, p.span, p.names, p.isLunch])).toEqual([
      [1, 1, ["Health", "Driver Ed"], false],
      [2, 2, ["Chemistry"], false],
      [4, 1, ["Lunch"], true],
      [5, 1, ["Art"], false],
    ]);
  });
});

describe("class period of a subject", () => {
  it("reads the user's periods, blocks at their first period, fallbacks without classes", () => {
    const periodOf = classPeriodOf(["Algebra", "Biology (Double Block)", "Lunch", "Art (Semester 1)", "Music (Semester 2)"]);
    expect(["algebra", "Biology", "Art", "Music", "Lunch", "Physics", null].map((s) => periodOf(s))).toEqual([
      1,
      2,
      5,
      5,
      null,
      null,
      null,
    ]);
    expect(classPeriodOf([])("Science")).toBe(2);
  });
});
