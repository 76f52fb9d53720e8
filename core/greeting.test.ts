import { describe, expect, it } from "vitest";
import { greeting, timeOfDay } from "./greeting";
import { translateInEnglish, translateInSpanish } from "./test/in-english";

const NY = "America/New_York";

describe("time-of-day greeting in the school's time zone", () => {
  it.each([
    ["2026-11-22T05:00:00Z", "morning"], // 00:00 EST
    ["2026-11-22T16:59:59Z", "morning"], // 11:59:59 EST
    ["2026-11-22T17:00:00Z", "afternoon"], // 12:00 EST
    ["2026-11-22T21:59:00Z", "afternoon"], // 16:59 EST
    ["2026-11-22T22:00:00Z", "evening"], // 17:00 EST
    ["2026-11-23T04:59:00Z", "evening"], // 23:59 EST, already the 23rd in UTC
    ["2026-07-01T15:59:00Z", "morning"], // 11:59 EDT
    ["2026-07-01T16:00:00Z", "afternoon"], // 12:00 EDT
    ["2026-07-01T21:00:00Z", "evening"], // 17:00 EDT
    ["2026-03-08T15:30:00Z", "morning"], // 11:30 EDT, the day clocks spring forward
    ["2026-11-01T16:30:00Z", "morning"], // 11:30 EST, the day clocks fall back
  ] as const)("at %s it is %s in New York", (instant, expected) => {
    expect(timeOfDay(new Date(instant), NY)).toBe(expected);
  });

  it("greets by first name, or without one", () => {
    const at = new Date("2026-11-22T14:00:00Z");
    expect(greeting(at, NY, "Ana", translateInEnglish)).toBe("Good morning, Ana");
    expect(greeting(at, NY, "  ", translateInEnglish)).toBe("Good morning");
    expect(greeting(at, NY, null, translateInEnglish)).toBe("Good morning");
    expect(greeting(at, "Asia/Tokyo", "Ana", translateInEnglish)).toBe("Good evening, Ana"); // 23:00 in Tokyo
  });

  it("greets in Spanish: Buenos días, Buenas tardes, Buenas noches", () => {
    expect(greeting(new Date("2026-11-22T14:00:00Z"), NY, "Ana", translateInSpanish)).toBe("Buenos días, Ana");
    expect(greeting(new Date("2026-11-22T19:00:00Z"), NY, null, translateInSpanish)).toBe("Buenas tardes");
    expect(greeting(new Date("2026-11-22T23:00:00Z"), NY, "Ana", translateInSpanish)).toBe("Buenas noches, Ana");
  });
});
