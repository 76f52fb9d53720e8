import { useEffect, useRef, useState } from "react";
import { createDraftStore } from "@/lib/draft-store";
import type { EventDialogState } from "../types/event-dialog";

/**
 * An event form that could not be saved because the session expired (docs/decisions/022, as for
 * tasks): kept in browser storage across the sign-in redirect and reopened once, for the same user.
 */
export type EventDraft = { userId: number; state: EventDialogState };

function isEventDraft(value: unknown): value is EventDraft {
  const draft = value as Partial<EventDraft> | null;
  const state = draft?.state as Partial<EventDialogState> | undefined;
  return (
    typeof draft === "object" &&
    draft !== null &&
    typeof draft.userId === "number" &&
    typeof state === "object" &&
    state !== null &&
    (state.mode === "create" || state.mode === "edit") &&
    typeof state.values === "object" &&
    state.values !== null &&
    typeof state.values.title === "string"
  );
}

export const eventDraftStore = createDraftStore<EventDraft>({
  key: "student-hub:event-draft",
  version: 1,
  maxAgeMs: 24 * 60 * 60 * 1000,
  isValid: isEventDraft,
});

export const saveEventDraft = (draft: EventDraft) => eventDraftStore.save(draft);

/**
 * This user's kept form, to reopen once: read while rendering (`useState` initializer), then
 * cleared after mount so a second render of the same screen does not lose it.
 */
export function useRestoredEventDraft(userId: number): [EventDialogState | null, (state: EventDialogState | null) => void] {
  const [state, setState] = useState<EventDialogState | null>(() => {
    const draft = eventDraftStore.read();
    return draft && draft.userId === userId ? draft.state : null;
  });
  const restored = useRef(state !== null);
  useEffect(() => {
    if (restored.current) eventDraftStore.clear();
  }, []);
  return [state, setState];
}
