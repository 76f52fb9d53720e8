import { z } from "zod";
import {
  type CalendarEvent,
  type CreateEventInput,
  type RecurringKind,
  type UpdateEventData,
  updateEventSchema,
} from "@core/schemas/event";
import { isCalendarDate, weekdayOfDate } from "@core/dates";
import { WEEKDAY_NAMES } from "@core/day-numbers";
import type { MessageId } from "@core/i18n/translate";
import { isReminderTiming, type ReminderTiming } from "@core/reminder-timings";
import { type EventFieldValues, eventFieldValues } from "@/components/event-form/event-field-values";

/**
 * The monthly "date option" (docs/decisions/083): "" while none is chosen, the same date each
 * month (stored as customWhenToRepeat "same-date", no days: the engine repeats the start's day of
 * the month), or the specific dates of the days chooser (no customWhenToRepeat).
 */
export type MonthlyDateOption = "" | "same-date" | "specific-dates";
/** What customWhenToRepeat holds for "the same date each month". */
export const SAME_DATE_EACH_MONTH = "same-date";

/**
 * What the event form's inputs hold: plain strings, "" for empty (docs/product.md#calendar). The
 * fields a school event has too are the shared form's (components/event-form); these are the calendar's own.
 */
export type EventFormValues = EventFieldValues & {
  subject: string;
  recurring: RecurringKind;
  customDays: string[];
  /** The monthly date option; "" for any other kind. Named as the API field, whose errors land on it. */
  customWhenToRepeat: MonthlyDateOption;
  customEndDate: string;
  /** The Reminder choice: a timing, or "none" (notificationEnabled false). */
  reminder: ReminderTiming | "none";
  /** When it ends, "HH:mm" or "" (issue 51: the study plan knows how long it keeps the student busy). */
  endTime: string;
  /** An exam's revision time in minutes as typed, "" for none. */
  prepMinutes: string;
};

export function emptyEventForm(date: string): EventFormValues {
  return {
    ...eventFieldValues(null, date),
    subject: "",
    recurring: "none",
    customDays: [],
    customWhenToRepeat: "",
    customEndDate: "",
    reminder: "none",
    endTime: "",
    prepMinutes: "",
  };
}

export function eventToFormValues(event: CalendarEvent, date = event.date): EventFormValues {
  return {
    ...eventFieldValues(event, date),
    subject: event.subject ?? "",
    recurring: event.recurring,
    customDays: event.customDays,
    customWhenToRepeat: monthlyDateOptionOf(event),
    customEndDate: event.customEndDate ?? "",
    reminder: event.notificationEnabled && isReminderTiming(event.notificationTiming) ? event.notificationTiming : "none",
    endTime: event.endTime ?? "",
    prepMinutes: event.prepMinutes === null ? "" : String(event.prepMinutes),
  };
}

/** The date option a stored monthly event was saved with: days win, then any date option text. */
function monthlyDateOptionOf(event: Pick<CalendarEvent, "recurring" | "customDays" | "customWhenToRepeat">): MonthlyDateOption {
  if (event.recurring !== "monthly") return "";
  if (event.customDays.length > 0) return "specific-dates";
  return event.customWhenToRepeat ? "same-date" : "";
}

/** The date option a newly chosen Monthly starts with: the start's day when the chooser offers it (1-28). */
export function dateOptionForRecurrence(kind: RecurringKind, days: readonly string[]): MonthlyDateOption {
  return kind === "monthly" && days.length > 0 ? "specific-dates" : "";
}

/**
 * The event form's schema: the shared updateEventSchema, after the monthly date option is turned
 * into what the API takes (customWhenToRepeat "same-date" and no days, or no customWhenToRepeat),
 * so that the form and the server refuse the same things with the same messages.
 */
export const eventFormSchema = z
  .transform(({ reminder, endTime, prepMinutes, ...values }: EventFormValues): z.input<typeof updateEventSchema> => {
    const sameDate = values.recurring === "monthly" && values.customWhenToRepeat === "same-date";
    return {
      ...values,
      // Shown only with a time, and for an exam: hidden, they are cleared rather than refused.
      endTime: values.time && endTime ? endTime : null,
      prepMinutes: values.eventType === "exam" && prepMinutes.trim() !== "" ? Number(prepMinutes) : null,
      customWhenToRepeat: sameDate ? SAME_DATE_EACH_MONTH : null,
      customDays: sameDate ? [] : values.customDays,
      notificationEnabled: reminder !== "none",
      notificationTiming: reminder === "none" ? null : reminder,
    };
  })
  .pipe(updateEventSchema);

/** The days a newly chosen recurrence starts with (docs/product.md#calendar). */
export function daysForRecurrence(kind: RecurringKind, date: string): string[] {
  if (kind === "daily") return [...WEEKDAY_NAMES];
  // The start date's weekday (issue 49): left empty, Add Event failed on the weekday rule.
  if (kind === "weekly" || kind === "biweekly") return isCalendarDate(date) ? [WEEKDAY_NAMES[weekdayOfDate(date)]!] : [];
  if (kind === "monthly") {
    const day = Number(date.slice(8, 10));
    // The chooser offers days 1 to 28 only.
    return day >= 1 && day <= 28 ? [String(day)] : [];
  }
  return [];
}

/** The request body from the schema's output: empty description, subject and time already null. */
export function formToRequest(data: UpdateEventData): Omit<CreateEventInput, "parentEventId"> {
  return {
    title: data.title,
    description: data.description,
    subject: data.subject,
    date: data.date,
    time: data.time,
    eventType: data.eventType,
    recurring: data.recurring,
    customWhenToRepeat: data.customWhenToRepeat,
    customDays: data.customDays,
    customEndDate: data.customEndDate,
    notificationEnabled: data.notificationEnabled,
    notificationTiming: data.notificationTiming,
    endTime: data.endTime ?? null,
    prepMinutes: data.prepMinutes ?? null,
  };
}

/** The Recurring choices' labels: message ids, worded where shown (decision 108). */
export const RECURRING_LABELS = {
  none: "calendar.repeat_none",
  daily: "calendar.repeat_daily",
  weekly: "calendar.repeat_weekly",
  biweekly: "calendar.repeat_biweekly",
  monthly: "calendar.repeat_monthly",
  "first-monthly": "calendar.repeat_first_monthly",
  "second-monthly": "calendar.repeat_second_monthly",
  "third-monthly": "calendar.repeat_third_monthly",
  "fourth-monthly": "calendar.repeat_fourth_monthly",
  "last-monthly": "calendar.repeat_last_monthly",
  yearly: "calendar.repeat_yearly",
} as const satisfies Record<RecurringKind, MessageId>;
