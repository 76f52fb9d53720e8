import { useEffect, useRef, useState } from "react";
import type { Task } from "@core/schemas/task";
import { EMPTY_TASK_FORM } from "../components/task-form-schema";
import type { TaskDialogState } from "../components/task-form-dialog";
import { takeTaskDraft } from "./task-draft";

/**
 * Which task dialog is open, and the one-time restore of a draft saved when the session expired
 * (docs/decisions/022): once the tasks have loaded, the Add or Edit dialog re-opens with it.
 */
export function useTaskDialog(userId: number, tasks: readonly Task[] | undefined) {
  const [state, setState] = useState<TaskDialogState | null>(null);
  const restored = useRef(false);

  useEffect(() => {
    if (restored.current || tasks === undefined) return;
    restored.current = true;
    const draft = takeTaskDraft(userId);
    if (!draft) return;
    const values = { ...EMPTY_TASK_FORM, ...draft.values };
    const task = draft.mode === "edit" ? tasks.find((t) => t.id === draft.taskId) : undefined;
    setState(task ? { mode: "edit", task, values } : { mode: "create", values: { ...values, completed: false } });
  }, [userId, tasks]);

  return {
    state,
    openCreate: () => setState({ mode: "create" }),
    openEdit: (task: Task) => setState({ mode: "edit", task }),
    close: () => setState(null),
  };
}
