import { MAX_PERIODS, MIN_PERIODS } from "@core/schemas/classes";
import { createDraftStore } from "@/lib/draft-store";
import type { PeriodRow } from "../utils/class-editor-state";

/**
 * The first setup's rows, kept in browser storage while the student types (docs/product.md#class-setup),
 * so a reload, a closed tab or an expired session loses nothing; cleared after the first successful
 * save. One key per user: on a shared computer another student neither sees nor overwrites it.
 */
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

function isDraftRows(value: unknown): value is PeriodRow[] {
  return Array.isArray(value) && value.length >= MIN_PERIODS && value.length <= MAX_PERIODS && value.every(isPeriodRow);
}

export function classSetupDraftStore(userId: number) {
  return createDraftStore<PeriodRow[]>({
    key: `student-hub:class-setup-draft:user-${userId}`,
    version: 1,
    maxAgeMs: MAX_AGE_MS,
    isValid: isDraftRows,
  });
}

export const saveClassSetupDraft = (userId: number, rows: PeriodRow[]) => classSetupDraftStore(userId).save(rows);
export const clearClassSetupDraft = (userId: number) => classSetupDraftStore(userId).clear();
/** This user's draft rows, or null (none, too old or malformed). */
export const readClassSetupDraft = (userId: number): PeriodRow[] | null => classSetupDraftStore(userId).read();
