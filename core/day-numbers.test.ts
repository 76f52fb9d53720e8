import { describe, expect, it } from "vitest";
import {
  civilFromDays,
  daysFromCivil,
  daysInMonth,
  formatDayNumber,
  isLeapYear,
  parseDayNumber,
  WEEKDAY_NAMES,
  weekdayOf,
} from "./day-numbers";

describe("day numbers", () => {
  // Day numbers and weekdays checked against Python's datetime (proleptic Gregorian ordinals).
  it.each([
    ["1970-01-01", 0, "thursday"],
    ["1969-12-31", -1, "wednesday"],
    ["2000-02-29", 11016, "tuesday"],
    ["2000-03-01", 11017, "wednesday"],
    ["1900-03-01", -25508, "thursday"],
    ["1600-02-29", -135081, "tuesday"],
    ["2026-11-23", 20780, "monday"],
    ["2026-12-31", 20818, "thursday"],
    ["2027-01-01", 20819, "friday"],
    ["0001-01-01", -719162, "monday"],
    ["9999-12-31", 2932896, "friday"],
  ])("%s is day %i, a %s", (date, dayNumber, weekday) => {
    expect(parseDayNumber(date)).toBe(dayNumber);
    expect(formatDayNumber(dayNumber)).toBe(date);
    expect(WEEKDAY_NAMES[weekdayOf(dayNumber)]).toBe(weekday);
  });

  it.each([
    ["a month end", "2026-01-31", 1, "2026-02-01"],
    ["a 30-day month end", "2026-04-30", 1, "2026-05-01"],
    ["a leap February", "2028-02-28", 1, "2028-02-29"],
    ["the leap day", "2028-02-29", 1, "2028-03-01"],
    ["a common February", "2027-02-28", 1, "2027-03-01"],
    ["a century that is not leap", "2100-02-28", 1, "2100-03-01"],
    ["a century that is leap", "2000-02-28", 1, "2000-02-29"],
    ["the year end", "2026-12-31", 1, "2027-01-01"],
    ["back over the year end", "2027-01-01", -1, "2026-12-31"],
    ["back over a month end", "2026-03-01", -1, "2026-02-28"],
    ["back over 1970-01-01", "1970-01-01", -1, "1969-12-31"],
    ["a whole leap year", "2028-01-01", 366, "2029-01-01"],
    ["a whole common year", "2027-01-01", 365, "2028-01-01"],
    ["a week over the year end", "2026-12-29", 7, "2027-01-05"],
  ])("crosses %s: %s %+i days is %s", (_edge, date, days, expected) => {
    expect(formatDayNumber(parseDayNumber(date)! + days)).toBe(expected);
  });

  it("agrees with Date.UTC on every day from 1600 to 2400, weekdays included", () => {
    const first = daysFromCivil(1600, 1, 1);
    const last = daysFromCivil(2400, 12, 31);
    const disagreements: string[] = [];
    for (let day = first; day <= last; day++) {
      const utc = new Date(day * 86_400_000);
      const [year, month, date] = civilFromDays(day);
      if (
        year !== utc.getUTCFullYear() ||
        month !== utc.getUTCMonth() + 1 ||
        date !== utc.getUTCDate() ||
        weekdayOf(day) !== utc.getUTCDay()
      ) {
        disagreements.push(`${day}: ${formatDayNumber(day)} vs ${utc.toISOString()}`);
      }
    }
    expect(disagreements).toEqual([]);
  });

  it("pads years below 1000 to four digits", () => {
    expect(formatDayNumber(daysFromCivil(5, 3, 7))).toBe("0005-03-07");
    expect(parseDayNumber("0005-03-07")).toBe(daysFromCivil(5, 3, 7));
  });
});

describe("months and years", () => {
  it.each([
    [2024, true],
    [2028, true],
    [2026, false],
    [2000, true],
    [1600, true],
    [1900, false],
    [2100, false],
  ])("%i is a leap year: %s", (year, leap) => {
    expect(isLeapYear(year)).toBe(leap);
  });

  it.each([
    [2026, 1, 31],
    [2026, 2, 28],
    [2028, 2, 29],
    [2000, 2, 29],
    [2100, 2, 28],
    [2026, 3, 31],
    [2026, 4, 30],
    [2026, 5, 31],
    [2026, 6, 30],
    [2026, 7, 31],
    [2026, 8, 31],
    [2026, 9, 30],
    [2026, 10, 31],
    [2026, 11, 30],
    [2026, 12, 31],
  ])("%i-%i has %i days", (year, month, days) => {
    expect(daysInMonth(year, month)).toBe(days);
  });
});

describe("parseDayNumber", () => {
  it.each([
    ["a day past the month end", "2026-04-31"],
    ["29 February of a common year", "2027-02-29"],
    ["29 February of a century that is not leap", "2100-02-29"],
    ["day 0", "2026-01-00"],
    ["month 0", "2026-00-10"],
    ["month 13", "2026-13-01"],
    ["unpadded parts", "2026-2-3"],
    ["another separator", "2026/02/03"],
    ["a time after the date", "2026-02-03T00:00"],
    ["a space before the date", " 2026-02-03"],
    ["full-width digits", "２０２６-02-03"],
    ["an empty string", ""],
  ])("rejects %s (%j)", (_case, text) => {
    expect(parseDayNumber(text)).toBeNull();
  });

  it.each([null, undefined, 20260203])("rejects %j, which is not text", (value) => {
    expect(parseDayNumber(value)).toBeNull();
  });
});
