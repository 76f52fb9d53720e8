// npm run bench:plan: the study plan (core/study-plan.ts, issue 51) for a student with 200 tasks
// and 50 weekly series, 14 days shown, worked out as GET /api/user/plan does (the series expanded
// from today to the last deadline and four days on, the school day per date, then the placement),
// beside expanding the same 50 series over the same 14 days alone, in the same run: the ratio says
// what planning adds to the expansion every calendar view already pays. Medians of many runs after
// a warm-up; the same data on every run (a seeded generator).
import os from "node:os";
import { performance } from "node:perf_hooks";
import { expandEvents } from "../core/calendar/recurrence";
import { addDaysToDate } from "../core/dates";
import { WEEKDAY_NAMES } from "../core/day-numbers";
import type { SchoolSchedule } from "../core/school-day";
import type { CalendarEvent } from "../core/schemas/event";
import type { Task } from "../core/schemas/task";
import { DEFAULT_STUDY_PREFERENCES, EXAM_PREP_DAYS, studyPlan } from "../core/study-plan";
import { event, task } from "../core/test/builders";
import { seededRandom } from "./seeded-random";

const TODAY = "2026-11-30";
const SHOWN_DAYS = 14;
const TASKS = 200;
const SERIES = 50;
const RUNS = Number(process.env.BENCH_RUNS ?? 200);

// The same student on every run.
const rand = seededRandom(20261130);
const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
const time = (hour: number, minute = 0) => `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;

const tasks: Task[] = Array.from({ length: TASKS }, (_, i) =>
  task({
    id: i + 1,
    dueDate: addDaysToDate(TODAY, int(-3, 40)),
    dueTime: rand() < 0.3 ? time(int(8, 22)) : null,
    priority: (["low", "medium", "high"] as const)[int(0, 2)]!,
    completed: rand() < 0.2,
    estimateMinutes: rand() < 0.7 ? int(1, 24) * 5 : null,
    spentMinutes: rand() < 0.2 ? int(0, 30) : 0,
    createdAt: new Date(Date.parse("2026-11-01T00:00:00Z") + i * 60_000).toISOString(),
  }),
);

const events: CalendarEvent[] = Array.from({ length: SERIES }, (_, i) => {
  const start = int(15, 20);
  const exam = i % 10 === 0;
  return event({
    id: i + 1,
    title: exam ? `Exam ${i + 1}` : `Club ${i + 1}`,
    date: addDaysToDate(TODAY, int(-200, 10)),
    time: time(start, int(0, 3) * 15),
    eventType: exam ? "exam" : "practice",
    recurring: "weekly",
    customDays: [WEEKDAY_NAMES[int(1, 5)]!],
    endTime: time(start + 1, 30),
    prepMinutes: exam ? 120 : null,
  });
});

const schedule: SchoolSchedule = {
  schoolDays: ["monday", "tuesday", "wednesday", "thursday", "friday"],
  bellTimes: [
    { period: 1, start: "08:00", end: "11:00" },
    { period: 2, start: "12:00", end: "15:00" },
  ],
  rotation: null,
  daysOff: [{ from: "2026-12-21", to: "2027-01-01", label: "Winter break" }],
};

/** As the plan service does it (server/services/study-plan.ts). */
function plan() {
  const lastShown = addDaysToDate(TODAY, SHOWN_DAYS - 1);
  const readTo = tasks.reduce((max, t) => (!t.completed && t.dueDate && t.dueDate > max ? t.dueDate : max), lastShown);
  const occurrences = expandEvents(events, TODAY, addDaysToDate(readTo, EXAM_PREP_DAYS));
  const byId = new Map(events.map((e) => [e.id, e]));
  return studyPlan({
    from: TODAY,
    days: SHOWN_DAYS,
    today: TODAY,
    now: "15:30",
    preferences: DEFAULT_STUDY_PREFERENCES,
    schedule,
    busy: occurrences.flatMap((o) =>
      o.time === null ? [] : [{ date: o.date, time: o.time, endTime: byId.get(o.eventId)?.endTime ?? null }],
    ),
    tasks,
    exams: occurrences.flatMap((o) => {
      const prep = byId.get(o.eventId)?.prepMinutes;
      return o.type === "exam" && prep ? [{ eventId: o.eventId, title: o.title, subject: o.subject, date: o.date, prepMinutes: prep }] : [];
    }),
  });
}

function expandAlone() {
  return expandEvents(events, TODAY, addDaysToDate(TODAY, SHOWN_DAYS - 1));
}

function median(run: () => unknown): number {
  for (let i = 0; i < 20; i++) run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

const result = plan();
const planned = result.days.reduce((sum, d) => sum + d.plannedMinutes, 0);
const expandMs = median(expandAlone);
const planMs = median(plan);
console.log(
  `\nstudy plan: ${TASKS} tasks, ${SERIES} weekly series, ${SHOWN_DAYS} days shown, median of ${RUNS}, Node ${process.version}, ${os.cpus().length} cores`,
);
console.log(
  `  the plan placed ${planned} minutes in ${result.days.reduce((n, d) => n + d.blocks.length, 0)} blocks; ${result.unplaced.length} tasks unplaced`,
);
console.log("| work | median ms | ratio |");
console.log("|---|--:|--:|");
console.log(`| expanding the ${SERIES} series over ${SHOWN_DAYS} days (baseline) | ${expandMs.toFixed(3)} | ×1.00 |`);
console.log(`| the plan, as GET /api/user/plan works it out | ${planMs.toFixed(3)} | ×${(planMs / expandMs).toFixed(2)} |`);
