import type { TaskFormValues } from "../components/task-form-schema";

/**
 * A task form that could not be saved because the session expired (docs/decisions/022). Kept in
 * localStorage across the sign-in redirect, restored once, then removed.
 */
export type TaskDraft = {
  version: 1;
  userId: number;
  mode: "create" | "edit";
  taskId?: number;
  values: TaskFormValues;
  savedAt: number;
};

export const TASK_DRAFT_KEY = "student-hub:task-draft";
const MAX_AGE_MS = 24 * 60 * 60 * 1000;

export function saveTaskDraft(draft: Omit<TaskDraft, "version" | "savedAt">): void {
  try {
    const full: TaskDraft = { ...draft, version: 1, savedAt: Date.now() };
    localStorage.setItem(TASK_DRAFT_KEY, JSON.stringify(full));
  } catch {
    // Storage full or disabled: nothing more we can do for the user here.
  }
}

export function clearTaskDraft(): void {
  try {
    localStorage.removeItem(TASK_DRAFT_KEY);
  } catch {
    // ignore
  }
}

/** Reads and removes the draft; returns it only if it is this user's, recent and well-formed. */
export function takeTaskDraft(userId: number, now = Date.now()): TaskDraft | null {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(TASK_DRAFT_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  clearTaskDraft();
  try {
    const draft = JSON.parse(raw) as Partial<TaskDraft>;
    if (
      draft?.version !== 1 ||
      draft.userId !== userId ||
      (draft.mode !== "create" && draft.mode !== "edit") ||
      typeof draft.savedAt !== "number" ||
      now - draft.savedAt > MAX_AGE_MS ||
      typeof draft.values !== "object" ||
      draft.values === null ||
      typeof draft.values.title !== "string"
    ) {
      return null;
    }
    return draft as TaskDraft;
  } catch {
    return null;
  }
}

/** The API client's 401 error text contains this (spec §8). */
export function isSessionExpired(error: unknown): boolean {
  return error instanceof Error && error.message.includes("Session expired");
}
