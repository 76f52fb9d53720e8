/**
 * The class editor's rows and the rules for changing them (docs/product.md#class-setup,
 * docs/decisions/060). Pure functions over an array of rows, one row per period: the component
 * holds the array in state and calls these, and the unit tests drive the same functions.
 *
 * What a row is covered by (a block on an earlier row) is derived, never stored: a covered row keeps
 * what it held, so ending or removing the block gives it back.
 */
import {
  type BlockSpan,
  classNameKey,
  DOUBLE_BLOCK_SUFFIX,
  duplicateClassKeys,
  LUNCH,
  parseUserClasses,
  SEMESTER_1_SUFFIX,
  SEMESTER_2_SUFFIX,
  serializeClassPeriods,
  TRIPLE_BLOCK_SUFFIX,
} from "@core/classes";
import { z } from "zod";
import { messageRef } from "@core/i18n/translate";
import { type ClassSaveMode, classesSchemaFor, INITIAL_PERIODS, MAX_PERIODS, MIN_PERIODS } from "@core/schemas/classes";

export type PeriodRow = {
  /** The full-year name, or Semester 1's. */
  name: string;
  /** Semester 2's name; kept while the row is Full Year, so switching back restores it. */
  secondName: string;
  semester: boolean;
  span: BlockSpan;
  /** The name "Set as Lunch" replaced, given back when Lunch is turned off. */
  nameBeforeLunch: string | null;
};

export type NameField = "name" | "secondName";

export const EMPTY_ROW: PeriodRow = { name: "", secondName: "", semester: false, span: 1, nameBeforeLunch: null };

/** Periods 1, 7 and 8 have the Semester / Full Year toggle. */
const SEMESTER_PERIODS = new Set([1, 7, 8]);
/** Periods 4 to 6 have "Set as Lunch", when there are more than 6 periods. */
const LUNCH_PERIODS = new Set([4, 5, 6]);

export function emptyRows(count = INITIAL_PERIODS): PeriodRow[] {
  return Array.from({ length: count }, () => ({ ...EMPTY_ROW }));
}

/** The row whose block covers row `index`, or null when the row is its own period. */
export function coveringBlock(rows: readonly PeriodRow[], index: number): { index: number; span: 2 | 3 } | null {
  for (let head = Math.max(0, index - 2); head < index; head++) {
    const span = rows[head]!.span;
    if (span > 1 && head + span > index && !coveringBlock(rows, head)) return { index: head, span: span as 2 | 3 };
  }
  return null;
}

export function isLunchRow(row: PeriodRow): boolean {
  return !row.semester && classNameKey(row.name) === LUNCH.toLowerCase();
}

/**
 * Why a Double (2) or Triple (3) block cannot start on this row, or null when it can (or is on): a
 * message reference (decision 108), worded where it is shown.
 */
export function spanUnavailableReason(rows: readonly PeriodRow[], index: number, span: 2 | 3): string | null {
  const row = rows[index]!;
  if (row.span === span) return null;
  if (row.semester) return messageRef("classes.semester_fills_one_period");
  if (index + span > rows.length) return messageRef(span === 2 ? "classes.double_block_past_end" : "classes.triple_block_past_end");
  for (let next = index + 1; next < index + span; next++) {
    if (rows[next]!.span > 1) return messageRef("classes.period_starts_block", { period: next + 1 });
  }
  return null;
}

/** Turns a Double or Triple block on, switches between them, or turns the active one off. */
export function toggleSpan(rows: readonly PeriodRow[], index: number, span: 2 | 3): PeriodRow[] {
  if (coveringBlock(rows, index)) return [...rows];
  if (rows[index]!.span === span) return replaceRow(rows, index, { span: 1 });
  if (spanUnavailableReason(rows, index, span)) return [...rows];
  return replaceRow(rows, index, { span });
}

export function hasSemesterToggle(rows: readonly PeriodRow[], index: number): boolean {
  // A stored semester pair elsewhere keeps its toggle, so it can be switched back to Full Year.
  return SEMESTER_PERIODS.has(index + 1) || rows[index]!.semester;
}

/** Why this row cannot become a semester pair (a message reference), or null when it can. */
export function semesterUnavailableReason(rows: readonly PeriodRow[], index: number): string | null {
  const row = rows[index]!;
  if (row.semester || row.span === 1) return null;
  return messageRef(row.span === 2 ? "classes.double_block_no_semesters" : "classes.triple_block_no_semesters");
}

export function setSemester(rows: readonly PeriodRow[], index: number, semester: boolean): PeriodRow[] {
  if (coveringBlock(rows, index) || (semester && semesterUnavailableReason(rows, index))) return [...rows];
  return replaceRow(rows, index, { semester });
}

/** Not on a semester pair: Lunch is one name, and the pair would be lost by it. */
export function hasLunchToggle(rows: readonly PeriodRow[], index: number): boolean {
  return LUNCH_PERIODS.has(index + 1) && rows.length > MIN_PERIODS && !rows[index]!.semester;
}

/** Sets the name Lunch, or takes it off again and gives back the name it replaced. */
export function toggleLunch(rows: readonly PeriodRow[], index: number): PeriodRow[] {
  const row = rows[index]!;
  if (coveringBlock(rows, index) || row.semester) return [...rows];
  if (isLunchRow(row)) return replaceRow(rows, index, { name: row.nameBeforeLunch ?? "", nameBeforeLunch: null });
  return replaceRow(rows, index, { name: LUNCH, nameBeforeLunch: row.name });
}

export function setName(rows: readonly PeriodRow[], index: number, field: NameField, value: string): PeriodRow[] {
  // Typing makes the text the user's own: a later "Lunch" off must not bring back an older name.
  return replaceRow(rows, index, { [field]: value, ...(field === "name" ? { nameBeforeLunch: null } : {}) });
}

export function canAddPeriod(rows: readonly PeriodRow[]): boolean {
  return rows.length < MAX_PERIODS;
}

export function addPeriod(rows: readonly PeriodRow[]): PeriodRow[] {
  return canAddPeriod(rows) ? [...rows, { ...EMPTY_ROW }] : [...rows];
}

/** Remove buttons exist from the 7th period on, never below 6 periods, and not on a covered row. */
export function canRemovePeriod(rows: readonly PeriodRow[], index: number): boolean {
  return index >= MIN_PERIODS && rows.length > MIN_PERIODS && index < rows.length && !coveringBlock(rows, index);
}

/** Removes the row; rows after it move up with their blocks, and rows its block covered come back. */
export function removePeriod(rows: readonly PeriodRow[], index: number): PeriodRow[] {
  if (!canRemovePeriod(rows, index)) return [...rows];
  return rows.filter((_, i) => i !== index);
}

function replaceRow(rows: readonly PeriodRow[], index: number, change: Partial<PeriodRow>): PeriodRow[] {
  return rows.map((row, i) => (i === index ? { ...row, ...change } : row));
}

/** What the editor saves: the encoding of core/classes.ts (docs/decisions/020), blanks left out. */
export function userClassesFromRows(rows: readonly PeriodRow[]): string[] {
  const periods = rows.flatMap((row, index) =>
    coveringBlock(rows, index) ? [] : [{ span: row.span, names: row.semester ? [row.name, row.secondName] : [row.name] }],
  );
  return serializeClassPeriods(periods);
}

/** The editor's rows for a stored list: every block, semester pair and Lunch as saved, padded to 8 rows. */
export function rowsFromUserClasses(userClasses: readonly string[] | null | undefined): PeriodRow[] {
  const rows: PeriodRow[] = [];
  for (const period of parseUserClasses(userClasses)) {
    const [name = "", secondName = ""] = period.names;
    rows.push({ ...EMPTY_ROW, name, secondName, semester: period.names.length === 2, span: period.span });
    for (let covered = 1; covered < period.span; covered++) rows.push({ ...EMPTY_ROW });
  }
  while (rows.length < INITIAL_PERIODS) rows.push({ ...EMPTY_ROW });
  return rows;
}

export const SEMESTER_HALF_MISSING = messageRef("classes.semester_half_missing");

const RESERVED_SUFFIXES = [DOUBLE_BLOCK_SUFFIX, TRIPLE_BLOCK_SUFFIX, SEMESTER_1_SUFFIX, SEMESTER_2_SUFFIX];

/**
 * A name typed with a suffix the encoding reserves would be read back as a block or a semester half
 * (a message reference naming the suffix as stored, whatever the language).
 */
export function reservedSuffixMessage(name: string): string | null {
  const trimmed = name.trim().toLowerCase();
  const suffix = RESERVED_SUFFIXES.find((s) => trimmed.endsWith(s.toLowerCase()));
  return suffix ? messageRef("classes.remove_suffix", { suffix: suffix.trim() }) : null;
}

export type RowsValidation = {
  /** The message for the whole schedule (the spec's minimum and duplicate messages), or null: message references. */
  message: string | null;
  /** Messages for single name fields, keyed `${index}.${field}`. */
  fieldErrors: Record<string, string>;
  /** Rows holding a name that appears elsewhere too (shown as invalid). */
  duplicateRows: Set<number>;
  /** What would be sent when valid. */
  userClasses: string[];
};

/** The editor's own checks of the names on screen, in order: a typed suffix, a semester pair half named. */
function nameProblems(rows: readonly PeriodRow[]): { index: number; field: NameField; message: string }[] {
  const problems: { index: number; field: NameField; message: string }[] = [];
  rows.forEach((row, index) => {
    if (coveringBlock(rows, index)) return;
    const fields: NameField[] = row.semester ? ["name", "secondName"] : ["name"];
    for (const field of fields) {
      const message = reservedSuffixMessage(row[field]);
      if (message) problems.push({ index, field, message });
    }
    // One half named and the other blank would be saved as a full-year class without a word.
    const field = row.name.trim() === "" ? "name" : "secondName";
    if (
      row.semester &&
      (row.name.trim() === "") !== (row.secondName.trim() === "") &&
      !problems.some((p) => p.index === index && p.field === field)
    )
      problems.push({ index, field, message: SEMESTER_HALF_MISSING });
  });
  return problems;
}

/**
 * The class editor's form schema: the editor's own checks on each name (under that name's field,
 * the first also the form's message, on `rows`), then the API's own schema (core/schemas/classes.ts)
 * on the list the rows would send, whose refusal is the form's message. Its output is the request.
 */
export function classEditorSchema(mode: ClassSaveMode, saved: readonly PeriodRow[] = []) {
  return z
    .object({ rows: z.array(z.custom<PeriodRow>()) })
    .superRefine(({ rows }, ctx) => {
      const problems = nameProblems(rows);
      for (const { index, field, message } of problems) ctx.addIssue({ code: "custom", path: ["rows", index, field], message });
      if (problems[0]) ctx.addIssue({ code: "custom", path: ["rows"], message: problems[0].message });
    })
    .transform(({ rows }) => {
      const renames = renamesBetween(saved, rows);
      return { userClasses: userClassesFromRows(rows), ...(renames.length ? { renames } : {}) };
    })
    .pipe(classesSchemaFor(mode));
}

/**
 * The names edited in place (issue 53): a period's name typed over with a new one, the old name
 * gone from the list and the new one not in it before. The server carries each class's grades along.
 */
export function renamesBetween(saved: readonly PeriodRow[], rows: readonly PeriodRow[]): { from: string; to: string }[] {
  const names = (list: readonly PeriodRow[]) =>
    new Set(
      parseUserClasses(userClassesFromRows(list))
        .flatMap((p) => p.names)
        .map(classNameKey),
    );
  const before = names(saved);
  const after = names(rows);
  const renames: { from: string; to: string }[] = [];
  rows.forEach((row, index) => {
    const old = saved[index];
    if (!old || isLunchRow(row) || isLunchRow(old)) return;
    for (const field of ["name", "secondName"] as const) {
      const from = old[field].trim();
      const to = row[field].trim();
      if (from && to && !after.has(classNameKey(from)) && !before.has(classNameKey(to))) renames.push({ from, to });
    }
  });
  return renames;
}

/** The form's field of a refusal of classEditorSchema: a name's own, else the rows' (the list sent is theirs). */
export function classEditorFieldOf(path: readonly PropertyKey[]): string {
  return path[0] === "userClasses" ? "rows" : path.map(String).join(".");
}

/** Rows holding a name that appears elsewhere too (never Lunch, nor a hidden name). */
export function duplicateRowsOf(rows: readonly PeriodRow[]): Set<number> {
  const duplicates = duplicateClassKeys(parseUserClasses(userClassesFromRows(rows)));
  const duplicateRows = new Set<number>();
  rows.forEach((row, index) => {
    if (coveringBlock(rows, index) || isLunchRow(row)) return;
    const names = row.semester ? [row.name, row.secondName] : [row.name];
    if (names.some((n) => n.trim() !== "" && duplicates.has(classNameKey(n)))) duplicateRows.add(index);
  });
  return duplicateRows;
}

/** classEditorSchema's verdict on the rows, read as the editor shows it. */
export function validateRows(rows: readonly PeriodRow[], mode: ClassSaveMode): RowsValidation {
  const checked = classEditorSchema(mode).safeParse({ rows: [...rows] });
  const fieldErrors: Record<string, string> = {};
  let message: string | null = null;
  for (const issue of checked.error?.issues ?? []) {
    const field = classEditorFieldOf(issue.path);
    if (field === "rows") message ??= issue.message;
    else fieldErrors[field.slice("rows.".length)] ??= issue.message;
  }
  if (!checked.success) message ??= messageRef("classes.check_classes");
  return { message, fieldErrors, duplicateRows: duplicateRowsOf(rows), userClasses: userClassesFromRows(rows) };
}
