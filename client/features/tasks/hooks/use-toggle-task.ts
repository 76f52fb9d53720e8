import { useCallback } from "react";
import type { Task } from "@core/schemas/task";
import { useUpdateTask } from "@/api/tasks/update-task";
import { fireCompletionConfetti } from "./confetti";
import { toastTaskError } from "./task-toasts";

/**
 * The completion checkbox: flips the task at once, celebrates a completion (never an
 * un-completion), and rolls back with the failure toast if the server refuses (docs/product.md#optimistic-updates-and-rollback).
 */
export function useToggleTask() {
  // Nothing of a checkbox click is kept for after sign-in, so the toast must not promise it.
  const update = useUpdateTask({ onError: (error) => toastTaskError(error, "Failed to update task", { draftSaved: false }) });
  const { mutate } = update;
  const toggle = useCallback(
    (task: Task, completed: boolean) => {
      if (completed) fireCompletionConfetti();
      mutate({ id: task.id, changes: { completed } });
    },
    [mutate],
  );
  return { toggle, pendingId: update.isPending ? update.variables?.id : undefined };
}
