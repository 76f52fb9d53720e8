import { afterEach, describe, expect, it, vi } from "vitest";
import { addDaysToDate, weekdayOfDate } from "./dates";
import { WEEKDAY_NAMES } from "./day-numbers";
import type { Translate } from "./i18n/translate";
import {
  alternateName,
  classesOn,
  DEFAULT_SCHOOL_SCHEDULE,
  nextSchoolDay,
  type SchoolDay,
  schoolDayOf,
  type SchoolSchedule,
  todaysAgenda,
} from "./school-day";
import { schoolScheduleSchema } from "./schemas/school-schedule";
import { inEnglish } from "./test/in-english";

/** The school year 2026/27 of a US school: Thanksgiving, winter and spring breaks, single holidays. */
const DAYS_OFF = [
  { from: "2026-09-07", to: "2026-09-07", label: "Labor Day" },
  { from: "2026-11-25", to: "2026-11-27", label: "Thanksgiving break" },
  { from: "2026-12-21", to: "2027-01-01", label: "Winter break" },
  { from: "2027-01-18", to: "2027-01-18", label: "MLK Day" },
  { from: "2027-03-29", to: "2027-04-02", label: "Spring break" },
  // Overlapping a longer one: counted once.
  { from: "2026-12-24", to: "2026-12-26", label: "Christmas" },
];

/** The obvious answer, a day at a time from the anchor: what the engine must agree with. */
function walk(schedule: SchoolSchedule, date: string): SchoolDay {
  const off = schedule.daysOff?.find((d) => d.from <= date && date <= d.to);
  if (off) return { off: true, label: off.label };
  if (!schedule.schoolDays.includes(WEEKDAY_NAMES[weekdayOfDate(date)]!)) return { off: true, label: null };
  const r = schedule.rotation;
  if (!r) return { off: false, rotationDay: null };
  const isSchoolDay = (d: string) =>
    schedule.schoolDays.includes(WEEKDAY_NAMES[weekdayOfDate(d)]!) && !schedule.daysOff?.some((o) => o.from <= d && d <= o.to);
  let index = r.days.indexOf(r.anchorDay);
  const step = date >= r.anchorDate ? 1 : -1;
  for (let d = r.anchorDate; d !== date;) {
    d = addDaysToDate(d, step);
    if (step > 0 && isSchoolDay(d)) index++;
    if (step < 0 && isSchoolDay(addDaysToDate(d, 1)) && addDaysToDate(d, 1) !== r.anchorDate) index--;
  }
  if (step < 0 && isSchoolDay(date)) index--;
  const n = r.days.length;
  return { off: false, rotationDay: r.days[((index % n) + n) % n]! };
}

function yearDates(from = "2026-08-20", to = "2027-06-20"): string[] {
  const dates: string[] = [];
  for (let d = from; d <= to; d = addDaysToDate(d, 1)) dates.push(d);
  return dates;
}

const ROTATIONS: [name: string, rotation: SchoolSchedule["rotation"]][] = [
  ["A/B anchored in the middle", { days: ["A", "B"], anchorDate: "2026-12-07", anchorDay: "A" }],
  ["A/B anchored before the year", { days: ["A", "B"], anchorDate: "2025-09-02", anchorDay: "B" }],
  ["A/B anchored after the year", { days: ["A", "B"], anchorDate: "2027-09-07", anchorDay: "A" }],
  [
    "Day 1-6 anchored at the start",
    { days: ["Day 1", "Day 2", "Day 3", "Day 4", "Day 5", "Day 6"], anchorDate: "2026-08-24", anchorDay: "Day 1" },
  ],
  [
    "Day 1-6 anchored in spring",
    { days: ["Day 1", "Day 2", "Day 3", "Day 4", "Day 5", "Day 6"], anchorDate: "2027-04-05", anchorDay: "Day 4" },
  ],
  ["no rotation", null],
];

const TZS = ["UTC", "America/New_York", "Europe/London", "Asia/Kolkata", "Australia/Lord_Howe", "Pacific/Kiritimati", "America/Sao_Paulo"];

describe("schoolDayOf", () => {
  afterEach(() => vi.unstubAllEnvs());

  it.each(ROTATIONS)("%s: agrees with a day-by-day walk over a whole school year, in every process time zone", (_, rotation) => {
    const schedule: SchoolSchedule = { ...DEFAULT_SCHOOL_SCHEDULE, rotation, daysOff: DAYS_OFF };
    const expected = yearDates().map((d) => walk(schedule, d));
    for (const tz of TZS) {
      vi.stubEnv("TZ", tz);
      expect(yearDates().map((d) => schoolDayOf(schedule, d))).toEqual(expected);
    }
  });

  it("names days off, weekends inside them included; other weekends are off without a label", () => {
    const schedule: SchoolSchedule = { ...DEFAULT_SCHOOL_SCHEDULE, daysOff: DAYS_OFF };
    expect(schoolDayOf(schedule, "2026-11-26")).toEqual({ off: true, label: "Thanksgiving break" });
    expect(schoolDayOf(schedule, "2026-12-26")).toEqual({ off: true, label: "Winter break" }); // a Saturday in the break
    expect(schoolDayOf(schedule, "2026-12-05")).toEqual({ off: true, label: null }); // an ordinary Saturday
    expect(schoolDayOf(schedule, "2026-12-07")).toEqual({ off: false, rotationDay: null });
  });

  it("A/B: the rotation does not advance over weekends and days off", () => {
    const schedule: SchoolSchedule = {
      ...DEFAULT_SCHOOL_SCHEDULE,
      rotation: { days: ["A", "B"], anchorDate: "2026-12-07", anchorDay: "A" },
      daysOff: DAYS_OFF,
    };
    const letters = (dates: string[]) =>
      dates
        .map((d) => {
          const s = schoolDayOf(schedule, d);
          return s.off ? "-" : s.rotationDay;
        })
        .join("");
    // Mon 7 … Fri 18 December, then the break, then back on Mon 4 January.
    expect(letters(yearDates("2026-12-07", "2026-12-18"))).toBe("ABABA--BABAB");
    expect(letters(["2027-01-04", "2027-01-05"])).toBe("AB");
    // Backwards from the anchor: Friday 4 December was a B day, … Monday 30 November B, the break off, Tuesday 24 November A.
    expect(letters(["2026-12-04", "2026-12-03", "2026-11-30", "2026-11-25", "2026-11-24"])).toBe("BAB-A");
  });

  it("counts school weekdays other than Monday to Friday", () => {
    const schedule: SchoolSchedule = {
      ...DEFAULT_SCHOOL_SCHEDULE,
      schoolDays: ["sunday", "monday", "tuesday", "wednesday", "thursday"],
      rotation: { days: ["A", "B", "C"], anchorDate: "2026-12-06", anchorDay: "A" },
    };
    expect(yearDates("2026-12-06", "2026-12-13").map((d) => walk(schedule, d))).toEqual(
      yearDates("2026-12-06", "2026-12-13").map((d) => schoolDayOf(schedule, d)),
    );
    expect(schoolDayOf(schedule, "2026-12-11")).toEqual({ off: true, label: null }); // Friday
  });
});

describe("classesOn", () => {
  const classes = ["Chemistry", "Mathematics (Double Block)", "Lunch", "Art (Semester 1)", "Music (Semester 2)", "History", "English"];
  const bellTimes = [
    { period: 1, start: "08:00", end: "08:50" },
    { period: 2, start: "08:55", end: "09:45" },
    { period: 3, start: "09:50", end: "10:40" },
    { period: 4, start: "10:45", end: "11:15" },
    { period: 5, start: "11:20", end: "12:10" },
    { period: 6, start: "12:15", end: "13:05" },
  ];

  it("lists the day's classes in period order with their bell times, null where none is set", () => {
    expect(classesOn({ ...DEFAULT_SCHOOL_SCHEDULE, bellTimes }, classes, "2026-12-07")).toEqual([
      { period: 1, name: "Chemistry", start: "08:00", end: "08:50" },
      { period: 2, name: "Mathematics", start: "08:55", end: "10:40" },
      { period: 4, name: "Lunch", start: "10:45", end: "11:15" },
      { period: 5, name: "Art / Music", start: "11:20", end: "12:10" },
      { period: 6, name: "History", start: "12:15", end: "13:05" },
      { period: 7, name: "English", start: null, end: null },
    ]);
  });

  it("is empty on a day off, and only the periods of a rotation day that periodsByDay names", () => {
    const schedule: SchoolSchedule = {
      ...DEFAULT_SCHOOL_SCHEDULE,
      bellTimes,
      rotation: { days: ["A", "B"], anchorDate: "2026-12-07", anchorDay: "A", periodsByDay: { B: [3, 4, 6] } },
      daysOff: DAYS_OFF,
    };
    expect(classesOn(schedule, classes, "2026-11-26")).toEqual([]);
    expect(classesOn(schedule, classes, "2026-12-05")).toEqual([]);
    expect(classesOn(schedule, classes, "2026-12-07")).toHaveLength(6); // A: not named, every period
    expect(classesOn(schedule, classes, "2026-12-08").map((c) => [c.period, c.name, c.start, c.end])).toEqual([
      [3, "Mathematics", "09:50", "10:40"],
      [4, "Lunch", "10:45", "11:15"],
      [6, "History", "12:15", "13:05"],
    ]);
  });
});

describe("schoolScheduleSchema", () => {
  const errors = (value: unknown) => {
    const result = schoolScheduleSchema.safeParse(value);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), inEnglish(i.message)]));
  };

  it("accepts the issue's example and puts the weekdays and bell times in order", () => {
    const parsed = schoolScheduleSchema.parse({
      bellTimes: [
        { period: 2, start: "08:55", end: "09:45" },
        { period: 1, start: "08:00", end: "08:50" },
      ],
      schoolDays: ["friday", "monday", "tuesday", "wednesday", "thursday"],
      rotation: { days: ["A", "B"], anchorDate: "2026-12-07", anchorDay: "A", periodsByDay: { A: [1, 2, 3], B: [4, 5, 6] } },
      daysOff: [{ from: "2026-12-24", to: "2027-01-01", label: "Winter break" }],
    });
    expect(parsed.schoolDays).toEqual(["monday", "tuesday", "wednesday", "thursday", "friday"]);
    expect(parsed.bellTimes!.map((b) => b.period)).toEqual([1, 2]);
  });

  it.each<[string, unknown, string, string]>([
    [
      "a bad time",
      { schoolDays: ["monday"], bellTimes: [{ period: 1, start: "8:00", end: "08:50" }] },
      "bellTimes.0.start",
      "Start must be a time in HH:mm format",
    ],
    [
      "start after end",
      { schoolDays: ["monday"], bellTimes: [{ period: 1, start: "09:00", end: "08:50" }] },
      "bellTimes.0.end",
      "Start must be before end",
    ],
    [
      "period 13",
      { schoolDays: ["monday"], bellTimes: [{ period: 13, start: "08:00", end: "08:50" }] },
      "bellTimes.0.period",
      "Period must be a whole number from 1 to 12",
    ],
    [
      "overlapping periods",
      {
        schoolDays: ["monday"],
        bellTimes: [
          { period: 1, start: "08:00", end: "09:00" },
          { period: 2, start: "08:30", end: "09:30" },
        ],
      },
      "bellTimes.1.start",
      "Periods must not overlap",
    ],
    ["no school day", { schoolDays: [] }, "schoolDays", "Choose at least one school day"],
    ["a made-up weekday", { schoolDays: ["funday"] }, "schoolDays.0", "Each school day must be a weekday name, like monday"],
    [
      "repeated labels",
      { schoolDays: ["monday"], rotation: { days: ["A", "A"], anchorDate: "2026-12-07", anchorDay: "A" } },
      "rotation.days",
      "Rotation days must be unique",
    ],
    [
      "11 labels",
      { schoolDays: ["monday"], rotation: { days: "ABCDEFGHIJK".split(""), anchorDate: "2026-12-07", anchorDay: "A" } },
      "rotation.days",
      "A rotation has at most 10 days",
    ],
    [
      "a long label",
      { schoolDays: ["monday"], rotation: { days: ["x".repeat(21)], anchorDate: "2026-12-07", anchorDay: "x" } },
      "rotation.days.0",
      "Each rotation day must be at most 20 characters",
    ],
    [
      "an unknown anchor day",
      { schoolDays: ["monday"], rotation: { days: ["A", "B"], anchorDate: "2026-12-07", anchorDay: "C" } },
      "rotation.anchorDay",
      "Anchor day must be one of the rotation days",
    ],
    [
      "a weekend anchor",
      { schoolDays: ["monday"], rotation: { days: ["A", "B"], anchorDate: "2026-12-06", anchorDay: "A" } },
      "rotation.anchorDate",
      "The anchor date must be a school day",
    ],
    [
      "an anchor on a day off",
      {
        schoolDays: ["monday"],
        rotation: { days: ["A", "B"], anchorDate: "2026-12-07", anchorDay: "A" },
        daysOff: [{ from: "2026-12-07", to: "2026-12-07", label: "Snow" }],
      },
      "rotation.anchorDate",
      "The anchor date must be a school day",
    ],
    [
      "a periodsByDay key",
      { schoolDays: ["monday"], rotation: { days: ["A"], anchorDate: "2026-12-07", anchorDay: "A", periodsByDay: { C: [1] } } },
      "rotation.periodsByDay.C",
      "periodsByDay keys must be rotation days",
    ],
    [
      "to before from",
      { schoolDays: ["monday"], daysOff: [{ from: "2026-12-24", to: "2026-12-23", label: "x" }] },
      "daysOff.0.to",
      "To must be on or after from",
    ],
    [
      "over a year",
      { schoolDays: ["monday"], daysOff: [{ from: "2026-01-01", to: "2027-01-02", label: "x" }] },
      "daysOff.0.to",
      "A day off spans at most a year",
    ],
    [
      "a long label",
      { schoolDays: ["monday"], daysOff: [{ from: "2026-12-24", to: "2026-12-24", label: "x".repeat(101) }] },
      "daysOff.0.label",
      "Label must be at most 100 characters",
    ],
    [
      "201 days off",
      { schoolDays: ["monday"], daysOff: Array(201).fill({ from: "2026-12-24", to: "2026-12-24", label: "x" }) },
      "daysOff",
      "At most 200 days off",
    ],
  ])("refuses %s", (_, value, path, message) => {
    expect(errors(value)[path]).toBe(message);
  });
});

describe("today's agenda and the next school day", () => {
  const meetings = [
    { period: 1, name: "Chemistry", start: "08:00", end: "08:50" },
    { period: 2, name: "Mathematics", start: "08:55", end: "09:45" },
    { period: 3, name: "History", start: null, end: null },
  ];
  type Entry = { kind: string; type: string; time: string | null; title: string };
  const entries: Entry[] = [
    { kind: "event", type: "early-dismissal", time: null, title: "Early Dismissal" },
    { kind: "event", type: "exam", time: "08:55", title: "Quiz" },
    { kind: "task", type: "assignment", time: null, title: "Essay" },
  ];
  const sortTime = (e: Entry) => e.time ?? (e.kind === "task" ? "23:59" : "00:00");
  const leading = (e: Entry) => e.type === "early-dismissal" || e.type === "delay";
  const rows = (now: string) =>
    todaysAgenda(entries, meetings, now, leading, sortTime).map((r) =>
      r.kind === "class"
        ? `${r.meeting.name}${r.status ? ` [${r.status}${r.minutesLeft !== null ? ` ${r.minutesLeft}` : ""}]` : ""}`
        : r.entry.title,
    );

  it("leads with a change to the school day, then classes without times, then the clock; Now with the minutes left, and Next", () => {
    expect(rows("08:20")).toEqual(["Early Dismissal", "History", "Chemistry [now 30]", "Mathematics [next]", "Quiz", "Essay"]);
    expect(rows("08:52")).toEqual(["Early Dismissal", "History", "Chemistry", "Mathematics [next]", "Quiz", "Essay"]);
    expect(rows("07:00")).toEqual(["Early Dismissal", "History", "Chemistry [next]", "Mathematics", "Quiz", "Essay"]);
    expect(rows("15:00")).toEqual(["Early Dismissal", "History", "Chemistry", "Mathematics", "Quiz", "Essay"]);
  });

  it("finds the next school day past weekends and breaks", () => {
    const schedule: SchoolSchedule = { ...DEFAULT_SCHOOL_SCHEDULE, daysOff: DAYS_OFF };
    expect(nextSchoolDay(schedule, "2026-12-04")).toBe("2026-12-07"); // Friday → Monday
    expect(nextSchoolDay(schedule, "2026-12-18")).toBe("2027-01-04"); // over the winter break
    expect(
      nextSchoolDay({ ...DEFAULT_SCHOOL_SCHEDULE, daysOff: [{ from: "2026-06-20", to: "2027-06-01", label: "Closed" }] }, "2026-06-19", 30),
    ).toBeNull();
  });
});

describe("bell times by rotation day and alternate bell schedules (issue 36)", () => {
  // An A/B block schedule: A days meet periods 1-4, B days periods 5-8, both at the same four times.
  const FOUR_BLOCKS = [
    ["07:45", "09:15"],
    ["09:25", "10:55"],
    ["11:35", "13:05"],
    ["13:15", "14:45"],
  ] as const;
  const times = (first: number) => FOUR_BLOCKS.map(([start, end], i) => ({ period: first + i, start, end }));
  const later = (list: { period: number; start: string; end: string }[], minutes: number) =>
    list.map((b) => {
      const shift = (t: string) => {
        const m = Number(t.slice(0, 2)) * 60 + Number(t.slice(3)) + minutes;
        return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
      };
      return { ...b, start: shift(b.start), end: shift(b.end) };
    });
  const AB: SchoolSchedule = schoolScheduleSchema.parse({
    schoolDays: ["monday", "tuesday", "wednesday", "thursday", "friday"],
    bellTimes: times(1),
    bellTimesByDay: { B: times(5) },
    rotation: { days: ["A", "B"], anchorDate: "2026-11-30", anchorDay: "A", periodsByDay: { A: [1, 2, 3, 4], B: [5, 6, 7, 8] } },
    daysOff: [{ from: "2026-12-03", to: "2026-12-03", label: "Snow day" }],
    alternates: [
      { id: "delay", name: "2-Hour Delay", bellTimes: later(times(1), 120), bellTimesByDay: { B: later(times(5), 120) } },
      { id: "early", name: "Early Dismissal", bellTimes: times(1).slice(0, 2) },
    ],
  });
  const CLASSES = ["Math", "English", "Biology", "History", "Spanish", "Chemistry", "Art", "PE"];

  it("gives a B day's classes the morning's times, not the afternoon's", () => {
    expect(schoolDayOf(AB, "2026-12-01")).toEqual({ off: false, rotationDay: "B" });
    expect(classesOn(AB, CLASSES, "2026-12-01")).toEqual([
      { period: 5, name: "Spanish", start: "07:45", end: "09:15" },
      { period: 6, name: "Chemistry", start: "09:25", end: "10:55" },
      { period: 7, name: "Art", start: "11:35", end: "13:05" },
      { period: 8, name: "PE", start: "13:15", end: "14:45" },
    ]);
    expect(classesOn(AB, CLASSES, "2026-11-30").map((m) => [m.name, m.start])).toEqual([
      ["Math", "07:45"],
      ["English", "09:25"],
      ["Biology", "11:35"],
      ["History", "13:15"],
    ]);
  });

  it("follows an alternate on the date a school event names it, per rotation day too", () => {
    expect(classesOn(AB, CLASSES, "2026-12-01", "delay").map((m) => [m.name, m.start, m.end])).toEqual([
      ["Spanish", "09:45", "11:15"],
      ["Chemistry", "11:25", "12:55"],
      ["Art", "13:35", "15:05"],
      ["PE", "15:15", "16:45"],
    ]);
    // An alternate is complete in itself: periods it does not list have no times that day.
    expect(classesOn(AB, CLASSES, "2026-11-30", "early").map((m) => [m.name, m.start])).toEqual([
      ["Math", "07:45"],
      ["English", "09:25"],
      ["Biology", null],
      ["History", null],
    ]);
    // An id the schedule does not know: the usual times.
    expect(classesOn(AB, CLASSES, "2026-11-30", "unknown")[0]!.start).toBe("07:45");
  });

  it("keeps the rotation across a day off, with per-day times following it", () => {
    // Thu 2026-12-03 is a snow day: Friday is the B day Thursday would have been.
    expect(schoolDayOf(AB, "2026-12-02")).toEqual({ off: false, rotationDay: "A" });
    expect(schoolDayOf(AB, "2026-12-03")).toEqual({ off: true, label: "Snow day" });
    expect(classesOn(AB, CLASSES, "2026-12-04")[0]).toEqual({ period: 5, name: "Spanish", start: "07:45", end: "09:15" });
    expect(classesOn(AB, CLASSES, "2026-12-03", "delay")).toEqual([]);
  });

  it("refuses per-day times for a day the rotation does not have, overlapping times and duplicate alternate ids", () => {
    const base = { schoolDays: ["monday"], rotation: { days: ["A", "B"], anchorDate: "2026-11-30", anchorDay: "A" } };
    const issues = (input: object) =>
      (schoolScheduleSchema.safeParse(input).error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]);
    expect(issues({ ...base, bellTimesByDay: { C: times(1) } })).toEqual([
      ["bellTimesByDay.C", expect.stringContaining("classes.bell_times_by_day_keys")],
    ]);
    expect(issues({ ...base, bellTimesByDay: { A: [...times(1), { period: 9, start: "08:00", end: "08:30" }] } })).toEqual([
      ["bellTimesByDay.A.4.start", expect.stringContaining("classes.periods_overlap")],
    ]);
    const alternate = { id: "delay", name: "Delay", bellTimes: times(1) };
    expect(issues({ ...base, alternates: [alternate, alternate] })).toEqual([
      ["alternates.1.id", expect.stringContaining("classes.alternate_id_unique")],
    ]);
    expect(issues({ ...base, alternates: [{ ...alternate, id: "Delay!" }] })).toEqual([
      ["alternates.0.id", expect.stringContaining("classes.alternate_id_invalid")],
    ]);
    expect(issues({ ...base, alternates: Array.from({ length: 11 }, (_, i) => ({ ...alternate, id: `a${i}` })) })).toEqual([
      ["alternates", expect.stringContaining("classes.too_many_alternates")],
    ]);
  });

  it("reads back a schedule saved before these parts existed unchanged", () => {
    const old = { schoolDays: ["monday", "friday"], bellTimes: times(1), rotation: null, daysOff: [] };
    expect(schoolScheduleSchema.parse(old)).toEqual({ ...old, schoolDays: ["monday", "friday"] });
  });
});

describe("alternateName", () => {
  const t = ((id: string) => `<${id}>`) as Translate;
  it("words a name the app made, stored in any language, and leaves a typed one as typed", () => {
    expect(alternateName("2 hours later", t)).toBe("<admin.two_hours_later>");
    expect(alternateName("2 horas más tarde", t)).toBe("<admin.two_hours_later>");
    expect(alternateName("Late start", t)).toBe("Late start");
    expect(alternateName("toString", t)).toBe("toString");
  });
});
