import { MAX_PERIODS, MIN_PERIODS } from "@core/schemas/classes";
import { createDraftStore } from "@/lib/draft-store";
import type { PeriodRow } from "../components/class-editor-state";

/**
 * The first setup's rows, kept in browser storage while the student types (docs/product.md#class-setup),
 * so a reload, a closed tab or an expired session loses nothing; cleared after the first successful
 * save. Kept per user: on a shared computer another student never sees it.
 */
export type ClassSetupDraft = { userId: number; rows: PeriodRow[] };

const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

function isPeriodRow(value: unknown): value is PeriodRow {
  const row = value as Partial<PeriodRow> | null;
  return (
    typeof row === "object" &&
    row !== null &&
    typeof row.name === "string" &&
    typeof row.secondName === "string" &&
    typeof row.semester === "boolean" &&
    (row.span === 1 || row.span === 2 || row.span === 3) &&
    (row.nameBeforeLunch === null || typeof row.nameBeforeLunch === "string")
  );
}

function isClassSetupDraft(value: unknown): value is ClassSetupDraft {
  const draft = value as Partial<ClassSetupDraft> | null;
  return (
    typeof draft === "object" &&
    draft !== null &&
    typeof draft.userId === "number" &&
    Array.isArray(draft.rows) &&
    draft.rows.length >= MIN_PERIODS &&
    draft.rows.length <= MAX_PERIODS &&
    draft.rows.every(isPeriodRow)
  );
}

export const classSetupDraftStore = createDraftStore<ClassSetupDraft>({
  key: "student-hub:class-setup-draft",
  version: 1,
  maxAgeMs: MAX_AGE_MS,
  isValid: isClassSetupDraft,
});

export const saveClassSetupDraft = (draft: ClassSetupDraft) => classSetupDraftStore.save(draft);
export const clearClassSetupDraft = () => classSetupDraftStore.clear();

/** This user's draft rows, or null (none, too old, malformed, or another user's). */
export function readClassSetupDraft(userId: number): PeriodRow[] | null {
  const draft = classSetupDraftStore.read();
  return draft && draft.userId === userId ? draft.rows : null;
}
