/**
 * Helpers shared by the Tasks and Home browser suites: tasks seeded straight into the server's
 * database (as the app writes them), "today" in the school's time zone, and role-based locators.
 */
import type { Locator, Page } from "@playwright/test";
import { addDaysToDate, todayIn } from "../core/dates";
import { e2eDb, expect, serverNoticesOutsideWrite, type SeededUser } from "./fixtures";

export const SCHOOL_TIME_ZONE = "America/New_York";

/** The school's calendar date (yyyy-MM-dd), offset by whole days. */
export function schoolDate(daysFromToday = 0): string {
  return addDaysToDate(todayIn(SCHOOL_TIME_ZONE), daysFromToday);
}

/** "2026-11-23" → "Nov 23, 2026", written independently of the app's formatter. */
export function shortDate(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", { timeZone: "UTC", month: "short", day: "numeric", year: "numeric" });
}

/**
 * A due date as the task rows read it (decision 069), worked out independently of the app:
 * "Yesterday", "Today", "Tomorrow", a weekday within the next six days, else "Dec 14" (", 2027"
 * when not this year); the 12-hour time follows when one was set.
 */
export function relativeDue(date: string, time?: string): string {
  const today = schoolDate();
  const days = Math.round((Date.parse(`${date}T12:00:00Z`) - Date.parse(`${today}T12:00:00Z`)) / 86_400_000);
  const at = new Date(`${date}T12:00:00Z`);
  let day: string;
  if (days === -1) day = "Yesterday";
  else if (days === 0) day = "Today";
  else if (days === 1) day = "Tomorrow";
  else if (days >= 2 && days <= 6) day = at.toLocaleDateString("en-US", { timeZone: "UTC", weekday: "short" });
  else {
    const sameYear = date.slice(0, 4) === today.slice(0, 4);
    day = at.toLocaleDateString("en-US", { timeZone: "UTC", month: "short", day: "numeric", ...(sameYear ? {} : { year: "numeric" }) });
  }
  return time ? `${day} ${time}` : day;
}

export interface SeedTask {
  title: string;
  description?: string | null;
  subject?: string | null;
  dueDate?: string | null;
  dueTime?: string | null;
  priority?: "low" | "medium" | "high";
  completed?: boolean;
}

let clock = Date.now() - 60 * 60 * 1000;
/**
 * Inserts tasks in the given order. Each gets a later created_at than the one before, so the
 * unsorted list (newest first) shows them in reverse order.
 */
export async function seedTasks(user: SeededUser, tasks: SeedTask[]): Promise<number[]> {
  const ids: number[] = [];
  for (const t of tasks) {
    clock += 1000;
    const at = new Date(clock).toISOString();
    const row = await e2eDb()
      .insertInto("tasks")
      .values({
        user_id: user.id,
        title: t.title,
        description: t.description ?? null,
        subject: t.subject ?? null,
        due_date: t.dueDate ?? null,
        due_time: t.dueTime ?? null,
        priority: t.priority ?? "medium",
        recurring: null,
        completed: t.completed ? 1 : 0,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

export async function seedTask(user: SeededUser, task: SeedTask): Promise<number> {
  const [id] = await seedTasks(user, [task]);
  return id!;
}

/** The user's task rows as stored. */
export function storedTasks(user: SeededUser) {
  return e2eDb().selectFrom("tasks").selectAll().where("user_id", "=", user.id).orderBy("id").execute();
}

/** Signs the user out server-side, as an expired or revoked session would. */
export async function endSessions(user: SeededUser): Promise<void> {
  await e2eDb().deleteFrom("sessions").where("user_id", "=", user.id).execute();
  await serverNoticesOutsideWrite();
}

export async function openTasksTab(page: Page): Promise<void> {
  await page.goto("/#todo");
  await expect(page.getByRole("heading", { name: "Assignment To-Do List" })).toBeVisible();
  await expect(loadingTasks(page)).toHaveCount(0);
}

export async function openHomeTab(page: Page): Promise<void> {
  await page.goto("/#home");
  await expect(page.getByRole("heading", { name: /^Good (morning|afternoon|evening)/ })).toBeVisible();
  await expect(loadingTasks(page)).toHaveCount(0);
}

/** The "Loading tasks" spinner. */
export function loadingTasks(page: Page): Locator {
  return page.getByRole("status").filter({ hasText: /^Loading tasks$/ });
}

/** The visible toast with this title and text (one toast is shown at a time). */
export function toast(page: Page, title: string, text: string | RegExp): Locator {
  return page
    .getByRole("region", { name: /^(Notifications|Notificaciones)/ })
    .getByRole("listitem")
    .filter({ hasText: title })
    .filter({ hasText: text });
}

/** Picks an option of a Radix select (combobox) by its exact name. */
export async function choose(scope: Page | Locator, page: Page, combobox: string, option: string): Promise<void> {
  await scope.getByRole("combobox", { name: combobox }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}
