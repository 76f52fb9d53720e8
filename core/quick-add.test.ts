import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { zonedParts } from "./dates";
import { parseQuickAdd, quickAddClasses, type QuickAddKind, type QuickAddResult } from "./quick-add";
import { translateInSpanish } from "./test/in-english";

/**
 * The acceptance tables of issue 40 (docs/decisions/118-quick-add.md). Each "now" is an instant
 * whose wall clock in its school's zone is checked first (so a wrong fixture fails loudly), and the
 * whole file runs under several process zones (vi.stubEnv sets TZ, which Node re-reads, as
 * core/calendar/recurrence.tz.test.ts does): the answer is the school's, never the device's.
 */

// Biology p1, Chemistry p2–4 (a block), Lunch p5, Art/Spanish p6 (a semester pair), World History
// p7, History p8, Theatre p9.
const SCHEDULE = [
  "Biology",
  "Chemistry (Triple Block)",
  "Lunch",
  "Art (Semester 1)",
  "Spanish (Semester 2)",
  "World History",
  "History",
  "Theatre",
];
const CLASSES = quickAddClasses(SCHEDULE);

type Zone = "America/New_York" | "Europe/Madrid" | "Pacific/Auckland" | "UTC";
interface Now {
  zone: Zone;
  instant: string;
  /** The school's wall clock at that instant: "2025-11-14 Friday 10:00". */
  wall: string;
}

const NOW = {
  nyFriday: { zone: "America/New_York", instant: "2025-11-14T15:00:00Z", wall: "2025-11-14 Friday 10:00" },
  nyFridayAfter3: { zone: "America/New_York", instant: "2025-11-14T21:00:00Z", wall: "2025-11-14 Friday 16:00" },
  nySaturday: { zone: "America/New_York", instant: "2025-11-15T15:00:00Z", wall: "2025-11-15 Saturday 10:00" },
  nySunday: { zone: "America/New_York", instant: "2025-11-16T15:00:00Z", wall: "2025-11-16 Sunday 10:00" },
  nyJan31: { zone: "America/New_York", instant: "2025-01-31T15:00:00Z", wall: "2025-01-31 Friday 10:00" },
  nyDec31: { zone: "America/New_York", instant: "2025-12-31T15:00:00Z", wall: "2025-12-31 Wednesday 10:00" },
  nyDec20: { zone: "America/New_York", instant: "2025-12-20T15:00:00Z", wall: "2025-12-20 Saturday 10:00" },
  // Spring forward: 2025-03-09 02:00 EST → 03:00 EDT; fall back: 2025-11-02 02:00 EDT → 01:00 EST.
  nyBeforeSpring: { zone: "America/New_York", instant: "2025-03-09T06:00:00Z", wall: "2025-03-09 Sunday 1:00" },
  nyAfterSpring: { zone: "America/New_York", instant: "2025-03-09T07:30:00Z", wall: "2025-03-09 Sunday 3:30" },
  nyDayBeforeSpring: { zone: "America/New_York", instant: "2025-03-08T17:00:00Z", wall: "2025-03-08 Saturday 12:00" },
  nyFallFirst130: { zone: "America/New_York", instant: "2025-11-02T05:30:00Z", wall: "2025-11-02 Sunday 1:30" },
  nyFallSecond130: { zone: "America/New_York", instant: "2025-11-02T06:30:00Z", wall: "2025-11-02 Sunday 1:30" },
  madridFriday: { zone: "Europe/Madrid", instant: "2025-11-14T09:00:00Z", wall: "2025-11-14 Friday 10:00" },
  // Spring forward: 2025-03-30 02:00 CET → 03:00 CEST; fall back: 2025-10-26 03:00 CEST → 02:00 CET.
  madridBeforeSpring: { zone: "Europe/Madrid", instant: "2025-03-30T00:30:00Z", wall: "2025-03-30 Sunday 1:30" },
  madridAfterSpring: { zone: "Europe/Madrid", instant: "2025-03-30T01:30:00Z", wall: "2025-03-30 Sunday 3:30" },
  madridFallFirst: { zone: "Europe/Madrid", instant: "2025-10-26T00:40:00Z", wall: "2025-10-26 Sunday 2:40" },
  madridFallSecond: { zone: "Europe/Madrid", instant: "2025-10-26T01:15:00Z", wall: "2025-10-26 Sunday 2:15" },
  // Friday morning in Auckland is still Thursday in UTC and in the Americas.
  aucklandFriday: { zone: "Pacific/Auckland", instant: "2025-11-13T19:00:00Z", wall: "2025-11-14 Friday 8:00" },
  aucklandSunday: { zone: "Pacific/Auckland", instant: "2025-11-15T22:00:00Z", wall: "2025-11-16 Sunday 11:00" },
  utcLateFriday: { zone: "UTC", instant: "2025-11-14T23:30:00Z", wall: "2025-11-14 Friday 23:30" },
  // 02:30 on 2025-03-09 does not exist in Los Angeles (a process zone below): the school's does.
  utcInUsGap: { zone: "UTC", instant: "2025-03-09T02:30:00Z", wall: "2025-03-09 Sunday 2:30" },
} satisfies Record<string, Now>;
type NowName = keyof typeof NOW;

function parse(input: string, now: NowName, locale: "en" | "es" = "en", ignore?: QuickAddKind[]): QuickAddResult {
  const { zone, instant } = NOW[now];
  const result = parseQuickAdd(input, {
    locale,
    now: new Date(instant),
    timeZone: zone,
    classes: CLASSES,
    ignore: ignore && new Set(ignore),
  });
  // Every chip's offsets are its words in the input, in input order, none overlapping.
  let last = 0;
  for (const part of result.parts) {
    expect(input.slice(part.start, part.end)).toBe(part.text);
    expect(part.start).toBeGreaterThanOrEqual(last);
    last = part.end;
  }
  return result;
}

/** The short form compared in the tables: [dueDate, dueTime, title]. */
function when(input: string, now: NowName, locale: "en" | "es" = "en"): [string | null, string | null, string] {
  const r = parse(input, now, locale);
  return [r.dueDate, r.dueTime, r.title];
}

const PROCESS_ZONES: [zone: string, offsetOn20250101: number][] = [
  ["UTC", 0],
  ["Pacific/Auckland", -780],
  ["America/Los_Angeles", 480],
  ["Asia/Kolkata", -330],
];

afterAll(() => {
  vi.unstubAllEnvs();
});

describe.each(PROCESS_ZONES)("with the process in %s", (processZone, offset) => {
  beforeEach(() => {
    vi.stubEnv("TZ", processZone);
  });

  it("the process zone took effect, and each fixture's wall clock is what its name says", () => {
    expect(new Date(Date.UTC(2025, 0, 1)).getTimezoneOffset()).toBe(offset);
    for (const { zone, instant, wall } of Object.values(NOW)) {
      const p = zonedParts(new Date(instant), zone);
      expect(
        `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")} ${p.weekday} ${p.hour}:${String(p.minute).padStart(2, "0")}`,
      ).toBe(wall);
    }
  });

  it("reads the issue's example", () => {
    expect(parse("chem lab report thu 8am !high", "nyFriday")).toEqual({
      title: "lab report",
      dueDate: "2025-11-20",
      dueTime: "08:00",
      priority: "high",
      subject: "Chemistry",
      estimateMinutes: null,
      parts: [
        { kind: "subject", text: "chem", start: 0, end: 4 },
        { kind: "date", text: "thu", start: 16, end: 19 },
        { kind: "time", text: "8am", start: 20, end: 23 },
        { kind: "priority", text: "!high", start: 24, end: 29 },
      ],
    });
  });

  describe("the time a task needs (issue 51)", () => {
    it.each([
      ["essay 45m", "en", 45, "essay"],
      ["essay 90 min fri", "en", 90, "essay"],
      ["essay 1h", "en", 60, "essay"],
      ["essay 1.5h !high", "en", 90, "essay"],
      ["essay 2 hours", "en", 120, "essay"],
      ["ensayo 2 horas", "es", 120, "ensayo"],
      ["ensayo 1,5 h", "es", 90, "ensayo"],
      ["ensayo 30 minutos", "es", 30, "ensayo"],
      // Out of the estimate's range (5 minutes to 10 hours): words of the title.
      ["read 2 m of the chapter", "en", null, "read of the chapter"],
      ["marathon 12 hours", "en", null, "marathon"],
      // Not a unit: "2 homework sheets", "2pm".
      ["2 homework sheets", "en", null, "2 homework sheets"],
    ])("%s (%s) needs %s minutes, titled %s", (input, locale, minutes, title) => {
      const result = parse(input, "nyFriday", locale as "en" | "es");
      expect(result.estimateMinutes).toBe(minutes);
      expect(result.title).toBe(title);
      if (minutes !== null) expect(result.parts.map((p) => p.kind)).toContain("estimate");
    });

    it("leaves a time from now to the dates ('in 3 hours' is a due time, not an estimate), and reads only the first estimate", () => {
      const later = parse("lab in 3 hours", "nyFriday");
      expect(later.estimateMinutes).toBeNull();
      expect(later.dueTime).toBe("13:00");
      expect(parse("essay 30m then 1h", "nyFriday")).toMatchObject({ estimateMinutes: 30, title: "essay then 1h", dueDate: null });
    });

    it("keeps the words of an estimate chip the student removed in the title", () => {
      expect(parse("essay 45m", "nyFriday", "en", ["estimate"])).toMatchObject({
        estimateMinutes: null,
        title: "essay 45m",
        dueDate: null,
      });
    });
  });

  describe("dates in English (M/D)", () => {
    it.each([
      // Friday 2025-11-14, 10:00 in New York.
      ["essay today", "nyFriday", "2025-11-14", "essay"],
      ["essay tomorrow", "nyFriday", "2025-11-15", "essay"],
      ["essay fri", "nyFriday", "2025-11-21", "essay"], // said on a Friday: the next one
      ["essay friday", "nyFriday", "2025-11-21", "essay"],
      ["essay next fri", "nyFriday", "2025-11-21", "essay"],
      ["essay this fri", "nyFriday", "2025-11-14", "essay"],
      ["essay mon", "nyFriday", "2025-11-17", "essay"],
      ["essay thursday", "nyFriday", "2025-11-20", "essay"],
      ["essay on wed", "nyFriday", "2025-11-19", "essay"],
      ["monday's essay", "nyFriday", "2025-11-17", "essay"],
      ["essay dec 12", "nyFriday", "2025-12-12", "essay"],
      ["essay 12/12", "nyFriday", "2025-12-12", "essay"],
      ["essay 12/11", "nyFriday", "2025-12-11", "essay"], // month first
      ["essay 11/13", "nyFriday", "2026-11-13", "essay"], // yesterday's date: next year's
      ["essay nov 14", "nyFriday", "2025-11-14", "essay"], // today's date: today
      ["essay in 3 days", "nyFriday", "2025-11-17", "essay"],
      ["may 5 quiz", "nyFriday", "2026-05-05", "quiz"],
      // The week's end.
      ["essay mon", "nySaturday", "2025-11-17", "essay"],
      ["essay mon", "nySunday", "2025-11-17", "essay"],
      ["essay sat", "nySaturday", "2025-11-22", "essay"],
      ["essay sun", "nySaturday", "2025-11-16", "essay"],
      // Month and year ends.
      ["essay in 3 days", "nyJan31", "2025-02-03", "essay"],
      ["essay tomorrow", "nyJan31", "2025-02-01", "essay"],
      ["essay tomorrow", "nyDec31", "2026-01-01", "essay"],
      ["essay fri", "nyDec31", "2026-01-02", "essay"],
      ["essay dec 12", "nyDec20", "2026-12-12", "essay"],
      ["essay 1/5", "nyDec20", "2026-01-05", "essay"],
      // The school's day, not UTC's nor the device's.
      ["essay today", "aucklandFriday", "2025-11-14", "essay"],
      ["essay tomorrow", "aucklandFriday", "2025-11-15", "essay"],
      ["essay fri", "aucklandFriday", "2025-11-21", "essay"],
      ["essay mon", "aucklandSunday", "2025-11-17", "essay"],
      ["essay tomorrow", "utcLateFriday", "2025-11-15", "essay"],
      ["essay tomorrow", "utcInUsGap", "2025-03-10", "essay"],
      ["essay in 3 days", "utcInUsGap", "2025-03-12", "essay"],
      ["essay sun", "utcInUsGap", "2025-03-16", "essay"],
    ] as const)("%s (%s) → %s", (input, now, date, title) => {
      expect(when(input, now)).toEqual([date, null, title]);
    });
  });

  describe("times in English", () => {
    it.each([
      ["essay 3pm", "nyFriday", "2025-11-14", "15:00"], // still ahead: today
      ["essay 3 pm", "nyFriday", "2025-11-14", "15:00"],
      ["essay 3pm", "nyFridayAfter3", "2025-11-15", "15:00"], // past: tomorrow
      ["essay today 3pm", "nyFridayAfter3", "2025-11-14", "15:00"], // the student said today
      ["essay 9am", "nyFriday", "2025-11-15", "09:00"],
      ["essay 10am", "nyFriday", "2025-11-15", "10:00"], // now is not ahead
      ["essay 8am", "nyFriday", "2025-11-15", "08:00"],
      ["essay 15:30", "nyFriday", "2025-11-14", "15:30"],
      ["essay at noon", "nyFriday", "2025-11-14", "12:00"],
      ["essay at 3", "nyFriday", "2025-11-14", "15:00"], // no am/pm, 1 to 6: the afternoon
      ["essay at 8", "nyFriday", "2025-11-15", "08:00"],
      ["essay tomorrow at 3pm", "nyFriday", "2025-11-15", "15:00"],
      ["essay dec 12 at 3pm", "nyFriday", "2025-12-12", "15:00"],
      ["essay 11pm", "utcLateFriday", "2025-11-15", "23:00"],
      ["essay 3pm", "aucklandFriday", "2025-11-14", "15:00"],
      ["essay 7am", "aucklandFriday", "2025-11-15", "07:00"],
      // DST days: 2:30 does not exist on New York's or Madrid's spring-forward night; the task keeps
      // the wall-clock time written, as every due time is stored.
      ["essay 2:30am", "nyBeforeSpring", "2025-03-09", "02:30"],
      ["essay 2:30am", "nyAfterSpring", "2025-03-10", "02:30"],
      ["essay tomorrow 2:30am", "nyDayBeforeSpring", "2025-03-09", "02:30"],
      ["essay 2:30am", "nyFallFirst130", "2025-11-02", "02:30"],
      ["essay 2:30am", "nyFallSecond130", "2025-11-02", "02:30"],
      ["essay 1:15am", "nyFallSecond130", "2025-11-03", "01:15"],
      ["essay 2:45am", "utcInUsGap", "2025-03-09", "02:45"],
      ["essay 2:15am", "utcInUsGap", "2025-03-10", "02:15"],
      ["essay 3am", "utcInUsGap", "2025-03-09", "03:00"],
      ["essay 2:30am", "madridBeforeSpring", "2025-03-30", "02:30"],
      ["essay 2:30am", "madridAfterSpring", "2025-03-31", "02:30"],
      ["essay 2:30am", "madridFallFirst", "2025-10-27", "02:30"], // 2:40 now: past
      ["essay 2:30am", "madridFallSecond", "2025-10-26", "02:30"], // the clock went back to 2:15
    ] as const)("%s (%s) → %s %s", (input, now, date, time) => {
      expect(when(input, now)).toEqual([date, time, "essay"]);
    });

    it("a time and its date are one chip each, either side of the words between", () => {
      expect(parse("essay tomorrow at 3pm", "nyFriday").parts.map((p) => [p.kind, p.text])).toEqual([
        ["date", "tomorrow"],
        ["time", "at 3pm"],
      ]);
    });
  });

  describe("dates and times in Spanish (D/M)", () => {
    it.each([
      // Friday 2025-11-14, 10:00 in Madrid.
      ["ensayo hoy", "2025-11-14", null],
      ["ensayo mañana", "2025-11-15", null],
      ["ensayo pasado mañana", "2025-11-16", null],
      ["ensayo viernes", "2025-11-21", null],
      ["ensayo el viernes", "2025-11-21", null],
      ["ensayo el próximo viernes", "2025-11-21", null],
      ["ensayo para el viernes", "2025-11-21", null],
      ["ensayo este viernes", "2025-11-14", null],
      ["ensayo lunes", "2025-11-17", null],
      ["ensayo el mié", "2025-11-19", null],
      ["ensayo 12 de diciembre", "2025-12-12", null],
      ["ensayo 12/12", "2025-12-12", null],
      ["ensayo 13/12", "2025-12-13", null], // day first
      ["ensayo 12/11", "2026-11-12", null], // 12 November is past: next year's
      ["ensayo en 3 días", "2025-11-17", null],
      ["ensayo a las 3", "2025-11-14", "15:00"],
      ["ensayo a las 9", "2025-11-15", "09:00"],
      ["ensayo 15:30", "2025-11-14", "15:30"],
      ["ensayo a las 15:30", "2025-11-14", "15:30"],
      ["ensayo al mediodía", "2025-11-14", "12:00"],
      ["ensayo a las 3 de la tarde", "2025-11-14", "15:00"],
      ["ensayo a las 8 de la noche", "2025-11-14", "20:00"],
      ["ensayo a las 12 de la noche", "2025-11-15", "00:00"],
      ["ensayo a las 5 de la madrugada", "2025-11-15", "05:00"],
      ["ensayo a las 11 de la mañana", "2025-11-14", "11:00"],
      ["ensayo mañana a las 8 de la mañana", "2025-11-15", "08:00"],
      ["ensayo hoy a las 9", "2025-11-14", "09:00"], // the student said today
      ["ensayo el viernes a las 3", "2025-11-21", "15:00"],
    ] as const)("%s → %s %s", (input, date, time) => {
      expect(when(input, "madridFriday", "es")).toEqual([date, time, "ensayo"]);
    });

    it("5 de mayo is a date; the words around it stay", () => {
      expect(when("examen 5 de mayo tema 4", "madridFriday", "es")).toEqual(["2026-05-05", null, "examen tema 4"]);
    });

    it('DST in Madrid, in Spanish (a bare "a las 2:30" would be the afternoon)', () => {
      expect(when("ensayo a las 2:30", "madridAfterSpring", "es")).toEqual(["2025-03-30", "14:30", "ensayo"]);
      expect(when("ensayo a las 2:30 de la mañana", "madridBeforeSpring", "es")).toEqual(["2025-03-30", "02:30", "ensayo"]);
      expect(when("ensayo a las 2:30 de la mañana", "madridAfterSpring", "es")).toEqual(["2025-03-31", "02:30", "ensayo"]);
    });
  });

  describe("homework titles are not dates or times", () => {
    it.each([
      ["en", "read chapter 5"],
      ["en", "problems 1-10"],
      ["en", "unit 4 test"],
      ["en", "essay 2"],
      ["en", "lab 3"],
      ["en", "page 12"],
      ["en", "2nd draft"],
      ["en", "ch 7 notes"],
      ["en", "act 2 scene 1"],
      ["en", "sec 3.2"],
      ["en", "fridge magnet project"],
      ["en", "SAT prep"],
      ["en", "I may ask about it"],
      ["es", "leer capítulo 5"],
      ["es", "problemas 1-10"],
      ["es", "tema 4 examen"],
      ["es", "ensayo 2"],
      ["es", "página 12"],
      ["es", "acto 2 escena 1"],
      ["es", "sección 3.2"],
      ["es", "ejercicios 3 y 4"],
    ] as const)("%s: %s", (locale, input) => {
      const r = parse(input, locale === "es" ? "madridFriday" : "nyFriday", locale);
      expect([r.dueDate, r.dueTime, r.title, r.parts]).toEqual([null, null, input, []]);
    });
  });

  it.each([
    ["en", "essay 12/12/2024", "nyFriday"], // its year written, and past
    ["en", "essay nov 13 2025", "nyFriday"],
    ["es", "ensayo mayo 5", "madridFriday"], // chrono-node reads "mayo 5" as May of the year 5
  ] as const)("%s: a date already past is not read (%s)", (locale, input, now) => {
    expect(parse(input, now, locale)).toMatchObject({ dueDate: null, title: input, parts: [] });
  });

  describe("priorities", () => {
    it.each([
      ["!high", "high"],
      ["!HIGH", "high"],
      ["!medium", "medium"],
      ["!low", "low"],
      ["!1", "high"],
      ["!2", "medium"],
      ["!3", "low"],
      ["!alta", "high"],
      ["!Media", "medium"],
      ["!baja", "low"],
    ] as const)("essay %s → %s", (mark, priority) => {
      const r = parse(`essay ${mark}`, "nyFriday");
      expect([r.priority, r.title, r.parts.map((p) => p.kind)]).toEqual([priority, "essay", ["priority"]]);
    });

    it.each(["essay !4", "essay wow!high", "essay !highest", "essay !1st"])("%s has none", (input) => {
      expect([parse(input, "nyFriday").priority, parse(input, "nyFriday").title]).toEqual([null, input]);
    });

    it("the first priority counts; a second stays in the title", () => {
      expect(parse("essay !2 !low", "nyFriday")).toMatchObject({ priority: "medium", title: "essay !low" });
    });
  });

  describe("what students type (issue 49)", () => {
    it('"essay due fri 3pm high": the due goes with its date, the plain high at the end is the priority', () => {
      const r = parse("essay due fri 3pm high", "nyFriday");
      expect([r.title, r.dueDate, r.dueTime, r.priority]).toEqual(["essay", "2025-11-21", "15:00", "high"]);
      expect(r.parts.map((p) => [p.kind, p.text])).toEqual([
        ["date", "due fri"],
        ["time", "3pm"],
        ["priority", "high"],
      ]);
    });

    it('"read ch 5 for english next monday": the for goes with the class', () => {
      const classes = quickAddClasses(["Algebra", "English", "Biology"]);
      const r = parseQuickAdd("read ch 5 for english next monday", {
        locale: "en",
        now: new Date(NOW.nyFriday.instant),
        timeZone: "America/New_York",
        classes,
      });
      expect([r.title, r.subject, r.dueDate]).toEqual(["read ch 5", "English", "2025-11-17"]);
      expect(r.parts.map((p) => [p.kind, p.text])).toEqual([
        ["subject", "for english"],
        ["date", "next monday"],
      ]);
    });

    it.each([
      ["en", "essay high", "high"],
      ["en", "essay low", "low"],
      ["en", "essay urgent", "high"],
      ["en", "essay !urgent", "high"],
      ["en", "essay URGENT!", "high"],
      ["en", "essay high fri", "high"], // the last word once the date is taken
      ["en", "bio essay by fri low", "low"],
      ["es", "ensayo alta", "high"],
      ["es", "ensayo baja", "low"],
      ["es", "ensayo urgente", "high"],
      ["es", "ensayo para el viernes urgente", "high"],
      ["en", "essay alta", "high"], // either language's words, whatever the app's
      ["es", "ensayo high", "high"],
    ] as const)("%s: %s → %s", (locale, input, priority) => {
      const r = parse(input, locale === "es" ? "madridFriday" : "nyFriday", locale);
      expect(r.priority).toBe(priority);
      expect(r.title).toBe(locale === "es" ? "ensayo" : "essay");
    });

    it.each(["high school essay", "essay on low tides", "high", "social media", "essay medium"])(
      "%s keeps its words: a plain priority counts only as the last word of a title",
      (input) => {
        expect(parse(input, "nyFriday")).toMatchObject({ priority: null, title: input });
      },
    );

    it.each([
      ["essay para el viernes", "2025-11-21", null],
      ["essay el lunes", "2025-11-17", null],
      ["essay mañana a las 3 de la tarde", "2025-11-15", "15:00"],
      ["essay pasado mañana", "2025-11-16", null],
      ["essay 12 de diciembre", "2025-12-12", null],
    ] as const)("Spanish dates in an English app: %s → %s %s", (input, date, time) => {
      expect(when(input, "nyFriday")).toEqual([date, time, "essay"]);
    });

    it("an English date read first keeps its month-first order", () => {
      expect(when("essay 12/11", "nyFriday")).toEqual(["2025-12-11", null, "essay"]);
    });
  });

  describe("classes", () => {
    it.each([
      ["bio essay", "Biology"],
      ["BIO essay", "Biology"],
      ["biology essay", "Biology"],
      ["chem essay", "Chemistry"],
      ["thea essay", "Theatre"],
      ["theatre essay", "Theatre"],
      ["history essay", "History"], // a full name beats World History's word
      ["world history essay", "World History"],
      ["worl essay", "World History"],
      ["span essay", "Spanish"], // a semester pair's half, by name
      ["art essay", "Art"],
      ["2nd period essay", "Chemistry"], // the block's periods 2 to 4
      ["3rd period essay", "Chemistry"],
      ["period 4 essay", "Chemistry"],
      ["p3 essay", "Chemistry"],
      ["P1 essay", "Biology"],
      ["first period essay", "Biology"],
    ] as const)("%s → %s", (input, subject) => {
      expect(parse(input, "nyFriday")).toMatchObject({ subject, title: "essay" });
    });

    it.each([
      ["3.º periodo ensayo", "Chemistry"],
      ["3º periodo ensayo", "Chemistry"],
      ["periodo 3 ensayo", "Chemistry"],
      ["tercer periodo ensayo", "Chemistry"],
      ["primer período ensayo", "Biology"],
    ] as const)("%s → %s", (input, subject) => {
      expect(parse(input, "madridFriday", "es")).toMatchObject({ subject, title: "ensayo" });
    });

    it.each([
      "hist essay", // History and World History: never guess
      "ch essay", // under 3 letters
      "p5 essay", // Lunch
      "lunch essay",
      "p6 essay", // Art or Spanish: the schedule does not say which semester it is
      "p12 essay", // no such period
      "read the essay", // "the" is not Theatre
      "his essay", // nor "his" History
      "biol2 essay",
    ])("%s has none, and keeps its words", (input) => {
      expect(parse(input, "nyFriday")).toMatchObject({ subject: null, title: input });
    });

    it("a prefix shared by two classes names neither", () => {
      const classes = quickAddClasses(["Biology", "Biochemistry"]);
      const read = (input: string) =>
        parseQuickAdd(input, { locale: "en", now: new Date(NOW.nyFriday.instant), timeZone: "America/New_York", classes }).subject;
      expect([read("bio lab"), read("bioc lab"), read("biol lab"), read("biology lab")]).toEqual([
        null,
        "Biochemistry",
        "Biology",
        "Biology",
      ]);
    });

    it("accents and case do not matter", () => {
      const classes = quickAddClasses(["Matemáticas", "Educación Física"]);
      const read = (input: string) =>
        parseQuickAdd(input, { locale: "es", now: new Date(NOW.madridFriday.instant), timeZone: "Europe/Madrid", classes }).subject;
      expect([read("mate tarea"), read("MATEMATICAS tarea"), read("educacion tarea"), read("fís tarea")]).toEqual([
        "Matemáticas",
        "Matemáticas",
        "Educación Física",
        "Educación Física",
      ]);
    });

    it("the first class named counts; the second stays in the title", () => {
      expect(parse("bio p3 essay", "nyFriday")).toMatchObject({ subject: "Biology", title: "p3 essay" });
      expect(parse("p3 bio essay", "nyFriday")).toMatchObject({ subject: "Chemistry", title: "bio essay" });
    });
  });

  describe("removed chips (ignore)", () => {
    const input = "chem lab report thu 8am !high";
    it.each([
      [["date"], { title: "lab report thu", dueDate: "2025-11-15", dueTime: "08:00", priority: "high", subject: "Chemistry" }], // 8am alone: tomorrow
      [["time"], { title: "lab report 8am", dueDate: "2025-11-20", dueTime: null, priority: "high", subject: "Chemistry" }],
      [["priority"], { title: "lab report !high", dueDate: "2025-11-20", dueTime: "08:00", priority: null, subject: "Chemistry" }],
      [["subject"], { title: "chem lab report", dueDate: "2025-11-20", dueTime: "08:00", priority: "high", subject: null }],
      [["date", "time"], { title: "lab report thu 8am", dueDate: null, dueTime: null, priority: "high", subject: "Chemistry" }],
    ] as const)("without %j", (ignore, expected) => {
      const r = parse(input, "nyFriday", "en", [...ignore]);
      expect(r).toMatchObject(expected);
      expect(r.parts.some((p) => (ignore as readonly string[]).includes(p.kind))).toBe(false);
    });

    it("a removed priority is not taken from a later mark either", () => {
      expect(parse("essay !high !low", "nyFriday", "en", ["priority"])).toMatchObject({ priority: null, title: "essay !high !low" });
    });
  });
});

describe("quickAddClasses", () => {
  it("one class per name, Lunch left out, a block's span kept, both halves of a pair in its period", () => {
    expect(CLASSES).toEqual([
      { value: "Biology", names: ["Biology"], period: 1, span: 1 },
      { value: "Chemistry", names: ["Chemistry"], period: 2, span: 3 },
      { value: "Art", names: ["Art"], period: 6, span: 1 },
      { value: "Spanish", names: ["Spanish"], period: 6, span: 1 },
      { value: "World History", names: ["World History"], period: 7, span: 1 },
      { value: "History", names: ["History"], period: 8, span: 1 },
      { value: "Theatre", names: ["Theatre"], period: 9, span: 1 },
    ]);
  });

  it("no classes: the fallback subjects, matched in the student's language too, stored by their English name", () => {
    const classes = quickAddClasses([], translateInSpanish);
    expect(classes[6]).toEqual({ value: "Biology", names: ["Biology", "Biología"], period: 7, span: 1 });
    const r = parseQuickAdd("quím examen", { locale: "es", now: new Date(NOW.madridFriday.instant), timeZone: "Europe/Madrid", classes });
    expect([r.subject, r.title]).toEqual(["Chemistry", "examen"]);
  });
});
