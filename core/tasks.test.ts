import { describe, expect, it } from "vitest";
import { todayIn } from "./dates";
import type { Task } from "./schemas/task";
import {
  appBadgeCount,
  countTasks,
  dueGroupOf,
  filterTasks,
  formatDue,
  formatRelativeDue,
  groupTasksByDue,
  homeTaskList,
  isOverdue,
  isUrgent,
  sortTasks,
  tasksDueOn,
} from "./tasks";
import { task } from "./test/builders";
import { translateInEnglish, translateInSpanish } from "./test/in-english";

const NY = "America/New_York";

describe("today in the school's time zone", () => {
  it.each([
    ["2026-11-22T03:30:00Z", NY, "2026-11-21"], // UTC is already tomorrow, New York is not
    ["2026-11-22T04:59:59Z", NY, "2026-11-21"], // EST is UTC-5
    ["2026-11-22T05:00:00Z", NY, "2026-11-22"],
    ["2026-07-01T03:59:00Z", NY, "2026-06-30"], // EDT is UTC-4
    ["2026-07-01T04:00:00Z", NY, "2026-07-01"],
    ["2026-03-08T06:59:00Z", NY, "2026-03-08"], // the night clocks spring forward
    ["2026-11-01T04:30:00Z", NY, "2026-11-01"], // 00:30 EDT on the night clocks fall back
    ["2026-11-01T05:30:00Z", NY, "2026-11-01"], // 01:30 EDT
    ["2026-11-01T06:30:00Z", NY, "2026-11-01"], // 01:30 EST, the repeated hour
    ["2026-11-22T03:30:00Z", "Asia/Tokyo", "2026-11-22"],
    ["2026-11-22T03:30:00Z", "Pacific/Honolulu", "2026-11-21"],
  ])("at %s in %s it is %s", (instant, zone, expected) => {
    expect(todayIn(zone, new Date(instant))).toBe(expected);
  });
});

describe("overdue", () => {
  it.each([
    ["due yesterday and open", { dueDate: "2026-11-20" }, true],
    ["due today and open", { dueDate: "2026-11-21" }, false],
    ["due today at a time already past is still not overdue", { dueDate: "2026-11-21", dueTime: "00:01" }, false],
    ["due tomorrow", { dueDate: "2026-11-22" }, false],
    ["due last year", { dueDate: "2025-12-31" }, true],
    ["due yesterday but completed", { dueDate: "2026-11-20", completed: true }, false],
    ["without a due date", { dueDate: null }, false],
  ] as const)("a task %s → %s", (_name, fields, expected) => {
    expect(isOverdue(task(fields), "2026-11-21")).toBe(expected);
  });

  it("uses the school's date: at 2026-11-22T03:30Z a task due Nov 21 is not overdue in New York", () => {
    const t = task({ dueDate: "2026-11-21" });
    expect(isOverdue(t, todayIn(NY, new Date("2026-11-22T03:30:00Z")))).toBe(false);
    expect(isOverdue(t, todayIn("UTC", new Date("2026-11-22T03:30:00Z")))).toBe(true);
  });

  it("crosses month and year ends by calendar date", () => {
    expect(isOverdue(task({ dueDate: "2026-12-31" }), "2027-01-01")).toBe(true);
    expect(isOverdue(task({ dueDate: "2028-02-29" }), "2028-02-29")).toBe(false);
    expect(isOverdue(task({ dueDate: "2028-02-28" }), "2028-02-29")).toBe(true);
  });
});

describe("urgent (due today, tomorrow or earlier, not completed)", () => {
  it.each([
    ["overdue", { dueDate: "2026-11-01" }, true],
    ["due today", { dueDate: "2026-11-21" }, true],
    ["due tomorrow", { dueDate: "2026-11-22" }, true],
    ["due the day after tomorrow", { dueDate: "2026-11-23" }, false],
    ["due tomorrow but completed", { dueDate: "2026-11-22", completed: true }, false],
    ["without a due date", {}, false],
  ] as const)("a task %s → %s", (_name, fields, expected) => {
    expect(isUrgent(task(fields), "2026-11-21")).toBe(expected);
  });

  it("treats 1 January as tomorrow on 31 December, and 1 March after 28 February in a common year", () => {
    expect(isUrgent(task({ dueDate: "2027-01-01" }), "2026-12-31")).toBe(true);
    expect(isUrgent(task({ dueDate: "2027-03-01" }), "2027-02-28")).toBe(true);
    expect(isUrgent(task({ dueDate: "2028-03-01" }), "2028-02-28")).toBe(false); // 2028 has a 29th
  });

  it("at 23:30 in New York on 21 November (04:30Z on the 22nd), the 23rd is not yet tomorrow", () => {
    const today = todayIn(NY, new Date("2026-11-22T04:30:00Z"));
    expect(isUrgent(task({ dueDate: "2026-11-23" }), today)).toBe(false);
    expect(isUrgent(task({ dueDate: "2026-11-22" }), today)).toBe(true);
  });
});

describe("sorting", () => {
  const low = task({ title: "low", priority: "low", subject: "Science" });
  const high = task({ title: "high", priority: "high", subject: null });
  const medium = task({ title: "medium", priority: "medium", subject: "art" });
  const high2 = task({ title: "high2", priority: "high", subject: "Biology" });
  const list = [low, high, medium, high2];

  it.each([
    ["none", ["low", "high", "medium", "high2"]],
    ["priority-desc", ["high", "high2", "medium", "low"]],
    ["priority-asc", ["low", "medium", "high", "high2"]],
    ["subject", ["medium", "high2", "low", "high"]], // art, Biology, Science, then no subject
  ] as const)("%s orders the tasks %j", (sort, titles) => {
    expect(sortTasks(list, sort).map((t) => t.title)).toEqual(titles);
  });

  it("does not reorder the list it was given", () => {
    sortTasks(list, "priority-desc");
    expect(list.map((t) => t.title)).toEqual(["low", "high", "medium", "high2"]);
  });
});

describe("filters and counts", () => {
  const today = "2026-11-21";
  const tasks = [
    task({ title: "open, no date" }),
    task({ title: "open, overdue", dueDate: "2026-11-19" }),
    task({ title: "open, due today", dueDate: today }),
    task({ title: "done, was overdue", dueDate: "2026-11-01", completed: true }),
    task({ title: "done", completed: true }),
  ];

  it.each([
    ["all", ["open, no date", "open, overdue", "open, due today", "done, was overdue", "done"]],
    ["pending", ["open, no date", "open, overdue", "open, due today"]],
    ["completed", ["done, was overdue", "done"]],
    ["overdue", ["open, overdue"]],
  ] as const)("the %s tab lists %j", (filter, titles) => {
    expect(filterTasks(tasks, filter, today).map((t) => t.title)).toEqual(titles);
  });

  it("counts pending for All, and each of pending, completed, overdue and due today", () => {
    expect(countTasks(tasks, today)).toEqual({ all: 3, pending: 3, completed: 2, overdue: 1, dueToday: 1 });
  });

  it("counts nothing for no tasks", () => {
    expect(countTasks([], today)).toEqual({ all: 0, pending: 0, completed: 0, overdue: 0, dueToday: 0 });
    expect(appBadgeCount([], today)).toBe(0);
  });

  it("puts on the app icon the open tasks due today or overdue: not done ones, undated ones or later ones (decision 119)", () => {
    expect(appBadgeCount(tasks, today)).toBe(2);
    const more = [
      ...tasks,
      task({ title: "open, due tomorrow", dueDate: "2026-11-22" }),
      task({ title: "open, due today at 9", dueDate: today, dueTime: "09:00" }),
      task({ title: "done today", dueDate: today, completed: true }),
    ];
    expect(appBadgeCount(more, today)).toBe(3);
    // The next day, today's and yesterday's open ones are overdue and tomorrow's are due.
    expect(appBadgeCount(more, "2026-11-22")).toBe(4);
  });
});

describe("Home tab task list", () => {
  const today = "2026-11-21";

  it("shows only urgent tasks, earliest first, when any task is urgent", () => {
    const tasks = [
      task({ title: "next week", dueDate: "2026-11-28" }),
      task({ title: "tomorrow", dueDate: "2026-11-22" }),
      task({ title: "today 9am", dueDate: today, dueTime: "09:00" }),
      task({ title: "today, no time", dueDate: today }),
      task({ title: "overdue", dueDate: "2026-11-10" }),
      task({ title: "done today", dueDate: today, completed: true }),
    ];
    const list = homeTaskList(tasks, today);
    expect(list.kind).toBe("urgent");
    expect(list.shown.map((t) => t.title)).toEqual(["overdue", "today 9am", "today, no time", "tomorrow"]);
    expect(list.more).toBe(0);
  });

  it("shows all incomplete tasks as Your Tasks when none is urgent, undated last", () => {
    const tasks = [
      task({ title: "undated" }),
      task({ title: "in three days", dueDate: "2026-11-24" }),
      task({ title: "done", completed: true, dueDate: "2026-11-01" }),
      task({ title: "in two days", dueDate: "2026-11-23" }),
    ];
    const list = homeTaskList(tasks, today);
    expect(list.kind).toBe("all");
    expect(list.shown.map((t) => t.title)).toEqual(["in two days", "in three days", "undated"]);
  });

  it("shows at most 5 and counts the rest", () => {
    const tasks = Array.from({ length: 8 }, (_, i) => task({ dueDate: `2026-11-${String(10 + i)}` }));
    const list = homeTaskList(tasks, today);
    expect(list.shown).toHaveLength(5);
    expect(list.more).toBe(3);
    expect(translateInEnglish("tasks.more_tasks", { count: list.more })).toBe("+3 more tasks");
    expect(translateInEnglish("tasks.more_tasks", { count: 1 })).toBe("+1 more task");
  });

  it("is empty when everything is done", () => {
    expect(homeTaskList([task({ completed: true })], today)).toEqual({ kind: "all", shown: [], more: 0 });
  });
});

describe("Today's Schedule tasks", () => {
  it("lists the tasks due on the date, by time, untimed last", () => {
    const tasks = [
      task({ title: "untimed", dueDate: "2026-11-21" }),
      task({ title: "3pm", dueDate: "2026-11-21", dueTime: "15:00" }),
      task({ title: "other day", dueDate: "2026-11-22", dueTime: "08:00" }),
      task({ title: "8am", dueDate: "2026-11-21", dueTime: "08:00" }),
    ];
    expect(tasksDueOn(tasks, "2026-11-21").map((t) => t.title)).toEqual(["8am", "3pm", "untimed"]);
  });
});

describe("due date display (12-hour, English US)", () => {
  it.each([
    ["2026-11-23", "15:30", "Nov 23, 2026 at 3:30 PM"],
    ["2026-11-23", null, "Nov 23, 2026 at 11:59 PM"],
    ["2026-01-05", "00:05", "Jan 5, 2026 at 12:05 AM"],
    ["2026-12-31", "12:00", "Dec 31, 2026 at 12:00 PM"],
    ["2028-02-29", "23:59", "Feb 29, 2028 at 11:59 PM"],
  ])("%s %s → %s", (dueDate, dueTime, expected) => {
    expect(formatDue({ dueDate, dueTime })).toBe(expected);
  });

  it("has nothing to show without a due date", () => {
    expect(formatDue({ dueDate: null, dueTime: "10:00" })).toBeNull();
  });
});

describe("grouping by due date (No sorting)", () => {
  const today = "2026-11-23"; // a Monday
  const titles = (list: Task[]) => list.map((t) => t.title);

  it("puts incomplete tasks in Overdue, Today, Tomorrow, This week, Later and No date, each earliest due first, completed last", () => {
    const tasks = [
      task({ title: "done", dueDate: "2026-11-01", completed: true }),
      task({ title: "undated new" }),
      task({ title: "next month", dueDate: "2026-12-20" }),
      task({ title: "sunday", dueDate: "2026-11-29" }),
      task({ title: "wednesday", dueDate: "2026-11-25" }),
      task({ title: "tomorrow", dueDate: "2026-11-24", dueTime: "08:00" }),
      task({ title: "today no time", dueDate: today }),
      task({ title: "today 3pm", dueDate: today, dueTime: "15:00" }),
      task({ title: "last week", dueDate: "2026-11-16" }),
      task({ title: "yesterday", dueDate: "2026-11-22", dueTime: "09:00" }),
      task({ title: "undated old" }),
      task({ title: "a week out", dueDate: "2026-11-30" }),
      task({ title: "done today", dueDate: today, completed: true }),
    ];
    const { groups, completed } = groupTasksByDue(tasks, today);
    expect(groups.map((g) => [translateInEnglish(g.label), titles(g.tasks)])).toEqual([
      ["Overdue", ["last week", "yesterday"]],
      ["Today", ["today 3pm", "today no time"]],
      ["Tomorrow", ["tomorrow"]],
      ["This week", ["wednesday", "sunday"]],
      ["Later", ["a week out", "next month"]],
      ["No date", ["undated new", "undated old"]],
    ]);
    expect(titles(completed)).toEqual(["done", "done today"]);
    // Every task once.
    expect(groups.flatMap((g) => g.tasks).length + completed.length).toBe(tasks.length);
  });

  it("leaves out empty groups", () => {
    const { groups } = groupTasksByDue([task({ title: "x", dueDate: "2026-11-24" })], today);
    expect(groups.map((g) => g.group)).toEqual(["tomorrow"]);
  });

  it("decides by the school's today: across a month and a year end", () => {
    expect(dueGroupOf(task({ dueDate: "2027-01-01" }), "2026-12-31")).toBe("tomorrow");
    expect(dueGroupOf(task({ dueDate: "2027-01-06" }), "2026-12-31")).toBe("this-week");
    expect(dueGroupOf(task({ dueDate: "2027-01-07" }), "2026-12-31")).toBe("later");
    expect(dueGroupOf(task({ dueDate: "2026-12-30" }), "2026-12-31")).toBe("overdue");
  });
});

describe("relative due dates", () => {
  const today = "2026-11-23"; // a Monday
  it.each([
    [{ dueDate: "2026-11-22", dueTime: null }, "Yesterday"],
    [{ dueDate: "2026-11-23", dueTime: null }, "Today"],
    [{ dueDate: "2026-11-23", dueTime: "15:30" }, "Today 3:30 PM"],
    [{ dueDate: "2026-11-24", dueTime: "08:00" }, "Tomorrow 8:00 AM"],
    [{ dueDate: "2026-11-27", dueTime: null }, "Fri"],
    [{ dueDate: "2026-11-29", dueTime: "00:05" }, "Sun 12:05 AM"],
    [{ dueDate: "2026-11-30", dueTime: null }, "Nov 30"],
    [{ dueDate: "2026-12-14", dueTime: null }, "Dec 14"],
    [{ dueDate: "2026-11-20", dueTime: null }, "Nov 20"],
    [{ dueDate: "2027-01-05", dueTime: "09:00" }, "Jan 5, 2027 9:00 AM"],
    [{ dueDate: "2025-12-01", dueTime: null }, "Dec 1, 2025"],
    [{ dueDate: null, dueTime: null }, null],
  ])("%o reads %s", (due, expected) => {
    expect(formatRelativeDue(due, today, translateInEnglish)).toBe(expected);
  });

  it.each([
    [{ dueDate: "2026-11-22", dueTime: null }, "Ayer"],
    [{ dueDate: "2026-11-24", dueTime: "08:00" }, "Mañana 8:00 a. m."],
    [{ dueDate: "2026-11-27", dueTime: null }, "vie"],
    [{ dueDate: "2026-12-14", dueTime: null }, "14 dic"],
    [{ dueDate: "2027-01-05", dueTime: "15:00" }, "5 ene 2027 3:00 p. m."],
  ])("%o reads %s in Spanish", (due, expected) => {
    expect(formatRelativeDue(due, today, translateInSpanish, "es")).toBe(expected);
  });
});
