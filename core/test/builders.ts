import type { Occurrence } from "../calendar/occurrence";
import type { CalendarEvent } from "../schemas/event";
import type { Task } from "../schemas/task";

// Builders for the core tests: a plain row as the API answers it, with only what a case sets
// differing. Test code only; nothing in the app imports this file.

let nextTaskId = 1;

/** A task as GET /api/tasks answers it: incomplete, medium priority, no date, a fresh id. */
export function task(fields: Partial<Task> = {}): Task {
  const id = fields.id ?? nextTaskId++;
  return {
    id,
    userId: 1,
    title: `Task ${id}`,
    description: null,
    subject: null,
    dueDate: null,
    dueTime: null,
    priority: "medium",
    recurring: null,
    completed: false,
    reminder: null,
    estimateMinutes: null,
    spentMinutes: 0,
    createdAt: "2026-11-01T12:00:00.000Z",
    ...fields,
  };
}

/** An event as GET /api/events answers it: a one-off custom event without a time. */
export function event(fields: Partial<CalendarEvent> & Pick<CalendarEvent, "id">): CalendarEvent {
  return {
    userId: 1,
    title: `Event ${fields.id}`,
    description: null,
    subject: null,
    date: "2026-01-01",
    time: null,
    eventType: "custom",
    recurring: "none",
    customWhenToRepeat: null,
    customDays: [],
    customEndDate: null,
    isCompleted: false,
    createdAt: "2016-01-01T00:00:00.000Z",
    notificationEnabled: false,
    notificationTiming: null,
    parentEventId: null,
    isException: false,
    exceptionDate: null,
    originalDate: null,
    endTime: null,
    prepMinutes: null,
    ...fields,
  };
}

/** An occurrence as expandEvents answers it, written by hand. */
export function occurrence(fields: Partial<Occurrence> & Pick<Occurrence, "eventId" | "date">): Occurrence {
  return {
    id: String(fields.eventId),
    time: null,
    title: `Event ${fields.eventId}`,
    type: "custom",
    subject: null,
    isCompleted: false,
    ...fields,
  };
}
