import { type Messages, setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { weekdayOfDate } from "@core/dates";
import { messages as englishApp } from "@core/i18n/compiled/en/app";
import { messages as spanishApp } from "@core/i18n/compiled/es/app";
import { messages as englishCalendar } from "@core/i18n/compiled/en/calendar";
import { messages as spanishCalendar } from "@core/i18n/compiled/es/calendar";
import { translatorFor } from "@core/i18n/translate";
import {
  defaultFocusDate,
  fullDateLabel,
  itemCountLabel,
  lastDateOfMonth,
  longDate,
  monthGridDates,
  monthOf,
  dayDescription,
  monthTitle,
  moreLabel,
  shortMoreLabel,
  sameDayInMonth,
  shiftMonth,
  shortDayLabel,
} from "./month-grid-dates";

/** The calendar's words in each language, as the app words them (decision 108). */
const en = translatorFor(setupI18n({ locale: "en", messages: { en: { ...englishApp, ...englishCalendar } as Messages } }));
const es = translatorFor(setupI18n({ locale: "es", messages: { es: { ...spanishApp, ...spanishCalendar } as Messages } }));

describe("monthGridDates", () => {
  it("starts on the 1st when the month starts on a Sunday (November 2026: 5 weeks)", () => {
    const dates = monthGridDates("2026-11");
    expect(dates[0]).toBe("2026-11-01");
    expect(dates).toHaveLength(35);
    expect(dates.at(-1)).toBe("2026-12-05");
  });

  it("needs exactly 4 weeks for a 28-day February starting on a Sunday (2015)", () => {
    const dates = monthGridDates("2015-02");
    expect(dates).toHaveLength(28);
    expect(dates[0]).toBe("2015-02-01");
    expect(dates.at(-1)).toBe("2015-02-28");
  });

  it("needs 6 weeks for a 31-day month starting on a Saturday (August 2026)", () => {
    const dates = monthGridDates("2026-08");
    expect(dates).toHaveLength(42);
    expect(dates[0]).toBe("2026-07-26");
    expect(dates[6]).toBe("2026-08-01");
    expect(dates.at(-1)).toBe("2026-09-05");
  });

  it("includes the 29th of a leap February and ends a common February on the 28th", () => {
    const leap = monthGridDates("2028-02");
    expect(leap).toContain("2028-02-29");
    expect(leap[0]).toBe("2028-01-30");
    expect(leap.at(-1)).toBe("2028-03-04");
    const common = monthGridDates("2027-02");
    expect(common).not.toContain("2027-02-29");
    expect(common).toContain("2027-03-01");
    expect(common[0]).toBe("2027-01-31");
    expect(common.at(-1)).toBe("2027-03-06");
  });

  it("crosses the year at December (2026: Sunday Nov 29 to Saturday Jan 2)", () => {
    const dates = monthGridDates("2026-12");
    expect(dates[0]).toBe("2026-11-29");
    expect(dates.at(-1)).toBe("2027-01-02");
    expect(dates).toHaveLength(35);
  });

  it("always gives whole weeks, Sunday to Saturday, consecutive dates", () => {
    for (let i = 0; i < 24; i++) {
      const dates = monthGridDates(shiftMonth("2026-01", i));
      expect(dates.length % 7).toBe(0);
      expect(weekdayOfDate(dates[0]!)).toBe(0);
      expect(weekdayOfDate(dates.at(-1)!)).toBe(6);
      expect(new Set(dates).size).toBe(dates.length);
    }
  });
});

describe("month arithmetic", () => {
  it("shifts across the year in both directions", () => {
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
    expect(shiftMonth("2027-01", -1)).toBe("2026-12");
    expect(shiftMonth("2026-05", 13)).toBe("2027-06");
    expect(shiftMonth("2026-05", -17)).toBe("2024-12");
    expect(shiftMonth("2026-05", 0)).toBe("2026-05");
  });

  it("knows the last date of each month, leap Februaries included", () => {
    expect(lastDateOfMonth("2028-02")).toBe("2028-02-29");
    expect(lastDateOfMonth("2027-02")).toBe("2027-02-28");
    expect(lastDateOfMonth("2100-02")).toBe("2100-02-28");
    expect(lastDateOfMonth("2000-02")).toBe("2000-02-29");
    expect(lastDateOfMonth("2026-04")).toBe("2026-04-30");
    expect(lastDateOfMonth("2026-12")).toBe("2026-12-31");
  });

  it("reads the month of a date and titles it", () => {
    expect(monthOf("2026-12-15")).toBe("2026-12");
    expect(monthTitle("2026-12", en, "en")).toBe("December 2026");
    expect(monthTitle("2027-01", en, "en")).toBe("January 2027");
    expect(monthTitle("2026-12", es, "es")).toBe("Diciembre de 2026");
  });

  it("focuses today in its month, else the 1st", () => {
    expect(defaultFocusDate("2026-12", "2026-12-15")).toBe("2026-12-15");
    expect(defaultFocusDate("2027-01", "2026-12-15")).toBe("2027-01-01");
  });

  it("clamps the same day to a shorter month", () => {
    expect(sameDayInMonth(31, "2027-02")).toBe("2027-02-28");
    expect(sameDayInMonth(29, "2028-02")).toBe("2028-02-29");
    expect(sameDayInMonth(5, "2026-11")).toBe("2026-11-05");
  });
});

describe("wording", () => {
  it("writes dates in English US", () => {
    expect(fullDateLabel("2026-12-15", en, "en")).toBe("Tuesday, December 15, 2026");
    expect(longDate("2026-12-05", en, "en")).toBe("December 5, 2026");
    expect(shortDayLabel("2026-12-15", en, "en")).toBe("Tue, Dec 15");
    expect(shortDayLabel("2027-01-03", en, "en")).toBe("Sun, Jan 3");
    expect(dayDescription("2026-12-15", "A day", 3, en, "en")).toBe("Tuesday · A day · 3 items");
  });

  it("writes dates in Spanish, the day before the month", () => {
    expect(fullDateLabel("2026-12-15", es, "es")).toBe("Martes, 15 de diciembre de 2026");
    expect(longDate("2026-12-05", es, "es")).toBe("5 de diciembre de 2026");
    expect(shortDayLabel("2026-12-15", es, "es")).toBe("Mar, 15 dic");
    expect(dayDescription("2026-12-15", "Día A", 1, es, "es")).toBe("Martes · Día A · 1 elemento");
    expect(dayDescription("2026-12-15", null, 0, es, "es")).toBe("Martes · Sin elementos");
  });

  it("counts items and the entries beyond the shown chips", () => {
    expect(itemCountLabel(0, en)).toBe("No items");
    expect(itemCountLabel(1, en)).toBe("1 item");
    expect(itemCountLabel(3, en)).toBe("3 items");
    expect(moreLabel(3, 2, en)).toBe("+1 more");
    expect(moreLabel(3, 1, en)).toBe("+2 more");
    expect(moreLabel(2, 2, en)).toBeNull();
    expect(moreLabel(0, 1, en)).toBeNull();
    expect(shortMoreLabel(4, 1, en)).toEqual({ text: "+3", title: "3 more" });
    expect(shortMoreLabel(13, 1, en)).toEqual({ text: "+12", title: "12 more" });
    expect(shortMoreLabel(1, 1, en)).toBeNull();
    expect(itemCountLabel(0, es)).toBe("Sin elementos");
    expect(itemCountLabel(3, es)).toBe("3 elementos");
    expect(moreLabel(3, 1, es)).toBe("+2 más");
    expect(shortMoreLabel(4, 1, es)).toEqual({ text: "+3", title: "3 más" });
  });
});
