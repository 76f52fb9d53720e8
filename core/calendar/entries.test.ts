import { describe, expect, it } from "vitest";
import { EVENT_TYPES } from "../schemas/event";
import {
  clockOrder,
  type CalendarEntry,
  calendarEntries,
  dayDetailOrder,
  EVENT_TYPE_LABELS,
  entriesByDate,
  eventTypeLabelId,
  taskEntry,
} from "./entries";
import { occurrence, task } from "../test/builders";
import { inEnglish } from "../test/in-english";

/** A day-detail entry with only what the order reads set. */
function entry(title: string, fields: Partial<CalendarEntry> = {}): CalendarEntry {
  return {
    id: title,
    kind: "event",
    date: "2026-11-23",
    time: null,
    title,
    type: "custom",
    subject: null,
    isCompleted: false,
    ...fields,
  };
}

describe("event type labels", () => {
  it.each([
    ["custom", "Custom Event"],
    ["study", "Study Session"],
    ["exam", "Exam"],
    ["meeting", "Meeting"],
    ["practice", "Practice"],
    ["early-dismissal", "Early Dismissal"],
    ["delay", "2-Hour Delay"],
    ["other", "Other"],
    ["exception", "Other"],
    ["toString", "Other"], // not fooled by Object.prototype
    ["", "Other"],
  ])("%j → %s", (type, label) => {
    expect(inEnglish(eventTypeLabelId(type))).toBe(label);
  });

  it("labels every kind a student can pick", () => {
    for (const type of EVENT_TYPES) expect(EVENT_TYPE_LABELS[type]).toBeTruthy();
    expect(Object.keys(EVENT_TYPE_LABELS)).toHaveLength(EVENT_TYPES.length + 1);
  });
});

describe("a task as a calendar entry", () => {
  it("carries the task's fields with the spec's names", () => {
    const t = task({ id: 41, title: "Essay", subject: "English", dueDate: "2026-11-23", dueTime: "15:30", completed: true });
    expect(taskEntry(t)).toEqual({
      id: "task-41",
      kind: "task",
      date: "2026-11-23",
      time: "15:30",
      title: "Essay",
      type: "assignment",
      subject: "English",
      isCompleted: true,
      taskId: 41,
    });
  });

  it.each([
    ["no due date", { dueDate: null }],
    ["an empty due date", { dueDate: "" }],
    ["30 February", { dueDate: "2026-02-30" }],
    ["29 February of a common year", { dueDate: "2027-02-29" }],
    ["a date in another format", { dueDate: "11/23/2026" }],
    ["a date with a time in it", { dueDate: "2026-11-23T10:00:00Z" }],
  ] as const)("a task with %s is on no day", (_name, fields) => {
    expect(taskEntry(task(fields))).toBeNull();
  });

  it.each([
    ["24:00", null],
    ["3:30", null],
    ["", null],
    ["00:00", "00:00"],
    ["23:59", "23:59"],
  ])("a due time %j becomes %j", (dueTime, time) => {
    expect(taskEntry(task({ dueDate: "2026-11-23", dueTime }))?.time).toBe(time);
  });
});

describe("calendar entries", () => {
  const from = "2026-11-01";
  const to = "2026-11-30";

  it("merges occurrences and tasks, by date then time with no time last", () => {
    const occurrences = [
      occurrence({ eventId: 1, date: "2026-11-10", time: "09:00", title: "Practice", type: "practice", subject: "Soccer" }),
      occurrence({ eventId: 2, id: "2-recurring-2026-11-10", date: "2026-11-10", time: null, title: "Club day" }),
      occurrence({ eventId: 3, date: "2026-11-03", time: "18:00", title: "Exam", type: "exam", isCompleted: true }),
    ];
    const tasks = [
      task({ id: 100, title: "Essay", dueDate: "2026-11-10", dueTime: "08:00" }),
      task({ id: 101, title: "Worksheet", dueDate: "2026-11-10" }),
      task({ id: 102, title: "Done", dueDate: "2026-11-03", dueTime: "07:00", completed: true }),
    ];
    const entries = calendarEntries(occurrences, tasks, from, to);
    expect(entries.map((e) => [e.id, e.date, e.time])).toEqual([
      ["task-102", "2026-11-03", "07:00"],
      ["3", "2026-11-03", "18:00"],
      ["task-100", "2026-11-10", "08:00"],
      ["1", "2026-11-10", "09:00"],
      ["2-recurring-2026-11-10", "2026-11-10", null], // "Club day" before "Worksheet": title breaks the tie
      ["task-101", "2026-11-10", null],
    ]);
    expect(entries[0]).toMatchObject({ kind: "task", isCompleted: true, taskId: 102 });
    expect(entries[1]).toMatchObject({ kind: "event", type: "exam", isCompleted: true, eventId: 3 });
    expect(entries[3]).toMatchObject({ kind: "event", type: "practice", subject: "Soccer", eventId: 1 });
    expect(entries[3]).not.toHaveProperty("taskId");
  });

  it.each([
    ["the day before the range", "2026-10-31", false],
    ["the first day", "2026-11-01", true],
    ["the last day", "2026-11-30", true],
    ["the day after the range", "2026-12-01", false],
  ])("an item on %s (%s) is included: %s", (_name, date, included) => {
    const entries = calendarEntries([occurrence({ eventId: 1, date })], [task({ id: 7, dueDate: date })], from, to);
    expect(entries.map((e) => e.id)).toEqual(included ? ["1", "task-7"] : []);
  });

  it("skips tasks without a real due date and keeps completed ones", () => {
    const tasks = [
      task({ id: 1, dueDate: null }),
      task({ id: 2, dueDate: "2026-11-31" }),
      task({ id: 3, dueDate: "not a date" }),
      task({ id: 4, dueDate: "2026-11-15", completed: true }),
    ];
    expect(calendarEntries([], tasks, from, to).map((e) => e.id)).toEqual(["task-4"]);
  });

  it("covers a range across a year end", () => {
    const tasks = [task({ id: 1, dueDate: "2026-12-31" }), task({ id: 2, dueDate: "2027-01-01" }), task({ id: 3, dueDate: "2027-01-02" })];
    expect(calendarEntries([], tasks, "2026-12-27", "2027-01-01").map((e) => e.id)).toEqual(["task-1", "task-2"]);
  });

  it("is empty for nothing, and does not change its inputs", () => {
    expect(calendarEntries([], [], from, to)).toEqual([]);
    const occurrences = [occurrence({ eventId: 2, date: "2026-11-20" }), occurrence({ eventId: 1, date: "2026-11-02" })];
    calendarEntries(occurrences, [], from, to);
    expect(occurrences.map((o) => o.eventId)).toEqual([2, 1]);
  });
});

describe("entries by date (the month grid)", () => {
  it("groups entries by date, each day in the order given", () => {
    const entries = calendarEntries(
      [occurrence({ eventId: 1, date: "2026-11-02", time: "10:00" }), occurrence({ eventId: 2, date: "2026-11-05" })],
      [task({ id: 9, dueDate: "2026-11-02", dueTime: "09:00" })],
      "2026-11-01",
      "2026-11-30",
    );
    const byDate = entriesByDate(entries);
    expect([...byDate.keys()]).toEqual(["2026-11-02", "2026-11-05"]);
    expect(byDate.get("2026-11-02")?.map((e) => e.id)).toEqual(["task-9", "1"]);
    expect(byDate.get("2026-11-05")?.map((e) => e.id)).toEqual(["2"]);
    expect(byDate.get("2026-11-03")).toBeUndefined();
  });

  it("is empty for no entries", () => {
    expect(entriesByDate([]).size).toBe(0);
  });
});

describe("day-detail order", () => {
  const periods: Record<string, number> = { Mathematics: 1, Chemistry: 3, English: 4 };
  const periodOf = (subject: string | null) => (subject === null ? null : (periods[subject] ?? null));

  it.each([
    [
      "early dismissal and delay before everything, even earlier items",
      [
        entry("Quiz", { time: "07:00", type: "exam" }),
        entry("Early Dismissal", { time: "12:00", type: "early-dismissal" }),
        entry("Essay", { kind: "task", type: "assignment", time: "06:00" }),
        entry("2-Hour Delay", { type: "delay" }),
      ],
      ["2-Hour Delay", "Early Dismissal", "Essay", "Quiz"],
    ],
    [
      "by time: tasks without a time as 23:59, after every timed item",
      [
        entry("Read", { kind: "task", type: "assignment" }),
        entry("Late meeting", { time: "23:00", type: "meeting" }),
        entry("Worksheet", { kind: "task", type: "assignment", time: "23:58" }),
        entry("Breakfast club", { time: "07:30" }),
      ],
      ["Breakfast club", "Late meeting", "Worksheet", "Read"],
    ],
    [
      "an all-day event first among equal keys, even before an event at midnight",
      [entry("Midnight", { time: "00:00" }), entry("Spirit week"), entry("Morning", { time: "08:00" })],
      ["Spirit week", "Midnight", "Morning"],
    ],
    [
      "a task at 23:59 and one without a time tie, and the title decides",
      [entry("B", { kind: "task", type: "assignment" }), entry("A", { kind: "task", type: "assignment", time: "23:59" })],
      ["A", "B"],
    ],
    [
      "equal keys by title, whatever the incoming order",
      [entry("beta", { time: "10:00" }), entry("Alpha", { time: "10:00" }), entry("gamma", { time: "10:00" })],
      ["Alpha", "beta", "gamma"],
    ],
    [
      "a task of type early-dismissal is not a school-day change (tasks are assignments)",
      [entry("Task", { kind: "task", type: "early-dismissal", time: "09:00" }), entry("Event", { time: "08:00" })],
      ["Event", "Task"],
    ],
  ])("without class periods: %s", (_name, entries, titles) => {
    expect(dayDetailOrder(entries).map((e) => e.title)).toEqual(titles);
  });

  it.each([
    [
      "in period order, before entries without a period, then by time",
      [
        entry("No subject early", { time: "06:00" }),
        entry("Chem lab", { subject: "Chemistry", time: "08:00" }),
        entry("Math homework", { kind: "task", type: "assignment", subject: "Mathematics" }),
        entry("Unknown subject", { subject: "Art", time: "07:00" }),
        entry("Essay", { kind: "task", type: "assignment", subject: "English", time: "07:00" }),
      ],
      ["Math homework", "Chem lab", "Essay", "No subject early", "Unknown subject"], // the two without a period by time
    ],
    [
      "the same period by time, a task without a time last",
      [
        entry("Chem task", { kind: "task", type: "assignment", subject: "Chemistry" }),
        entry("Chem exam", { subject: "Chemistry", time: "13:00", type: "exam" }),
        entry("Chem review", { subject: "Chemistry", time: "09:00", type: "study" }),
      ],
      ["Chem review", "Chem exam", "Chem task"],
    ],
    [
      "delay and early dismissal still first, then in period order among themselves",
      [
        entry("Math quiz", { subject: "Mathematics", time: "08:00", type: "exam" }),
        entry("Early Dismissal", { type: "early-dismissal", time: "11:00" }),
        entry("Delay for chem", { type: "delay", subject: "Chemistry" }),
      ],
      ["Delay for chem", "Early Dismissal", "Math quiz"],
    ],
  ])("with class periods: %s", (_name, entries, titles) => {
    expect(dayDetailOrder(entries, periodOf).map((e) => e.title)).toEqual(titles);
  });

  it("keeps a task without a time without one (it only sorts as 23:59)", () => {
    const ordered = dayDetailOrder([entry("Read", { kind: "task", type: "assignment" }), entry("Talk", { time: "10:00" })]);
    expect(ordered.map((e) => [e.title, e.time])).toEqual([
      ["Talk", "10:00"],
      ["Read", null],
    ]);
  });

  it("sorts a copy and handles an empty day", () => {
    const entries = [entry("b", { time: "10:00" }), entry("a", { time: "09:00" })];
    dayDetailOrder(entries);
    expect(entries.map((e) => e.title)).toEqual(["b", "a"]);
    expect(dayDetailOrder([])).toEqual([]);
  });

  it("orders the entries of a day straight from calendarEntries", () => {
    const day = "2026-11-23";
    const entries = calendarEntries(
      [
        occurrence({ eventId: 1, date: day, time: "15:00", title: "Practice", type: "practice" }),
        occurrence({ eventId: 2, date: day, time: "12:30", title: "Early Dismissal", type: "early-dismissal" }),
      ],
      [
        task({ id: 5, title: "Lab report", subject: "Chemistry", dueDate: day }),
        task({ id: 6, title: "Reading", dueDate: day, dueTime: "08:00" }),
      ],
      day,
      day,
    );
    expect(dayDetailOrder(entries, periodOf).map((e) => e.id)).toEqual(["2", "task-5", "task-6", "1"]);
  });
});

describe("clock order (Today's Schedule and Next 5 Days, decision 082)", () => {
  const periods: Record<string, number> = { Biology: 2, "Spanish II": 5, Mathematics: 1 };
  const periodOf = (subject: string | null) => (subject === null ? null : (periods[subject] ?? null));
  const day = "2026-11-23";

  it("reads the issue's day by the clock: early dismissal, 9:00 AM, 3:30 PM, 8:00 PM", () => {
    const entries = calendarEntries(
      [
        occurrence({ eventId: 1, date: day, time: "09:00", title: "Biology exam", type: "exam", subject: "Biology" }),
        occurrence({ eventId: 2, date: day, time: "15:30", title: "Practice", type: "practice" }),
        occurrence({ eventId: 3, date: day, time: "12:30", title: "Early Dismissal", type: "early-dismissal" }),
      ],
      [task({ id: 7, title: "Spanish vocab", subject: "Spanish II", dueDate: day, dueTime: "20:00" })],
      day,
      day,
    );
    expect(clockOrder(entries, periodOf).map((e) => e.title)).toEqual(["Early Dismissal", "Biology exam", "Practice", "Spanish vocab"]);
    // The day detail keeps the spec's order: classes before the rest.
    expect(dayDetailOrder(entries, periodOf).map((e) => e.title)).toEqual(["Early Dismissal", "Biology exam", "Spanish vocab", "Practice"]);
  });

  it.each([
    [
      "all-day events after the school-day changes and before every timed entry",
      [entry("Quiz", { time: "00:00", type: "exam" }), entry("Spirit week"), entry("2-Hour Delay", { type: "delay", time: "10:00" })],
      ["2-Hour Delay", "Spirit week", "Quiz"],
    ],
    [
      "a task without a time last, as 23:59, after a timed one at 22:00",
      [entry("Read", { kind: "task", type: "assignment" }), entry("Late call", { time: "22:00" })],
      ["Late call", "Read"],
    ],
    [
      "the same time by class period, classes first, then by title",
      [
        entry("Zoo trip", { time: "10:00" }),
        entry("Spanish quiz", { time: "10:00", subject: "Spanish II" }),
        entry("Algebra", { time: "10:00", subject: "Mathematics" }),
        entry("Art show", { time: "10:00" }),
      ],
      ["Algebra", "Spanish quiz", "Art show", "Zoo trip"],
    ],
    [
      "by date first when the entries span days",
      [entry("Tomorrow early", { date: "2026-11-24", time: "07:00" }), entry("Today late", { time: "21:00" })],
      ["Today late", "Tomorrow early"],
    ],
  ])("%s", (_name, entries, titles) => {
    expect(clockOrder(entries, periodOf).map((e) => e.title)).toEqual(titles);
  });

  it("sorts a copy", () => {
    const entries = [entry("b", { time: "10:00" }), entry("a", { time: "09:00" })];
    clockOrder(entries);
    expect(entries.map((e) => e.title)).toEqual(["b", "a"]);
  });
});
