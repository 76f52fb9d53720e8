import { describe, expect, it } from "vitest";
import { NEXT_FIVE_DAYS_AHEAD, NEXT_FIVE_DAYS_LIMIT, nextFiveDays, nextFiveDaysRange } from "./next-five-days";
import { occurrence, task } from "../test/builders";
import { calendarEntries, clockOrder, schoolEventEntry } from "./entries";
import { inEnglish } from "../test/in-english";

const today = "2026-11-21";

describe("the window", () => {
  it("is today through 5 days ahead, and the card lists at most 4", () => {
    expect(NEXT_FIVE_DAYS_AHEAD).toBe(5);
    expect(NEXT_FIVE_DAYS_LIMIT).toBe(4);
    expect(nextFiveDaysRange(today)).toEqual({ from: "2026-11-21", to: "2026-11-26" });
  });

  it.each([
    ["yesterday", "2026-11-20", false],
    ["today", "2026-11-21", true],
    ["tomorrow", "2026-11-22", true],
    ["4 days ahead", "2026-11-25", true],
    ["5 days ahead, the last day", "2026-11-26", true],
    ["6 days ahead, the day after", "2026-11-27", false],
  ])("a task due %s (%s) is listed: %s", (_name, dueDate, listed) => {
    expect(nextFiveDays([], [task({ id: 1, dueDate })], today).map((e) => e.id)).toEqual(listed ? ["task-1"] : []);
  });

  it.each([
    ["yesterday", "2026-11-20", false],
    ["today", "2026-11-21", true],
    ["5 days ahead, the last day", "2026-11-26", true],
    ["6 days ahead, the day after", "2026-11-27", false],
  ])("an event %s (%s) is listed: %s (even when the caller expanded a wider range)", (_name, date, listed) => {
    expect(nextFiveDays([occurrence({ eventId: 3, date })], [], today).map((e) => e.id)).toEqual(listed ? ["3"] : []);
  });

  it.each([
    ["across a month end", "2026-11-28", "2026-12-03", "2026-12-04"],
    ["across a year end", "2026-12-29", "2027-01-03", "2027-01-04"],
    ["across 29 February of a leap year", "2028-02-26", "2028-03-02", "2028-03-03"],
    ["across the end of February in a common year", "2027-02-26", "2027-03-03", "2027-03-04"],
  ])("%s: from %s the last day is %s, not %s", (_name, from, last, dayAfter) => {
    expect(nextFiveDaysRange(from).to).toBe(last);
    const tasks = [task({ id: 1, dueDate: last }), task({ id: 2, dueDate: dayAfter })];
    const occurrences = [occurrence({ eventId: 3, date: from }), occurrence({ eventId: 4, date: dayAfter })];
    expect(nextFiveDays(occurrences, tasks, from).map((e) => e.id)).toEqual(["3", "task-1"]);
  });
});

describe("which tasks", () => {
  it.each([
    ["a completed task", { dueDate: today, completed: true }, false],
    ["an open task due today", { dueDate: today }, true],
    ["a task without a due date", { dueDate: null }, false],
    ["a task with an empty due date", { dueDate: "" }, false],
    ["a task due on 31 November", { dueDate: "2026-11-31" }, false],
    ["a task with a due date in another format", { dueDate: "11/22/2026" }, false],
    ["a task with a due date and time in one string", { dueDate: "2026-11-22T10:00" }, false],
  ] as const)("%s is listed: %s", (_name, fields, listed) => {
    expect(nextFiveDays([], [task({ id: 1, ...fields })], today)).toHaveLength(listed ? 1 : 0);
  });

  it("lists a completed event, with isCompleted for the view (the spec filters only tasks)", () => {
    expect(nextFiveDays([occurrence({ eventId: 1, date: today, isCompleted: true })], [], today)).toMatchObject([
      { id: "1", isCompleted: true },
    ]);
  });
});

describe("order and the cap", () => {
  it("sorts by date and time: an all-day event first in its day, a task without a time as 23:59", () => {
    const occurrences = [
      occurrence({ eventId: 1, date: "2026-11-22", time: "16:00", title: "Practice", type: "practice" }),
      occurrence({ eventId: 2, date: "2026-11-22", title: "Spirit day" }),
      occurrence({ eventId: 3, date: "2026-11-21", time: "23:00", title: "Late study", type: "study" }),
    ];
    const tasks = [
      task({ id: 10, title: "Essay", dueDate: "2026-11-22" }),
      task({ id: 11, title: "Lab", dueDate: "2026-11-22", dueTime: "23:58" }),
      task({ id: 12, title: "Quiz prep", dueDate: "2026-11-21", dueTime: "08:00" }),
    ];
    const shown = nextFiveDays(occurrences, tasks, today);
    expect(shown.map((e) => e.id)).toEqual(["task-12", "3", "2", "1"]);
  });

  it.each([
    [0, 0],
    [3, 3],
    [4, 4],
    [5, 4],
    [12, 4],
  ])("%i matching items → %i shown, the soonest", (count, shown) => {
    const tasks = Array.from({ length: count }, (_, i) =>
      task({ id: 200 + i, dueDate: today, dueTime: `${String(10 + i).padStart(2, "0")}:00` }),
    );
    const entries = nextFiveDays([], [...tasks].reverse(), today);
    expect(entries.map((e) => e.id)).toEqual(tasks.slice(0, shown).map((t) => `task-${t.id}`));
  });

  it("applies the cap after sorting, across events and tasks", () => {
    const occurrences = [
      occurrence({ eventId: 1, date: "2026-11-26", time: "08:00" }),
      occurrence({ eventId: 2, date: "2026-11-21", time: "09:00" }),
      occurrence({ eventId: 3, date: "2026-11-23" }),
    ];
    const tasks = [task({ id: 20, dueDate: "2026-11-25" }), task({ id: 21, dueDate: "2026-11-22", dueTime: "07:00" })];
    expect(nextFiveDays(occurrences, tasks, today).map((e) => e.id)).toEqual(["2", "task-21", "3", "task-20"]);
  });

  it("agrees with Today's Schedule on a day (clockOrder): early dismissal first even with a later time, ties by class period", () => {
    const occurrences = [
      occurrence({ eventId: 1, date: today, time: "09:00", title: "Biology exam", type: "exam", subject: "Biology" }),
      occurrence({ eventId: 2, date: today, time: "09:00", title: "Assembly" }),
      occurrence({ eventId: 3, date: today, time: "12:30", title: "Early Dismissal", type: "early-dismissal" }),
    ];
    const tasks = [task({ id: 7, title: "Spanish vocab", subject: "Spanish II", dueDate: today, dueTime: "08:00" })];
    const periodOf = (subject: string | null) => (subject === "Biology" ? 2 : subject === "Spanish II" ? 5 : null);
    const shown = nextFiveDays(occurrences, tasks, today, periodOf);
    expect(shown.map((e) => e.title)).toEqual(["Early Dismissal", "Spanish vocab", "Biology exam", "Assembly"]);
    const { from, to } = nextFiveDaysRange(today);
    expect(shown.map((e) => e.id)).toEqual(clockOrder(calendarEntries(occurrences, tasks, from, to), periodOf).map((e) => e.id));
  });
});

describe("badges and times", () => {
  it.each([
    ["an assignment", null, "Due"],
    ["early-dismissal", "early-dismissal", "Early Dismissal"],
    ["delay", "delay", "2-Hour Delay"],
    ["exam", "exam", "Exam"],
    ["study", "study", "Study Session"],
    ["meeting", "meeting", "Meeting"],
    ["practice", "practice", "Practice"],
    ["custom", "custom", "Custom Event"],
    ["other", "other", "Other"],
    ["an unknown type", "field-trip", "Other"],
  ])("%s → %s", (_name, type, badge) => {
    const entries =
      type === null
        ? nextFiveDays([], [task({ dueDate: today })], today)
        : nextFiveDays([occurrence({ eventId: 1, date: today, type })], [], today);
    expect(inEnglish(entries[0]?.badge)).toBe(badge);
  });

  it.each([
    ["a task without a time", "task", null, "11:59 PM"],
    ["a task at 15:30", "task", "15:30", "3:30 PM"],
    ["a task at 00:05", "task", "00:05", "12:05 AM"],
    ["an all-day event", "event", null, null],
    ["an event at 12:00", "event", "12:00", "12:00 PM"],
    ["an event at 09:15", "event", "09:15", "9:15 AM"],
  ] as const)("%s shows %j", (_name, kind, time, displayTime) => {
    const entries =
      kind === "task"
        ? nextFiveDays([], [task({ dueDate: today, dueTime: time })], today)
        : nextFiveDays([occurrence({ eventId: 1, date: today, time })], [], today);
    expect(entries[0]?.displayTime).toBe(displayTime);
  });

  it("writes the times in the reader's language", () => {
    expect(nextFiveDays([], [task({ dueDate: today, dueTime: null })], today, undefined, "es")[0]?.displayTime).toBe("11:59 p. m.");
    expect(nextFiveDays([occurrence({ eventId: 1, date: today, time: "09:15" })], [], today, undefined, "es")[0]?.displayTime).toBe(
      "9:15 a. m.",
    );
  });

  it("keeps a task's time null (it only shows and sorts as 11:59 PM) and carries the entry fields", () => {
    const [entry] = nextFiveDays([], [task({ id: 77, title: "Read ch. 4", subject: "English", dueDate: "2026-11-24" })], today);
    expect(entry).toEqual({
      id: "task-77",
      kind: "task",
      date: "2026-11-24",
      time: null,
      title: "Read ch. 4",
      type: "assignment",
      subject: "English",
      isCompleted: false,
      taskId: 77,
      badge: "calendar.due",
      displayTime: "11:59 PM",
    });
  });

  it("carries an occurrence's id, event id and date", () => {
    const [entry] = nextFiveDays(
      [
        occurrence({
          eventId: 9,
          id: "9-recurring-2026-11-23",
          date: "2026-11-23",
          time: "07:45",
          title: "Chem exam",
          type: "exam",
          subject: "Chemistry",
        }),
      ],
      [],
      today,
    );
    expect(entry).toEqual({
      id: "9-recurring-2026-11-23",
      kind: "event",
      date: "2026-11-23",
      time: "07:45",
      title: "Chem exam",
      type: "exam",
      subject: "Chemistry",
      isCompleted: false,
      eventId: 9,
      badge: "calendar.type_exam",
      displayTime: "7:45 AM",
    });
  });
});

describe("the school's events and days off (`more`)", () => {
  const fair = schoolEventEntry({ id: 3, title: "Science fair", time: "18:00", eventType: "other" }, "2026-11-23");
  const dayOff = {
    id: "day-off-2026-11-26",
    kind: "event",
    date: "2026-11-26",
    time: null,
    title: "Thanksgiving Break",
    type: "other",
    subject: null,
    isCompleted: false,
    dayOff: true,
  } as const;

  it("lists them in the clock order with the rest, a day off's badge reading Day Off", () => {
    const entries = nextFiveDays(
      [occurrence({ eventId: 1, date: "2026-11-23", time: "07:45", title: "Quiz" })],
      [],
      today,
      undefined,
      "en",
      [dayOff, fair],
    );
    expect(entries.map((e) => e.title)).toEqual(["Quiz", "Science fair", "Thanksgiving Break"]);
    expect(entries[1]).toMatchObject({ school: true, badge: "calendar.type_other", displayTime: "6:00 PM" });
    expect(entries[2]).toMatchObject({ dayOff: true, displayTime: null });
    expect(inEnglish(entries[2]?.badge)).toBe("Day Off");
  });

  it("drops those outside the window", () => {
    const late = schoolEventEntry({ id: 4, title: "Concert", time: null, eventType: "other" }, "2026-11-27");
    const early = schoolEventEntry({ id: 5, title: "Assembly", time: null, eventType: "other" }, "2026-11-20");
    expect(nextFiveDays([], [], today, undefined, "en", [late, early])).toEqual([]);
  });
});
