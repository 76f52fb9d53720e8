import { describe, expect, it } from "vitest";
import { addDaysToDate, clockTimeIn, isCalendarDate, LAST_MINUTE_OF_DAY, minutesOfDay, timeOfDay, weekdayOfDate } from "./dates";

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

describe("times of day", () => {
  it("read and write HH:mm as minutes since midnight, and say the clock in the school's zone whatever the device's", () => {
    expect(minutesOfDay("00:00")).toBe(0);
    expect(minutesOfDay("16:45")).toBe(1005);
    expect(timeOfDay(1005)).toBe("16:45");
    expect(timeOfDay(LAST_MINUTE_OF_DAY)).toBe("23:59");
    // 03:30 UTC is 22:30 the day before in New York.
    expect(clockTimeIn("America/New_York", new Date("2026-11-23T03:30:00Z"))).toBe("22:30");
  });
});
