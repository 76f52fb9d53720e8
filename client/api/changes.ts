import { scopedId, type SeriesScope } from "@core/calendar/scope-ids";
import type { CalendarEvent, CreateEventInput } from "@core/schemas/event";
import type { FocusSession } from "@core/schemas/focus";
import type { CreateTaskInput, Task } from "@core/schemas/task";
import { apiJson, apiRequest } from "@/lib/api/transport";

/*
 * The requests of the task and event changes that may wait for the connection (decision 116), and
 * the rows their creates show at once. One module rather than one per endpoint: the dialogs that
 * make these changes and the offline queue that sends them again both import it, and a module
 * shared by two lazily loaded chunks becomes a chunk of its own, whose name the dashboard's preload
 * table (on the Home tab's first screen) lists: one name instead of five. The hooks stay in their
 * endpoint's file (create-task.ts, delete-event.ts, ...).
 */

export type CreateTaskVariables = {
  input: CreateTaskInput;
  /** One per form submission: a retried submission with the same key is not created twice. */
  idempotencyKey: string;
  /**
   * The (negative) id the task shows under until the server has created it. In the variables, so
   * a change queued offline and kept across a reload shows the same task again (sync/offline-edits.ts).
   */
  temporaryId: number;
};

/** A temporary id for an optimistic row: negative, so never a server's, and random, so one kept from before a reload never meets a new one. */
export function newTemporaryId(): number {
  return -1 - Math.floor(Math.random() * Number.MAX_SAFE_INTEGER);
}

/** POST /api/tasks → 201 with the created task (or, for a key already answered, that answer again). */
export function createTask({ input, idempotencyKey }: CreateTaskVariables): Promise<Task> {
  return apiJson<Task>("POST", "/api/tasks", input, { idempotencyKey });
}

/** The task a create shows at once, before the server has answered. */
export function optimisticTask({ input, temporaryId }: Pick<CreateTaskVariables, "input" | "temporaryId">): Task {
  return {
    id: temporaryId,
    userId: 0,
    title: input.title ?? "",
    description: input.description || null,
    subject: input.subject || null,
    dueDate: input.dueDate || null,
    dueTime: input.dueTime || null,
    priority: input.priority ?? "medium",
    recurring: input.recurring || null,
    completed: input.completed ?? false,
    reminder: input.reminder ?? null,
    estimateMinutes: input.estimateMinutes ?? null,
    spentMinutes: 0,
    createdAt: new Date().toISOString(),
  };
}

/** An object rather than the bare id, so a delete queued behind the create of the same task can learn its server id (sync/offline-edits.ts). */
export type DeleteTaskVariables = { id: number; etag?: string };

/** DELETE /api/tasks/{id} → 204; `etag` (the task's as read) is sent as If-Match. */
export async function deleteTask({ id, etag }: DeleteTaskVariables): Promise<void> {
  await apiRequest("DELETE", `/api/tasks/${id}`, undefined, { ifMatch: etag });
}

export type CreateEventVariables = {
  input: CreateEventInput;
  /** One per form submission: a retried submission with the same key is not created twice. */
  idempotencyKey: string;
  /** The (negative) id the event shows under until created; in the variables so a queued create shows again after a reload (sync/offline-edits.ts). */
  temporaryId: number;
};

/** POST /api/events → 201 with the created event. */
export function createEvent({ input, idempotencyKey }: CreateEventVariables): Promise<CalendarEvent> {
  return apiJson<CalendarEvent>("POST", "/api/events", input, { idempotencyKey });
}

/** The event a create shows at once, before the server has answered. */
export function optimisticEvent({ input, temporaryId }: Pick<CreateEventVariables, "input" | "temporaryId">): CalendarEvent {
  return {
    id: temporaryId,
    userId: 0,
    title: input.title ?? "",
    description: input.description ?? null,
    subject: input.subject ?? null,
    date: input.date ?? "",
    time: input.time || null,
    eventType: input.eventType ?? "custom",
    recurring: input.recurring || "none",
    customWhenToRepeat: input.customWhenToRepeat ?? null,
    customDays: input.customDays ?? [],
    customEndDate: input.customEndDate || null,
    isCompleted: false,
    createdAt: new Date().toISOString(),
    notificationEnabled: input.notificationEnabled ?? false,
    notificationTiming: input.notificationTiming ?? null,
    parentEventId: input.parentEventId ?? null,
    isException: false,
    exceptionDate: null,
    originalDate: null,
    endTime: input.endTime ?? null,
    prepMinutes: input.prepMinutes ?? null,
  };
}

/**
 * What an edit changes: the whole event, or with a scope one occurrence ("This event only") or
 * the occurrence and those after it ("This and future events"), one request each (decision 061).
 */
export type EventEditTarget = {
  eventId: number;
  scope?: { kind: SeriesScope; date: string };
  /**
   * The event's ETag as read when the change was made (for a scope, the series'), sent as If-Match
   * (sync/offline-edits.ts fills it in).
   */
  etag?: string;
  /**
   * A change to one date, once answered: the series' ETag after it (the `Series-ETag` header,
   * decision 114), which the changes queued after it for the series then send. Kept in the
   * variables, as the server id of a create is (sync/offline-edits.ts).
   */
  answeredSeriesEtag?: string;
};

export type UpdateEventVariables = { target: EventEditTarget; input: Omit<CreateEventInput, "parentEventId"> };

/** The URL id of an edit or a delete. */
export function eventUrl({ eventId, scope }: EventEditTarget): string {
  return `/api/events/${scope ? scopedId(scope.kind, eventId, scope.date) : eventId}`;
}

/** A scoped change's answer carries the series' ETag after it (none once the series is gone). */
function noteSeriesEtag(target: EventEditTarget, res: Response): void {
  if (target.scope) target.answeredSeriesEtag = res.headers.get("Series-ETag") ?? undefined;
}

/** PUT /api/events/{id or scope id}: answers the event the calendar now shows. */
export async function updateEvent({ target, input }: UpdateEventVariables): Promise<CalendarEvent> {
  const res = await apiRequest("PUT", eventUrl(target), input, { ifMatch: target.etag });
  noteSeriesEtag(target, res);
  return (await res.json()) as CalendarEvent;
}

/** DELETE /api/events/{id or scope id} → 204 (decision 061). */
export async function deleteEvent(target: EventEditTarget): Promise<void> {
  noteSeriesEtag(target, await apiRequest("DELETE", eventUrl(target), undefined, { ifMatch: target.etag }));
}

/** Every focus session's send carries this key: it waits for the connection like a task's change (decision 131). */
export const FOCUS_SESSION_MUTATION_KEY = ["focus-sessions"] as const;

export type CreateFocusSessionVariables = {
  input: { taskId: number | null; startedAt: string; endedAt: string };
  /**
   * The session's own: `focus-` and its start. Two tabs, or a send repeated after a reload, that
   * send the same stretch of focus send the same key and body, and the server keeps it once.
   */
  idempotencyKey: string;
};

/** The send of a stretch of focus (epoch milliseconds) as a focus session. */
export function focusSessionVariables(stretch: { taskId: number | null; startedAt: number; endedAt: number }): CreateFocusSessionVariables {
  const startedAt = new Date(stretch.startedAt).toISOString();
  return {
    input: { taskId: stretch.taskId, startedAt, endedAt: new Date(stretch.endedAt).toISOString() },
    idempotencyKey: `focus-${startedAt}`,
  };
}

/** POST /api/focus-sessions → 201 with the session; its minutes land on its task. */
export function createFocusSession({ input, idempotencyKey }: CreateFocusSessionVariables): Promise<FocusSession> {
  return apiJson<FocusSession>("POST", "/api/focus-sessions", input, { idempotencyKey });
}
