import type { Mutation, MutationKey, QueryClient } from "@tanstack/react-query";
import {
  createEvent,
  type CreateEventVariables,
  createTask,
  type CreateTaskVariables,
  deleteEvent,
  deleteTask,
  type DeleteTaskVariables,
  type EventEditTarget,
  FOCUS_SESSION_MUTATION_KEY,
  updateEvent,
  type UpdateEventVariables,
} from "@/api/changes";
import { EVENT_MUTATION_KEY } from "@/api/events/get-events";
import { TASK_MUTATION_KEY } from "@/api/tasks/get-tasks";
import { updateTask, type UpdateTaskVariables } from "@/api/tasks/update-task";

/**
 * What an offline edit is (docs/decisions/116, the sync room): a task's or an event's change, kept in
 * TanStack Query's mutation cache while it waits, sent by its variables alone after a reload, with the
 * ETag of the row it was made on.
 */

export type TaskEdit = CreateTaskVariables | UpdateTaskVariables | DeleteTaskVariables;
export type EventEdit = CreateEventVariables | UpdateEventVariables | EventEditTarget;

export const isTaskKey = (key: MutationKey | undefined) => key?.[0] === TASK_MUTATION_KEY[0];
export const isEventKey = (key: MutationKey | undefined) => key?.[0] === EVENT_MUTATION_KEY[0];
/** A focus session's send (decision 131): kept and sent in order like the others, but it edits no row of a list. */
export const isFocusKey = (key: MutationKey | undefined) => key?.[0] === FOCUS_SESSION_MUTATION_KEY[0];
/** A change that may wait for the connection: a task's or an event's, or a focus session (admin and account changes stay online-only). */
export function isOfflineEdit(mutation: Pick<Mutation, "options">): boolean {
  const key = mutation.options.mutationKey;
  return isTaskKey(key) || isEventKey(key) || isFocusKey(key);
}
/** The list a change edits: the tasks or the events; a focus session edits neither (its minutes reach the task on the server). */
export function editedList(mutation: Pick<Mutation, "options">): "tasks" | "events" | null {
  const key = mutation.options.mutationKey;
  return isTaskKey(key) ? "tasks" : isEventKey(key) ? "events" : null;
}

export const isCreate = (variables: unknown): variables is CreateTaskVariables | CreateEventVariables =>
  typeof variables === "object" && variables !== null && "idempotencyKey" in variables;

/**
 * Sends a kept task change. A change restored after a reload has lost its hook's function, so the
 * kind of change is read from its variables, whose shape each kind has on its own (a create carries
 * its Idempotency-Key, an update its changes).
 */
export function sendTaskEdit(variables: TaskEdit): Promise<unknown> {
  if (isCreate(variables)) return createTask(variables);
  if ("changes" in variables) return updateTask(variables);
  return deleteTask(variables);
}

/** Sends a kept event change (see sendTaskEdit). */
export function sendEventEdit(variables: EventEdit): Promise<unknown> {
  if (isCreate(variables)) return createEvent(variables);
  if ("input" in variables) return updateEvent(variables);
  return deleteEvent(variables);
}

/** A row as the server answers it: with its ETag (decision 114). */
export type Answered<Row> = Row & { etag: string };

/** The ETag a row was answered with, if it was. */
export function etagOf(row: unknown): string | undefined {
  const etag = typeof row === "object" && row !== null ? (row as { etag?: unknown }).etag : undefined;
  return typeof etag === "string" ? etag : undefined;
}

/**
 * The row an edit or a delete is made on (not a create's; for one date of a series, the series),
 * so its ETag can go with it as If-Match.
 */
export function editedRow(kind: "tasks" | "events", variables: unknown): { id: number; holder: { etag?: string } } | undefined {
  if (typeof variables !== "object" || variables === null || isCreate(variables)) return undefined;
  if (kind === "tasks") {
    const edit = variables as UpdateTaskVariables | DeleteTaskVariables;
    return typeof edit.id === "number" ? { id: edit.id, holder: edit } : undefined;
  }
  const target = ("target" in variables ? (variables as UpdateEventVariables).target : variables) as EventEditTarget;
  return typeof target.eventId === "number" ? { id: target.eventId, holder: target } : undefined;
}

/**
 * The ETag an answered change left its row with: the answer's own, or for one date of a series
 * the series' (the answer is then the occurrence, or nothing).
 */
export function etagAfter(variables: unknown, answer: unknown): string | undefined {
  const target = typeof variables === "object" && variables !== null && "target" in variables ? variables.target : variables;
  const scoped = target as Partial<EventEditTarget> | undefined;
  return scoped?.scope ? scoped.answeredSeriesEtag : etagOf(answer);
}

/** The server could not be reached (no network, the server down, an answer lost on the way): worth waiting and sending again. A server that answers, even 503, has said no. */
export function isUnreachable(error: unknown): boolean {
  return error instanceof TypeError;
}

/** The offline edits waiting (or under way), oldest first. */
export function pendingEdits(queryClient: QueryClient, kind?: "tasks" | "events"): Mutation[] {
  return queryClient
    .getMutationCache()
    .getAll()
    .filter((m) => m.state.status === "pending" && isOfflineEdit(m) && (!kind || m.options.mutationKey?.[0] === kind));
}
