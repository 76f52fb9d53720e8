/**
 * The reminder choices (docs/product.md#reminders): what the event and task schemas accept and the
 * dialogs offer. Apart from core/reminders.ts, which computes with them, so that the schemas do not
 * depend on the calendar engine.
 */
import type { PlainMessageId } from "./i18n/translate";

export const REMINDER_TIMINGS = ["at-time", "5-minutes", "15-minutes", "30-minutes", "1-hour", "1-day"] as const;
export type ReminderTiming = (typeof REMINDER_TIMINGS)[number];

/** The Reminder choices in the order the dialogs list them; "none" stands for null. Labels are message ids (decision 108). */
export const REMINDER_CHOICES: readonly { value: ReminderTiming | "none"; label: PlainMessageId }[] = [
  { value: "none", label: "dashboard.reminder_none" },
  { value: "at-time", label: "dashboard.reminder_at_time" },
  { value: "5-minutes", label: "dashboard.reminder_5_minutes" },
  { value: "15-minutes", label: "dashboard.reminder_15_minutes" },
  { value: "30-minutes", label: "dashboard.reminder_30_minutes" },
  { value: "1-hour", label: "dashboard.reminder_1_hour" },
  { value: "1-day", label: "dashboard.reminder_1_day" },
];

export function isReminderTiming(value: unknown): value is ReminderTiming {
  return typeof value === "string" && (REMINDER_TIMINGS as readonly string[]).includes(value);
}
