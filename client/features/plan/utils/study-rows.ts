import type { PlanBlock } from "@core/schemas/plan";

/** A study block among a day's rows. */
export type StudyRow = { kind: "study"; block: PlanBlock };

/**
 * Today's study blocks placed among Today's Schedule's rows by the clock (issue 51): each before the
 * first row that starts after it. Rows without a time (the school day's changes, all-day events,
 * classes without bell times) stay ahead of every block, as they stay ahead of every timed row.
 */
export function withStudyBlocks<Row>(
  rows: readonly Row[],
  blocks: readonly PlanBlock[],
  timeOf: (row: Row) => string | null,
): (Row | StudyRow)[] {
  const merged: (Row | StudyRow)[] = [...rows];
  for (const block of blocks) {
    const later = merged.findIndex((row) => {
      const time = isStudyRow(row) ? row.block.start : timeOf(row);
      return time !== null && time > block.start;
    });
    merged.splice(later === -1 ? merged.length : later, 0, { kind: "study", block });
  }
  return merged;
}

export function isStudyRow(row: unknown): row is StudyRow {
  return typeof row === "object" && row !== null && (row as { kind?: unknown }).kind === "study";
}
