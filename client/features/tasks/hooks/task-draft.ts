import { createDraftStore } from "@/lib/draft-store";
import type { TaskFormValues } from "../utils/task-form-values";

/**
 * A task form that could not be saved because the session expired (docs/decisions/022): kept in
 * browser storage across the sign-in redirect and restored once, for the same user only.
 */
export type TaskDraft = {
  userId: number;
  mode: "create" | "edit";
  taskId?: number;
  values: TaskFormValues;
};

const MAX_AGE_MS = 24 * 60 * 60 * 1000;

function isTaskDraft(value: unknown): value is TaskDraft {
  const draft = value as Partial<TaskDraft> | null;
  return (
    typeof draft === "object" &&
    draft !== null &&
    typeof draft.userId === "number" &&
    (draft.mode === "create" || draft.mode === "edit") &&
    typeof draft.values === "object" &&
    draft.values !== null &&
    typeof draft.values.title === "string"
  );
}

export const taskDraftStore = createDraftStore<TaskDraft>({
  key: "student-hub:task-draft",
  version: 1,
  maxAgeMs: MAX_AGE_MS,
  isValid: isTaskDraft,
});

export const saveTaskDraft = (draft: TaskDraft) => taskDraftStore.save(draft);
export const clearTaskDraft = () => taskDraftStore.clear();

/** The stored draft when it is this user's and recent; another user's draft is never shown. */
export function readTaskDraft(userId: number, now = Date.now()): TaskDraft | null {
  const draft = taskDraftStore.read(now);
  return draft && draft.userId === userId ? draft : null;
}
