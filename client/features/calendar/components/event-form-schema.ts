import {
  type CalendarEvent,
  type CreateEventInput,
  type EventType,
  type RecurringKind,
  type UpdateEventData,
  WEEKDAY_NAMES,
} from "@core/schemas/event";

/** What the event form's inputs hold: plain strings, "" for empty (docs/product.md#calendar). */
export type EventFormValues = {
  title: string;
  description: string;
  date: string;
  time: string;
  eventType: EventType;
  subject: string;
  recurring: RecurringKind;
  customDays: string[];
  customEndDate: string;
};

export function emptyEventForm(date: string): EventFormValues {
  return {
    title: "",
    description: "",
    date,
    time: "",
    eventType: "custom",
    subject: "",
    recurring: "none",
    customDays: [],
    customEndDate: "",
  };
}

export function eventToFormValues(event: CalendarEvent, date = event.date): EventFormValues {
  return {
    title: event.title,
    description: event.description ?? "",
    date,
    time: event.time ?? "",
    eventType: (event.eventType as EventType) ?? "custom",
    subject: event.subject ?? "",
    recurring: event.recurring,
    customDays: event.customDays,
    customEndDate: event.customEndDate ?? "",
  };
}

/** The days a newly chosen recurrence starts with (docs/product.md#calendar). */
export function daysForRecurrence(kind: RecurringKind, date: string): string[] {
  if (kind === "daily") return [...WEEKDAY_NAMES];
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
    notificationEnabled: false,
    notificationTiming: null,
  };
}

export const RECURRING_LABELS: Record<RecurringKind, string> = {
  none: "Does not repeat",
  daily: "Daily",
  weekly: "Weekly",
  biweekly: "Every other week",
  monthly: "Monthly, on dates",
  "first-monthly": "Monthly, first week",
  "second-monthly": "Monthly, second week",
  "third-monthly": "Monthly, third week",
  "fourth-monthly": "Monthly, fourth week",
  "last-monthly": "Monthly, last week",
  yearly: "Yearly",
};
