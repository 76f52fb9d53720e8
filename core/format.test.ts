import { describe, expect, it } from "vitest";
import { clockHour, formatFullDate, formatShortDate, formatTime12, formatWeekdayDate, ordinal } from "./format";

const NY = "America/New_York";

describe("ordinals", () => {
  it.each([
    [1, "1st"],
    [2, "2nd"],
    [3, "3rd"],
    [4, "4th"],
    [11, "11th"],
    [12, "12th"],
    [13, "13th"],
    [21, "21st"],
    [22, "22nd"],
  ])("%i → %s", (n, expected) => {
    expect(ordinal(n)).toBe(expected);
  });
});

describe("12-hour times", () => {
  it.each([
    ["00:00", "12:00 AM"],
    ["11:59", "11:59 AM"],
    ["12:00", "12:00 PM"],
    ["13:07", "1:07 PM"],
  ])("%s → %s", (time, expected) => {
    expect(formatTime12(time)).toBe(expected);
  });
});

describe("short dates", () => {
  it.each([
    ["2026-11-23", "Nov 23, 2026"],
    ["2026-01-05", "Jan 5, 2026"],
    ["2028-02-29", "Feb 29, 2028"],
  ])("%s → %s", (date, expected) => {
    expect(formatShortDate(date)).toBe(expected);
  });
});

describe("weekday dates (a digest's lists)", () => {
  it.each([
    ["2026-11-30", "en", "Mon, Nov 30"],
    ["2026-11-30", "es", "lun, 30 nov"],
    ["2026-12-02", "es", "mié, 2 dic"],
    ["2028-02-29", "en", "Tue, Feb 29"],
  ] as const)("%s in %s → %s", (date, locale, expected) => {
    expect(formatWeekdayDate(date, locale)).toBe(expected);
  });
});

describe("full date", () => {
  it.each([
    ["2026-11-22T15:00:00Z", NY, "Sunday, November 22, 2026"],
    ["2026-11-22T03:30:00Z", NY, "Saturday, November 21, 2026"],
    ["2026-11-22T03:30:00Z", "UTC", "Sunday, November 22, 2026"],
    ["2028-02-29T12:00:00Z", NY, "Tuesday, February 29, 2028"],
  ])("%s in %s → %s", (instant, zone, expected) => {
    expect(formatFullDate(new Date(instant), zone)).toBe(expected);
  });
});

describe("clockHour", () => {
  it.each([
    ["00:05", 12],
    ["01:05", 1],
    ["12:30", 12],
    ["13:05", 1],
    ["15:30", 3],
    ["23:59", 11],
  ] as const)("%s shows %i on a 12-hour clock", (time, hour) => {
    expect(clockHour(time)).toBe(hour);
  });
});
