import type { CalendarEvent } from "@core/schemas/event";
import type { Task } from "@core/schemas/task";
import type { EventEditTarget, UpdateEventVariables } from "@/api/changes";
import type { UpdateTaskVariables } from "@/api/tasks/update-task";
import type { DeleteTaskVariables } from "@/api/changes";
import { ApiError } from "@/lib/api/errors";
import { type Answered, etagOf } from "./edits";

/**
 * "Changed on another device" (a 412 from If-Match): what the student made here, and the row as the
 * server has it now. A delete's `mine` has no changes.
 */
export type Conflict =
  | { kind: "tasks"; variables: UpdateTaskVariables | DeleteTaskVariables; current: Answered<Task> }
  | { kind: "events"; variables: UpdateEventVariables | EventEditTarget; current: Answered<CalendarEvent> };

/** "mine": sent again on the current row's ETag; "theirs": the current row is kept and the change dropped. */
export type ConflictChoice = "mine" | "theirs";

/** The row the server has now, when the error is its 412 "Changed on another device". */
export function changedElsewhere(error: unknown): { etag: string; id: number } | undefined {
  if (!(error instanceof ApiError) || error.status !== 412) return undefined;
  const current = (error.data as { current?: unknown } | undefined)?.current;
  const etag = etagOf(current);
  const id = (current as { id?: unknown } | undefined)?.id;
  return etag && typeof id === "number" ? (current as { etag: string; id: number }) : undefined;
}

/** The list with `current` in place of the row of its id (or added back, when a delete here had taken it out). */
export function withCurrentRow<Row extends { id: number }>(rows: readonly Row[] | undefined, current: Row): Row[] | undefined {
  if (!rows) return rows;
  return rows.some((r) => r.id === current.id) ? rows.map((r) => (r.id === current.id ? current : r)) : [...rows, current];
}
