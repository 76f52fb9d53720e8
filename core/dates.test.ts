import { describe, expect, it } from "vitest";
import { addDaysToDate, isCalendarDate, weekdayOfDate } from "./dates";

describe("calendar dates written yyyy-MM-dd", () => {
  it.each([
    ["2026-12-31", 1, "2027-01-01"],
    ["2027-01-01", -1, "2026-12-31"],
    ["2028-02-28", 1, "2028-02-29"],
    ["2027-02-28", 1, "2027-03-01"],
    ["2026-11-23", 0, "2026-11-23"],
    ["2026-11-23", 7, "2026-11-30"],
    ["2026-11-23", -365, "2025-11-23"],
  ])("%s %+i days is %s", (date, days, expected) => {
    expect(addDaysToDate(date, days)).toBe(expected);
  });

  it.each([
    ["2026-11-22", 0],
    ["2026-11-23", 1],
    ["2026-11-28", 6],
    ["2028-02-29", 2],
  ])("%s falls on weekday %i (0 = Sunday)", (date, weekday) => {
    expect(weekdayOfDate(date)).toBe(weekday);
  });

  it("tells real dates from others", () => {
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(isCalendarDate("2027-02-29")).toBe(false);
    expect(isCalendarDate("2026-04-31")).toBe(false);
    expect(isCalendarDate("2026-4-3")).toBe(false);
  });

  it("throws on text that is not a date rather than guessing one", () => {
    expect(() => addDaysToDate("2026-02-30", 1)).toThrow(RangeError);
    expect(() => weekdayOfDate("soon")).toThrow(RangeError);
  });
});
