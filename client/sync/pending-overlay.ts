import type { Mutation } from "@tanstack/react-query";
import type { CalendarEvent } from "@core/schemas/event";
import type { Task } from "@core/schemas/task";
import { type EventEditTarget, optimisticEvent, optimisticTask } from "@/api/changes";
import { editedRow, etagOf, type EventEdit, isCreate, isEventKey, isTaskKey, type TaskEdit } from "./edits";

/**
 * The pending overlay: the lists as the student made them, with the changes still waiting drawn on
 * the last read, and the waiting changes kept in step with what the server answers meanwhile.
 */

/** The task list with the changes still waiting applied, in the order made: what the student did, whatever the last read said. */
export function withPendingTaskEdits(tasks: readonly Task[], edits: readonly TaskEdit[]): Task[] {
  let list = [...tasks];
  for (const edit of edits) {
    if (isCreate(edit)) {
      if (!list.some((t) => t.id === edit.temporaryId)) list = [optimisticTask(edit), ...list];
    } else if ("changes" in edit) {
      list = list.map((t) => (t.id === edit.id ? { ...t, ...(edit.changes as Partial<Task>) } : t));
    } else {
      list = list.filter((t) => t.id !== edit.id);
    }
  }
  return list;
}

/**
 * The event list with the changes still waiting applied. A change to one date of a series (a
 * scope) is not drawn ahead: the server works out what it does to the series (decision 061).
 */
export function withPendingEventEdits(events: readonly CalendarEvent[], edits: readonly EventEdit[]): CalendarEvent[] {
  let list = [...events];
  for (const edit of edits) {
    if (isCreate(edit)) {
      if (!list.some((e) => e.id === edit.temporaryId)) list = [...list, optimisticEvent(edit)];
    } else if ("input" in edit) {
      if (edit.target.scope) continue;
      const id = edit.target.eventId;
      list = list.map((e) => {
        if (e.id !== id) return e;
        const changed = optimisticEvent({ input: { ...edit.input, parentEventId: e.parentEventId }, temporaryId: id });
        return {
          ...changed,
          ...(etagOf(e) ? { etag: etagOf(e) } : {}),
          userId: e.userId,
          createdAt: e.createdAt,
          isCompleted: e.isCompleted,
          isException: e.isException,
          exceptionDate: e.exceptionDate,
          originalDate: e.originalDate,
        };
      });
    } else if (!edit.scope) {
      list = list.filter((e) => e.id !== edit.eventId);
    }
  }
  return list;
}

/**
 * Once a create has reached the server, the changes queued after it for the same task or event
 * (completed, edited or deleted before it was sent) go to its server id. The variables are the
 * ones the queued mutation will send (and that are kept across a reload), so they are changed in
 * place. Answers whether any was.
 */
export function adoptServerId(
  pending: readonly Mutation[],
  kind: "tasks" | "events",
  temporaryId: number,
  id: number,
  etag?: string,
): boolean {
  let changed = false;
  for (const mutation of pending) {
    const key = mutation.options.mutationKey;
    const variables = mutation.state.variables as Record<string, unknown> | undefined;
    if (!variables || mutation.state.status !== "pending") continue;
    if (kind === "tasks" && isTaskKey(key) && variables.id === temporaryId) {
      variables.id = id;
      if (etag) variables.etag = etag;
      changed = true;
    }
    if (kind === "events" && isEventKey(key)) {
      const target = ("target" in variables ? variables.target : variables) as Partial<EventEditTarget>;
      if (target.eventId === temporaryId) {
        target.eventId = id;
        if (etag) target.etag = etag;
        changed = true;
      }
    }
  }
  return changed;
}

/**
 * Once an edit has reached the server, the changes queued after it for the same row were made on
 * the version it replaced (the list showed them drawn on it): they go with the ETag the server
 * answered, so the student's own changes never conflict with each other.
 */
export function adoptEtag(
  pending: readonly Mutation[],
  kind: "tasks" | "events",
  id: number,
  sent: string | undefined,
  etag: string,
): void {
  for (const mutation of pending) {
    if (mutation.options.mutationKey?.[0] !== kind || mutation.state.status !== "pending") continue;
    const row = editedRow(kind, mutation.state.variables);
    if (row && row.id === id && (row.holder.etag === sent || row.holder.etag === undefined)) row.holder.etag = etag;
  }
}
