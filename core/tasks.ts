/**
 * Task rules shared by the Tasks tab, the Home tab and the server: sorting, filters and their
 * counts, "overdue" and "urgent", and how a due date is written.
 *
 * Every rule that depends on "today" takes it as a yyyy-MM-dd calendar date in the school's time
 * zone (core/dates.ts `todayIn`), never the browser's clock, so 03:30 UTC on the 22nd is still the
 * 21st for a school in New York.
 *
 * Labels are message ids, worded where they are shown, in the reader's language (decision 108).
 */
import { addDaysToDate, weekdayOfDate } from "./dates";
import { formatShortDate, formatTime12, monthShortLabel, weekdayShortLabel } from "./format";
import { DEFAULT_LOCALE, type Locale } from "./i18n/locale";
import type { PlainMessageId, Translate } from "./i18n/translate";
import type { Priority, Task } from "./schemas/task";

/** Sorting weight of each priority (docs/product.md#task). */
export const PRIORITY_WEIGHT: Record<Priority, number> = { high: 3, medium: 2, low: 1 };

export const PRIORITY_LABEL: Record<Priority, PlainMessageId> = {
  high: "tasks.priority_high",
  medium: "tasks.priority_medium",
  low: "tasks.priority_low",
};

/** A task row's priority badge: "High priority". */
export const PRIORITY_BADGE: Record<Priority, PlainMessageId> = {
  high: "tasks.priority_badge_high",
  medium: "tasks.priority_badge_medium",
  low: "tasks.priority_badge_low",
};

export const TASK_SORTS = ["none", "priority-desc", "priority-asc", "subject"] as const;
export type TaskSort = (typeof TASK_SORTS)[number];

export const TASK_SORT_LABEL: Record<TaskSort, PlainMessageId> = {
  none: "tasks.sort_none",
  "priority-desc": "tasks.sort_priority_desc",
  "priority-asc": "tasks.sort_priority_asc",
  subject: "tasks.sort_subject",
};

export const TASK_FILTERS = ["all", "pending", "completed", "overdue"] as const;
export type TaskFilter = (typeof TASK_FILTERS)[number];

export const TASK_FILTER_LABEL: Record<TaskFilter, PlainMessageId> = {
  all: "tasks.filter_all",
  pending: "tasks.filter_pending",
  completed: "tasks.filter_completed",
  overdue: "tasks.filter_overdue",
};

/** What a filter tab says when it lists nothing ("All Tasks" says "No tasks yet" and offers to add one). */
export const TASK_FILTER_EMPTY: Record<Exclude<TaskFilter, "all">, PlainMessageId> = {
  pending: "tasks.no_pending_tasks",
  completed: "tasks.no_completed_tasks",
  overdue: "tasks.no_overdue_tasks",
};

/** The fields the rules below read; a full Task fits, and so does an optimistic draft. */
export type TaskLike = Pick<Task, "completed" | "dueDate"> & Partial<Pick<Task, "dueTime" | "priority" | "subject">>;

/** Home task list and Today's Schedule limit (docs/product.md#limits-and-constants). */
export const HOME_TASK_LIMIT = 5;

/** Tasks without a time sort as the end of their day (docs/product.md#default-due-time). */
export const END_OF_DAY_TIME = "23:59";

export function isPending(task: Pick<Task, "completed">): boolean {
  return !task.completed;
}

/** Due before today and not completed (docs/product.md#filters-and-counts). A task due today is never overdue. */
export function isOverdue(task: TaskLike, today: string): boolean {
  return !task.completed && task.dueDate != null && task.dueDate < today;
}

/** Incomplete and due today, tomorrow or earlier (Home tab "Urgent Tasks"). */
export function isUrgent(task: TaskLike, today: string): boolean {
  return !task.completed && task.dueDate != null && task.dueDate <= addDaysToDate(today, 1);
}

/**
 * Sorts a copy; ties keep the incoming order (the API's newest first). Subject sorting is
 * alphabetical and puts tasks without a subject last.
 */
export function sortTasks<T extends TaskLike>(tasks: readonly T[], sort: TaskSort): T[] {
  const copy = [...tasks];
  switch (sort) {
    case "priority-desc":
      return copy.sort((a, b) => weight(b) - weight(a));
    case "priority-asc":
      return copy.sort((a, b) => weight(a) - weight(b));
    case "subject":
      return copy.sort((a, b) => {
        const sa = a.subject?.trim() || null;
        const sb = b.subject?.trim() || null;
        if (sa === sb) return 0;
        if (sa === null) return 1;
        if (sb === null) return -1;
        return sa.localeCompare(sb, "en-US", { sensitivity: "base" });
      });
    default:
      return copy;
  }
}

function weight(task: TaskLike): number {
  return PRIORITY_WEIGHT[task.priority ?? "medium"] ?? PRIORITY_WEIGHT.medium;
}

/** The tasks one filter tab lists. "All" lists every task, completed ones included. */
export function filterTasks<T extends TaskLike>(tasks: readonly T[], filter: TaskFilter, today: string): T[] {
  switch (filter) {
    case "pending":
      return tasks.filter(isPending);
    case "completed":
      return tasks.filter((t) => t.completed);
    case "overdue":
      return tasks.filter((t) => isOverdue(t, today));
    default:
      return [...tasks];
  }
}

export interface TaskCounts {
  /** What the "All Tasks" tab shows: the pending count (docs/product.md#filters-and-counts). */
  all: number;
  pending: number;
  completed: number;
  overdue: number;
  /** Not completed and due today (not overdue: a task due today never is). */
  dueToday: number;
}

export function countTasks(tasks: readonly TaskLike[], today: string): TaskCounts {
  let pending = 0;
  let completed = 0;
  let overdue = 0;
  let dueToday = 0;
  for (const t of tasks) {
    if (t.completed) completed++;
    else pending++;
    if (isOverdue(t, today)) overdue++;
    else if (!t.completed && t.dueDate === today) dueToday++;
  }
  return { all: pending, pending, completed, overdue, dueToday };
}

/**
 * The number on the installed app's icon (decision 119): tasks not completed and due today or
 * earlier. The server counts the same in SQL for a reminder's push (tasks repository, `countDueBy`).
 */
export function appBadgeCount(tasks: readonly TaskLike[], today: string): number {
  const { overdue, dueToday } = countTasks(tasks, today);
  return overdue + dueToday;
}

/** Earliest due first, by date then time (no time = end of day); undated tasks last. */
export function compareByDue(a: TaskLike, b: TaskLike): number {
  if (a.dueDate == null || b.dueDate == null) {
    if (a.dueDate == null && b.dueDate == null) return 0;
    return a.dueDate == null ? 1 : -1;
  }
  if (a.dueDate !== b.dueDate) return a.dueDate < b.dueDate ? -1 : 1;
  const ta = a.dueTime || END_OF_DAY_TIME;
  const tb = b.dueTime || END_OF_DAY_TIME;
  return ta < tb ? -1 : ta > tb ? 1 : 0;
}

export interface HomeTaskList<T> {
  /** "urgent" → "Urgent Tasks" with a warning icon; "all" → "Your Tasks". */
  kind: "urgent" | "all";
  /** At most HOME_TASK_LIMIT tasks, earliest due first. */
  shown: T[];
  /** How many more there are beyond `shown` ("+3 more tasks"). */
  more: number;
}

/**
 * Home tab task list (docs/product.md#urgent-tasks-and-your-tasks): the urgent tasks when any incomplete task is due today, tomorrow
 * or earlier; otherwise every incomplete task.
 */
export function homeTaskList<T extends TaskLike>(tasks: readonly T[], today: string, limit = HOME_TASK_LIMIT): HomeTaskList<T> {
  const urgent = tasks.filter((t) => isUrgent(t, today));
  const kind = urgent.length > 0 ? "urgent" : "all";
  const list = (kind === "urgent" ? urgent : tasks.filter(isPending)).sort(compareByDue);
  return { kind, shown: list.slice(0, limit), more: Math.max(0, list.length - limit) };
}

/** Tasks due on a date (Today's Schedule), completed ones included, by time. */
export function tasksDueOn<T extends TaskLike>(tasks: readonly T[], date: string): T[] {
  return tasks.filter((t) => t.dueDate === date).sort(compareByDue);
}

/**
 * The due time as shown: a task with a date but no time is due at the end of that day, shown as
 * "11:59 PM" (docs/product.md#default-due-time; docs/decisions/024), the same time it sorts by.
 */
export function formatDueTime(task: Pick<Task, "dueTime">, locale: Locale = DEFAULT_LOCALE): string {
  return formatTime12(task.dueTime ?? END_OF_DAY_TIME, locale);
}

/** "Nov 23, 2026 at 3:30 PM" ("at 11:59 PM" without a time); null without a due date. */
export function formatDue(task: Pick<Task, "dueDate" | "dueTime">): string | null {
  if (!task.dueDate) return null;
  return `${formatShortDate(task.dueDate)} at ${formatDueTime(task)}`;
}

/** The groups "No sorting" lists incomplete tasks in, in this order (docs/decisions/069). */
export const DUE_GROUPS = ["overdue", "today", "tomorrow", "this-week", "later", "no-date"] as const;
export type DueGroup = (typeof DUE_GROUPS)[number];

export const DUE_GROUP_LABEL: Record<DueGroup, PlainMessageId> = {
  overdue: "tasks.group_overdue",
  today: "common.today",
  tomorrow: "common.tomorrow",
  "this-week": "tasks.group_this_week",
  later: "tasks.group_later",
  "no-date": "tasks.group_no_date",
};

/** The days after tomorrow that count as "This week": the next six days, named by their weekday. */
const THIS_WEEK_LAST_DAY = 6;

/** Which group an incomplete task falls in, by its due date in the school's today. */
export function dueGroupOf(task: TaskLike, today: string): DueGroup {
  if (task.dueDate == null) return "no-date";
  if (task.dueDate < today) return "overdue";
  if (task.dueDate === today) return "today";
  if (task.dueDate === addDaysToDate(today, 1)) return "tomorrow";
  return task.dueDate <= addDaysToDate(today, THIS_WEEK_LAST_DAY) ? "this-week" : "later";
}

export interface GroupedTasks<T> {
  /** The non-empty groups of incomplete tasks, in DUE_GROUPS order, each earliest due first. */
  groups: Array<{ group: DueGroup; label: PlainMessageId; tasks: T[] }>;
  /** Completed tasks, last, in the incoming order. */
  completed: T[];
}

/**
 * The order a student reads a to-do list in (issue 14; docs/decisions/069): what is late, then
 * today, tomorrow, the rest of the week, later and undated; each group by due date and time (no
 * time = end of day), ties in the incoming order; completed tasks after all of them.
 */
export function groupTasksByDue<T extends TaskLike>(tasks: readonly T[], today: string): GroupedTasks<T> {
  const byGroup = new Map<DueGroup, T[]>(DUE_GROUPS.map((group) => [group, []]));
  const completed: T[] = [];
  for (const task of tasks) {
    if (task.completed) completed.push(task);
    else byGroup.get(dueGroupOf(task, today))!.push(task);
  }
  const groups = DUE_GROUPS.flatMap((group) => {
    const inGroup = byGroup.get(group)!;
    return inGroup.length ? [{ group, label: DUE_GROUP_LABEL[group], tasks: inGroup.sort(compareByDue) }] : [];
  });
  return { groups, completed };
}

/**
 * A due date as a student reads it, relative to the school's today: "Yesterday", "Today",
 * "Tomorrow", a weekday within the next six days ("Fri"), else "Dec 14", with the year only when it
 * is not this year ("Jan 5, 2027"); the time follows when one was set ("Tomorrow 8:00 AM"), and
 * none is shown when none was set. Null without a due date. Worded with `t` in `locale`
 * (Spanish "Mañana 8:00 a. m.", "vie", "14 dic").
 */
export function formatRelativeDue(
  task: Pick<Task, "dueDate" | "dueTime">,
  today: string,
  t: Translate,
  locale: Locale = DEFAULT_LOCALE,
): string | null {
  const date = task.dueDate;
  if (!date) return null;
  const day = relativeDay(date, today, t, locale);
  return task.dueTime ? `${day} ${formatTime12(task.dueTime, locale)}` : day;
}

function relativeDay(date: string, today: string, t: Translate, locale: Locale): string {
  if (date === addDaysToDate(today, -1)) return t("common.yesterday");
  if (date === today) return t("common.today");
  if (date === addDaysToDate(today, 1)) return t("common.tomorrow");
  if (date > today && date <= addDaysToDate(today, THIS_WEEK_LAST_DAY)) return weekdayShortLabel(weekdayOfDate(date), locale);
  const [year, month, day] = date.split("-").map(Number);
  const monthName = monthShortLabel(month!, locale);
  return year === Number(today.slice(0, 4))
    ? t("tasks.due_month_day", { month: monthName, day: day! })
    : t("tasks.due_month_day_year", { month: monthName, day: day!, year: year! });
}
