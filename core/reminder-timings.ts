/**
 * The reminder choices (docs/product.md#reminders): what the event and task schemas accept and the
 * dialogs offer. Apart from core/reminders.ts, which computes with them, so that the schemas do not
 * depend on the calendar engine.
 */
export const REMINDER_TIMINGS = ["at-time", "5-minutes", "15-minutes", "30-minutes", "1-hour", "1-day"] as const;
export type ReminderTiming = (typeof REMINDER_TIMINGS)[number];

/** The Reminder choices in the order the dialogs list them; "none" stands for null. */
export const REMINDER_CHOICES: readonly { value: ReminderTiming | "none"; label: string }[] = [
  { value: "none", label: "None" },
  { value: "at-time", label: "At time of event" },
  { value: "5-minutes", label: "5 minutes before" },
  { value: "15-minutes", label: "15 minutes before" },
  { value: "30-minutes", label: "30 minutes before" },
  { value: "1-hour", label: "1 hour before" },
  { value: "1-day", label: "1 day before" },
];

export function isReminderTiming(value: unknown): value is ReminderTiming {
  return typeof value === "string" && (REMINDER_TIMINGS as readonly string[]).includes(value);
}
