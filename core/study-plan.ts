import { addDaysToDate, minutesOfDay, timeOfDay, weekdayOfDate } from "./dates";
import { WEEKDAY_NAMES, type WeekdayName } from "./day-numbers";
import { bellTimesOn, schoolDayOf, type SchoolSchedule } from "./school-day";
import { END_OF_DAY_TIME, PRIORITY_WEIGHT } from "./tasks";
import type { Priority } from "./schemas/task";

// The study plan (issue 51, docs/decisions/129): when each task's work fits before its deadline,
// in the free time the school day, the student's events and their study windows leave. One pure
// function, used by the server's plan endpoint and by the client alike; the same data and clock
// always give the same plan.

/** A stretch of one day, "HH:mm" to "HH:mm". */
export interface TimeRange {
  start: string;
  end: string;
}

export type StudyWindows = Record<WeekdayName, TimeRange[]>;

export interface StudyPreferences {
  studyWindows: StudyWindows;
  /** At most this much planned in one day (30-720). */
  dailyStudyLimitMinutes: number;
  /** The longest block (15-120). */
  maxBlockMinutes: number;
}

const weekdays = (windows: TimeRange[]) => ({ monday: windows, tuesday: windows, wednesday: windows, thursday: windows, friday: windows });

/** Until a student sets them: 16:00-21:00 on weekdays, 10:00-12:00 and 14:00-18:00 at the weekend. */
export const DEFAULT_STUDY_PREFERENCES: StudyPreferences = {
  studyWindows: {
    ...weekdays([{ start: "16:00", end: "21:00" }]),
    saturday: [
      { start: "10:00", end: "12:00" },
      { start: "14:00", end: "18:00" },
    ],
    sunday: [
      { start: "10:00", end: "12:00" },
      { start: "14:00", end: "18:00" },
    ],
  },
  dailyStudyLimitMinutes: 180,
  maxBlockMinutes: 60,
};

/** The shortest block, and the shortest free gap worth using. */
export const MIN_BLOCK_MINUTES = 15;
/** A task without an estimate needs this much. */
export const DEFAULT_ESTIMATE_MINUTES = 30;
/** An event with a time but no end keeps the student busy this long. */
export const DEFAULT_EVENT_MINUTES = 60;
/** An exam's revision is shared over up to this many days before it. */
export const EXAM_PREP_DAYS = 4;
/** How far ahead the plan looks for room before a deadline. */
const HORIZON_DAYS = 366;

export interface PlanTask {
  id: number;
  title: string;
  subject: string | null;
  dueDate: string | null;
  dueTime: string | null;
  priority: Priority;
  createdAt: string;
  completed: boolean;
  estimateMinutes: number | null;
  spentMinutes: number;
}

export interface PlanExam {
  eventId: number;
  title: string;
  subject: string | null;
  date: string;
  prepMinutes: number;
}

/** One occurrence of the student's event with a time: busy from `time` to `endTime` (or an hour). */
export interface BusyOccurrence {
  date: string;
  time: string;
  endTime: string | null;
}

export interface PlanInput {
  /** The first day shown, and how many. */
  from: string;
  days: number;
  /** The student's today and the time now, in their time zone. */
  today: string;
  now: string;
  preferences: StudyPreferences;
  /** The school day the student follows, or null without one; the alternate each date follows (a delay). */
  schedule: SchoolSchedule | null;
  alternates?: Readonly<Record<string, string>>;
  busy: readonly BusyOccurrence[];
  tasks: readonly PlanTask[];
  exams: readonly PlanExam[];
}

export interface PlanBlock {
  kind: "task" | "exam-prep";
  taskId: number | null;
  eventId: number | null;
  title: string;
  subject: string | null;
  start: string;
  end: string;
  /** The task has no estimate: its block is the default 30 minutes' share. */
  defaultEstimate: boolean;
}

export interface PlanDay {
  date: string;
  availableMinutes: number;
  plannedMinutes: number;
  blocks: PlanBlock[];
}

export interface UnplacedWork {
  taskId: number | null;
  eventId: number | null;
  title: string;
  dueDate: string;
  dueTime: string | null;
  minutesShort: number;
}

export interface StudyPlan {
  days: PlanDay[];
  unplaced: UnplacedWork[];
}

const END_OF_DAY = 24 * 60;

type Gap = [start: number, end: number];

/** Free gaps: the windows minus every busy range, gaps shorter than the shortest block left out. */
function subtract(windows: readonly Gap[], busy: readonly Gap[]): Gap[] {
  let free = [...windows].sort((a, b) => a[0] - b[0]);
  for (const [bs, be] of busy) {
    free = free.flatMap(([s, e]): Gap[] => {
      if (be <= s || bs >= e) return [[s, e]];
      return [
        [s, Math.min(bs, e)],
        [Math.max(be, s), e],
      ].filter(([a, b]) => b! > a!) as Gap[];
    });
  }
  return free.filter(([s, e]) => e - s >= MIN_BLOCK_MINUTES);
}

/** The school day on `date`: first bell to last bell (the alternate's on a delay day); none on a day off. */
export function schoolHoursOn(schedule: SchoolSchedule | null, date: string, alternateId?: string | null): TimeRange | null {
  if (schedule === null) return null;
  const day = schoolDayOf(schedule, date);
  if (day.off) return null;
  const bells = [...bellTimesOn(schedule, day.rotationDay, alternateId).values()];
  if (bells.length === 0) return null;
  return {
    start: bells.reduce((min, b) => (b.start < min ? b.start : min), bells[0]!.start),
    end: bells.reduce((max, b) => (b.end > max ? b.end : max), bells[0]!.end),
  };
}

interface DayRoom {
  gaps: Gap[];
  /** What may still be planned this day (the daily limit, less what is planned). */
  left: number;
  available: number;
  blocks: PlanBlock[];
}

interface Job {
  kind: "task" | "exam-prep";
  taskId: number | null;
  eventId: number | null;
  title: string;
  subject: string | null;
  minutes: number;
  /** The first day and the last day the work may go in. */
  firstDay: string;
  lastDay: string;
  /** On `lastDay`, it must end by this minute. */
  lastMinute: number;
  defaultEstimate: boolean;
  order: [deadline: string, fixedFirst: number, priority: number, created: string];
  dueDate: string;
  dueTime: string | null;
}

/** The study plan for `from` and the `days` after it (see docs/decisions/129 for the rules, with worked examples). */
export function studyPlan(input: PlanInput): StudyPlan {
  const { today, preferences } = input;
  const nowMinute = minutesOfDay(input.now);
  const busyByDate = new Map<string, Gap[]>();
  for (const b of input.busy) {
    const start = minutesOfDay(b.time);
    const end =
      b.endTime && minutesOfDay(b.endTime) > start ? minutesOfDay(b.endTime) : Math.min(END_OF_DAY, start + DEFAULT_EVENT_MINUTES);
    busyByDate.set(b.date, [...(busyByDate.get(b.date) ?? []), [start, end]]);
  }
  const rooms = new Map<string, DayRoom>();
  const roomOn = (date: string): DayRoom => {
    let room = rooms.get(date);
    if (room) return room;
    const windows = preferences.studyWindows[WEEKDAY_NAMES[weekdayOfDate(date)]!].map((w): Gap => [
      minutesOfDay(w.start),
      minutesOfDay(w.end),
    ]);
    const busy = [...(busyByDate.get(date) ?? [])];
    const school = schoolHoursOn(input.schedule, date, input.alternates?.[date]);
    if (school) busy.push([minutesOfDay(school.start), minutesOfDay(school.end)]);
    if (date === today) busy.push([0, nowMinute]);
    const gaps = date < today ? [] : subtract(windows, busy);
    const free = gaps.reduce((sum, [s, e]) => sum + e - s, 0);
    const available = Math.min(free, preferences.dailyStudyLimitMinutes);
    room = { gaps, left: available, available, blocks: [] };
    rooms.set(date, room);
    return room;
  };

  const unplaced: UnplacedWork[] = [];
  for (const job of jobsOf(input)) {
    let remaining = job.minutes;
    for (let date = job.firstDay; remaining > 0 && date <= job.lastDay; date = addDaysToDate(date, 1)) {
      remaining = place(job, remaining, roomOn(date), date === job.lastDay ? job.lastMinute : END_OF_DAY, preferences.maxBlockMinutes);
    }
    if (remaining === 0) continue;
    // An exam's daily shares that do not fit are one entry: the exam, short by their sum.
    const same = job.eventId === null ? undefined : unplaced.find((u) => u.eventId === job.eventId);
    if (same) same.minutesShort += remaining;
    else
      unplaced.push({
        taskId: job.taskId,
        eventId: job.eventId,
        title: job.title,
        dueDate: job.dueDate,
        dueTime: job.dueTime,
        minutesShort: remaining,
      });
  }

  const days: PlanDay[] = [];
  for (let i = 0; i < input.days; i++) {
    const date = addDaysToDate(input.from, i);
    const room = roomOn(date);
    const blocks = [...room.blocks].sort((a, b) => (a.start < b.start ? -1 : 1));
    days.push({ date, availableMinutes: room.available, plannedMinutes: room.available - room.left, blocks });
  }
  return { days, unplaced };
}

/** Puts as much of `remaining` as fits into the day's gaps, earliest first; gives back what is left. */
function place(job: Job, remaining: number, room: DayRoom, endBy: number, maxBlock: number): number {
  for (const gap of room.gaps) {
    while (remaining > 0 && room.left > 0) {
      const length = Math.min(remaining, maxBlock, room.left, Math.min(gap[1], endBy) - gap[0]);
      // A piece shorter than the shortest block only as a task's last one.
      if (length <= 0 || (length < MIN_BLOCK_MINUTES && length < remaining)) break;
      room.blocks.push({
        kind: job.kind,
        taskId: job.taskId,
        eventId: job.eventId,
        title: job.title,
        subject: job.subject,
        start: timeOfDay(gap[0]),
        end: timeOfDay(gap[0] + length),
        defaultEstimate: job.defaultEstimate,
      });
      gap[0] += length;
      room.left -= length;
      remaining -= length;
    }
  }
  room.gaps = room.gaps.filter(([s, e]) => e - s > 0);
  return remaining;
}

/** Every piece of work to place, in the order it is placed: earliest deadline first. */
function jobsOf(input: PlanInput): Job[] {
  const { today, now } = input;
  const horizon = addDaysToDate(today, HORIZON_DAYS);
  const jobs: Job[] = [];
  for (const task of input.tasks) {
    if (task.completed || task.dueDate === null) continue;
    const minutes = Math.max(0, (task.estimateMinutes ?? DEFAULT_ESTIMATE_MINUTES) - task.spentMinutes);
    if (minutes === 0) continue;
    const dueTime = task.dueTime || END_OF_DAY_TIME;
    const overdue = task.dueDate < today || (task.dueDate === today && dueTime <= now);
    const lastDay = overdue ? today : task.dueDate < horizon ? task.dueDate : horizon;
    jobs.push({
      kind: "task",
      taskId: task.id,
      eventId: null,
      title: task.title,
      subject: task.subject,
      minutes,
      firstDay: today,
      lastDay,
      // An overdue task goes in today, first; a task due at a time must be done by then.
      lastMinute: overdue ? END_OF_DAY : task.dueTime ? minutesOfDay(task.dueTime) : END_OF_DAY,
      defaultEstimate: task.estimateMinutes === null,
      // Overdue first ("!" sorts before any date), each by its own deadline.
      order: [`${overdue ? "!" : ""}${task.dueDate}T${dueTime}`, 1, -PRIORITY_WEIGHT[task.priority], task.createdAt],
      dueDate: task.dueDate,
      dueTime: task.dueTime,
    });
  }
  for (const exam of input.exams) {
    if (exam.prepMinutes <= 0 || exam.date <= today) continue;
    const days: string[] = [];
    for (let i = EXAM_PREP_DAYS; i >= 1; i--) {
      const date = addDaysToDate(exam.date, -i);
      if (date >= today) days.push(date);
    }
    // Equal daily shares; the first days take the odd minutes.
    const share = Math.floor(exam.prepMinutes / days.length);
    days.forEach((date, i) => {
      const minutes = share + (i < exam.prepMinutes % days.length ? 1 : 0);
      jobs.push({
        kind: "exam-prep",
        taskId: null,
        eventId: exam.eventId,
        title: exam.title,
        subject: exam.subject,
        minutes,
        firstDay: date,
        lastDay: date,
        lastMinute: END_OF_DAY,
        defaultEstimate: false,
        // A day's share can go on that day only: it is placed before the tasks due that day.
        order: [`${date}T${END_OF_DAY_TIME}`, 0, 0, ""],
        dueDate: exam.date,
        dueTime: null,
      });
    });
  }
  return jobs.sort((a, b) => compareOrder(a.order, b.order));
}

function compareOrder(a: Job["order"], b: Job["order"]): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** The longest a student's plan goes unread while study-block pushes are on: the work may have changed meanwhile. */
export const STUDY_CHECK_MAX_MINUTES = 60;

/**
 * Where today's plan stands at `nowTime` for the push at a block's start (issue 51, decision 132):
 * the block under way (the plan places today's work from now, so one starting now begins at
 * `nowTime`), and when to read the plan again (HH:mm today, or null for the next day's start): when
 * the block under way ends and the next begins, or when the first one later today starts, and never
 * more than an hour on.
 */
export function studyBlockCheck(today: Pick<PlanDay, "blocks">, nowTime: string): { current: PlanBlock | null; nextTime: string | null } {
  const first = today.blocks[0];
  const current = first && first.start <= nowTime ? first : null;
  const cap = minutesOfDay(nowTime) + STUDY_CHECK_MAX_MINUTES;
  const next = current ? minutesOfDay(current.end) : first ? minutesOfDay(first.start) : END_OF_DAY;
  const at = Math.max(Math.min(next, cap), minutesOfDay(nowTime) + 1);
  return { current, nextTime: at >= END_OF_DAY ? null : timeOfDay(at) };
}
