import { useEffect, useState } from "react";
import type { Task } from "@core/schemas/task";
import { EMPTY_TASK_FORM } from "../utils/task-form-values";
import type { TaskDialogState } from "../types/task-dialog";
import { clearTaskDraft, readTaskDraft, type TaskDraft } from "./task-draft";

function draftToDialogState(draft: TaskDraft, tasks: readonly Task[]): TaskDialogState {
  const values = { ...EMPTY_TASK_FORM, ...draft.values };
  const task = draft.mode === "edit" ? tasks.find((t) => t.id === draft.taskId) : undefined;
  return task ? { mode: "edit", task, values } : { mode: "create", values: { ...values, completed: false } };
}

/**
 * Which task dialog is open, and the one-time restore of a draft saved when the session expired
 * (docs/decisions/022): once the tasks have loaded, the Add or Edit dialog re-opens with it.
 * The restored dialog is derived during render rather than set from an effect; the effect only
 * removes the stored draft, so it is restored once.
 */
export function useTaskDialog(userId: number, tasks: readonly Task[] | undefined, linkedTaskId: number | null = null) {
  const [chosen, setChosen] = useState<TaskDialogState | null>(null);
  const [draft, setDraft] = useState(() => readTaskDraft(userId));
  // A reminder's link (`?task=12`) opens that task once, when no draft is waiting.
  const [linked, setLinked] = useState(linkedTaskId);
  const restoring = draft !== null && tasks !== undefined;
  const linkedTask = linked !== null && draft === null ? tasks?.find((t) => t.id === linked) : undefined;

  useEffect(() => {
    if (restoring) clearTaskDraft();
  }, [restoring]);

  const state = chosen ?? (restoring ? draftToDialogState(draft, tasks) : linkedTask ? { mode: "edit" as const, task: linkedTask } : null);
  const choose = (next: TaskDialogState | null) => {
    setDraft(null);
    setLinked(null);
    setChosen(next);
  };

  return {
    state,
    openCreate: () => choose({ mode: "create" }),
    openEdit: (task: Task) => choose({ mode: "edit", task }),
    close: () => choose(null),
  };
}
