import { describe, expect, it } from "vitest";
import type { SchoolSchedule } from "./school-day";
import {
  DEFAULT_STUDY_PREFERENCES,
  type PlanInput,
  type PlanTask,
  schoolHoursOn,
  studyBlockCheck,
  studyPlan,
  type StudyWindows,
} from "./study-plan";

// 2026-11-30 is a Monday.
const MONDAY = "2026-11-30";
const TUESDAY = "2026-12-01";
const WEDNESDAY = "2026-12-02";
const THURSDAY = "2026-12-03";
const FRIDAY = "2026-12-04";

const SCHOOL: SchoolSchedule = {
  schoolDays: ["monday", "tuesday", "wednesday", "thursday", "friday"],
  bellTimes: [
    { period: 1, start: "08:00", end: "11:00" },
    { period: 2, start: "12:00", end: "15:00" },
  ],
  alternates: [{ id: "delay", name: "2-Hour Delay", bellTimes: [{ period: 1, start: "10:00", end: "17:00" }] }],
  daysOff: [{ from: WEDNESDAY, to: WEDNESDAY, label: "Teacher workday" }],
};

const every = (start: string, end: string): StudyWindows => ({
  sunday: [{ start, end }],
  monday: [{ start, end }],
  tuesday: [{ start, end }],
  wednesday: [{ start, end }],
  thursday: [{ start, end }],
  friday: [{ start, end }],
  saturday: [{ start, end }],
});

let ids = 0;
function task(fields: Partial<PlanTask>): PlanTask {
  ids += 1;
  return {
    id: ids,
    title: `Task ${ids}`,
    subject: null,
    dueDate: TUESDAY,
    dueTime: null,
    priority: "medium",
    createdAt: `2026-11-01T00:00:${String(ids).padStart(2, "0")}Z`,
    completed: false,
    estimateMinutes: 60,
    spentMinutes: 0,
    ...fields,
  };
}

function plan(fields: Partial<PlanInput>) {
  return studyPlan({
    from: MONDAY,
    days: 3,
    today: MONDAY,
    now: "07:00",
    preferences: { ...DEFAULT_STUDY_PREFERENCES, studyWindows: every("16:00", "21:00") },
    schedule: null,
    busy: [],
    tasks: [],
    exams: [],
    ...fields,
  });
}

const spans = (day: { blocks: { start: string; end: string; title: string }[] }) => day.blocks.map((b) => `${b.start}-${b.end} ${b.title}`);

describe("a day's free time", () => {
  it("is the study windows, capped at the daily limit", () => {
    const { days } = plan({});
    expect(days.map((d) => d.availableMinutes)).toEqual([180, 180, 180]);
    const { days: unlimited } = plan({
      preferences: { ...DEFAULT_STUDY_PREFERENCES, studyWindows: every("16:00", "18:00"), dailyStudyLimitMinutes: 720 },
    });
    expect(unlimited[0]!.availableMinutes).toBe(120);
  });

  it("leaves out the school day on school days (first bell to last), the alternate's on a delay day, and not on a day off", () => {
    const windows = every("07:00", "20:00");
    const preferences = { ...DEFAULT_STUDY_PREFERENCES, studyWindows: windows, dailyStudyLimitMinutes: 720 };
    const { days } = plan({ schedule: SCHOOL, preferences, now: "06:00", alternates: { [TUESDAY]: "delay" } });
    // Monday: 07-08 and 15-20 free (the lunch hour between the bells is school); Tuesday's delay: 07-10 and 17-20;
    // Wednesday off: all 13 hours, capped at the limit.
    expect(days.map((d) => d.availableMinutes)).toEqual([60 + 300, 180 + 180, 720]);
    expect(schoolHoursOn(SCHOOL, WEDNESDAY)).toBeNull();
    expect(schoolHoursOn(SCHOOL, MONDAY)).toEqual({ start: "08:00", end: "15:00" });
  });

  it("leaves out every timed event (to its end, or an hour without one), and today's past", () => {
    const busy = [
      { date: MONDAY, time: "17:00", endTime: "18:30" },
      { date: TUESDAY, time: "16:00", endTime: null },
    ];
    const { days } = plan({
      busy,
      now: "16:30",
      preferences: { ...DEFAULT_STUDY_PREFERENCES, studyWindows: every("16:00", "21:00"), dailyStudyLimitMinutes: 720 },
    });
    // Monday from 16:30: 16:30-17:00 and 18:30-21:00; Tuesday 17:00-21:00.
    expect(days.map((d) => d.availableMinutes)).toEqual([30 + 150, 240, 300]);
  });

  it("does not use a gap shorter than 15 minutes", () => {
    const busy = [{ date: MONDAY, time: "16:10", endTime: "21:00" }];
    const { days } = plan({ busy, tasks: [task({ dueDate: MONDAY, estimateMinutes: 10 })] });
    expect(days[0]!.availableMinutes).toBe(0);
    expect(days[0]!.blocks).toEqual([]);
  });

  it("has nothing on past days", () => {
    const { days } = plan({ from: "2026-11-28", today: MONDAY, tasks: [task({ dueDate: TUESDAY })] });
    expect(days.slice(0, 2).map((d) => [d.availableMinutes, d.blocks.length])).toEqual([
      [0, 0],
      [0, 0],
    ]);
    expect(days[2]!.blocks).toHaveLength(1);
  });
});

describe("placing the work", () => {
  it("puts the earliest deadline first, then high priority before low, then the oldest, each in the earliest free time, back to back", () => {
    const later = task({ title: "Essay", dueDate: WEDNESDAY, estimateMinutes: 30 });
    const low = task({ title: "Low", dueDate: TUESDAY, priority: "low", estimateMinutes: 30 });
    const high = task({ title: "High", dueDate: TUESDAY, priority: "high", estimateMinutes: 30 });
    const older = task({ title: "Older", dueDate: TUESDAY, priority: "low", estimateMinutes: 30, createdAt: "2026-10-01T00:00:00Z" });
    const { days } = plan({ tasks: [later, low, high, older] });
    expect(spans(days[0]!)).toEqual(["16:00-16:30 High", "16:30-17:00 Older", "17:00-17:30 Low", "17:30-18:00 Essay"]);
  });

  it("splits work into blocks of at most maxBlockMinutes, the last one shorter, and never past the daily limit", () => {
    const preferences = {
      ...DEFAULT_STUDY_PREFERENCES,
      studyWindows: every("16:00", "21:00"),
      dailyStudyLimitMinutes: 120,
      maxBlockMinutes: 45,
    };
    const { days, unplaced } = plan({ preferences, tasks: [task({ title: "Project", dueDate: TUESDAY, estimateMinutes: 200 })] });
    expect(spans(days[0]!)).toEqual(["16:00-16:45 Project", "16:45-17:30 Project", "17:30-18:00 Project"]);
    expect(spans(days[1]!)).toEqual(["16:00-16:45 Project", "16:45-17:20 Project"]);
    expect(days.map((d) => d.plannedMinutes)).toEqual([120, 80, 0]);
    expect(unplaced).toEqual([]);
  });

  it("needs 30 minutes of a task without an estimate (marked), and only what is left after its focus time", () => {
    const { days } = plan({
      tasks: [
        task({ title: "Guess", dueDate: MONDAY, estimateMinutes: null }),
        task({ title: "Begun", dueDate: MONDAY, estimateMinutes: 60, spentMinutes: 45 }),
      ],
    });
    expect(days[0]!.blocks.map((b) => [b.title, b.start, b.end, b.defaultEstimate])).toEqual([
      ["Guess", "16:00", "16:30", true],
      ["Begun", "16:30", "16:45", false],
    ]);
  });

  it("finishes a task due at a time by then, and leaves out completed and undated tasks", () => {
    const { days, unplaced } = plan({
      tasks: [
        task({ title: "Lab", dueDate: TUESDAY, dueTime: "16:30", estimateMinutes: 120 }),
        task({ title: "Done", dueDate: MONDAY, completed: true }),
        task({ title: "Someday", dueDate: null }),
      ],
      preferences: { ...DEFAULT_STUDY_PREFERENCES, studyWindows: every("16:00", "21:00"), dailyStudyLimitMinutes: 60 },
    });
    expect(spans(days[0]!)).toEqual(["16:00-17:00 Lab"]);
    expect(spans(days[1]!)).toEqual(["16:00-16:30 Lab"]);
    expect(unplaced).toEqual([
      { taskId: expect.any(Number), eventId: null, title: "Lab", dueDate: TUESDAY, dueTime: "16:30", minutesShort: 30 },
    ]);
  });

  it("places overdue tasks first, today, and lists what does not fit today as unplaced", () => {
    const overdue = task({ title: "Late", dueDate: "2026-11-27", estimateMinutes: 240 });
    const tomorrow = task({ title: "Tomorrow", dueDate: TUESDAY, estimateMinutes: 30 });
    const { days, unplaced } = plan({ tasks: [tomorrow, overdue] });
    expect(spans(days[0]!)).toEqual(["16:00-17:00 Late", "17:00-18:00 Late", "18:00-19:00 Late"]);
    expect(spans(days[1]!)).toEqual(["16:00-16:30 Tomorrow"]);
    expect(unplaced).toEqual([expect.objectContaining({ title: "Late", dueDate: "2026-11-27", minutesShort: 60 })]);
  });

  it("revises for an exam in equal daily shares over the 4 days before it, not the evening before", () => {
    const { days, unplaced } = plan({
      from: MONDAY,
      days: 5,
      exams: [{ eventId: 1, title: "Chemistry exam", subject: "Chemistry", date: FRIDAY, prepMinutes: 130 }],
    });
    expect(days.map((d) => d.blocks.map((b) => [b.kind, b.eventId, b.title, b.start, b.end]))).toEqual([
      [["exam-prep", 1, "Chemistry exam", "16:00", "16:33"]],
      [["exam-prep", 1, "Chemistry exam", "16:00", "16:33"]],
      [["exam-prep", 1, "Chemistry exam", "16:00", "16:32"]],
      [["exam-prep", 1, "Chemistry exam", "16:00", "16:32"]],
      [],
    ]);
    expect(unplaced).toEqual([]);
    // Two days before the exam: the same revision in two shares.
    const { days: late } = plan({
      today: WEDNESDAY,
      from: WEDNESDAY,
      exams: [{ eventId: 1, title: "Chemistry exam", subject: null, date: FRIDAY, prepMinutes: 130 }],
    });
    expect(late.map((d) => d.plannedMinutes)).toEqual([65, 65, 0]);
  });

  it("lists an exam's shares that do not fit as one unplaced entry", () => {
    const preferences = { ...DEFAULT_STUDY_PREFERENCES, studyWindows: every("16:00", "21:00"), dailyStudyLimitMinutes: 30 };
    const { unplaced } = plan({ preferences, exams: [{ eventId: 1, title: "Exam", subject: null, date: WEDNESDAY, prepMinutes: 200 }] });
    // Monday and Tuesday, 100 each, 30 each fit.
    expect(unplaced).toEqual([{ taskId: null, eventId: 1, title: "Exam", dueDate: WEDNESDAY, dueTime: null, minutesShort: 140 }]);
  });

  it("gives the same plan for the same data and clock", () => {
    const input = {
      tasks: [task({ dueDate: WEDNESDAY }), task({ dueDate: TUESDAY })],
      exams: [{ eventId: 2, title: "Exam", subject: null, date: THURSDAY, prepMinutes: 90 }],
    };
    expect(plan(input)).toEqual(plan(input));
  });
});

describe("the push at a study block's start (studyBlockCheck)", () => {
  const block = (start: string, end: string) => ({
    kind: "task" as const,
    taskId: 1,
    eventId: null,
    title: "Essay",
    subject: null,
    start,
    end,
    defaultEstimate: false,
  });

  it("a block starting now is under way; the plan is read again when it ends", () => {
    expect(studyBlockCheck({ blocks: [block("16:00", "16:45"), block("16:45", "17:00")] }, "16:00")).toEqual({
      current: block("16:00", "16:45"),
      nextTime: "16:45",
    });
  });

  it("a block later today is not under way: read again when it starts, or in an hour at most", () => {
    expect(studyBlockCheck({ blocks: [block("16:30", "17:00")] }, "16:00")).toEqual({ current: null, nextTime: "16:30" });
    expect(studyBlockCheck({ blocks: [block("19:00", "20:00")] }, "16:00")).toEqual({ current: null, nextTime: "17:00" });
    expect(studyBlockCheck({ blocks: [block("16:00", "18:00")] }, "16:00").nextTime).toBe("17:00");
  });

  it("nothing more today: read again within the hour, or on the next day once the day is nearly over", () => {
    expect(studyBlockCheck({ blocks: [] }, "16:00")).toEqual({ current: null, nextTime: "17:00" });
    expect(studyBlockCheck({ blocks: [] }, "23:30")).toEqual({ current: null, nextTime: null });
    expect(studyBlockCheck({ blocks: [block("23:59", "23:59")] }, "23:59")).toEqual({ current: block("23:59", "23:59"), nextTime: null });
  });
});
