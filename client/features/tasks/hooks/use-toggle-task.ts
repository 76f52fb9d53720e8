import { useCallback } from "react";
import type { Task } from "@core/schemas/task";
import { useUpdateTask } from "@/api/tasks/update-task";
import { fireCompletionConfetti } from "./confetti";
import { toastTaskError } from "./task-toasts";

/**
 * The completion checkbox: flips the task at once, rolls back with the failure toast if the server
 * refuses (docs/product.md#optimistic-updates-and-rollback), and celebrates a completion (never an
 * un-completion) once the server has kept it: a burst over a refusal would celebrate a rollback.
 */
export function useToggleTask() {
  // Nothing of a checkbox click is kept for after sign-in, so the toast must not promise it.
  const update = useUpdateTask({ onError: (error) => toastTaskError(error, "tasks.update_failed", { draftSaved: false }) });
  const { mutateAsync } = update;
  const toggle = useCallback(
    (task: Task, completed: boolean) => {
      // mutateAsync settles per call (mutate's own callbacks fire for the last call only), so each
      // of several quick completions gets its burst; a refusal is toasted by onError above.
      mutateAsync({ id: task.id, changes: { completed } }).then(
        () => completed && fireCompletionConfetti(),
        () => {},
      );
    },
    [mutateAsync],
  );
  return { toggle, pendingId: update.isPending ? update.variables?.id : undefined };
}
