import { parseCsv } from "../../core/csv";
import { messageRef } from "../../core/i18n/translate";
import { ROSTER_MAX_BYTES, ROSTER_MAX_ROWS, ROSTER_REQUIRED_COLUMNS, type RosterColumn } from "../../core/schemas/admin";
import { emailField, firstNameField, lastNameField } from "../../core/schemas/auth";
import { badRequest, HttpError } from "../errors";
import { normalizeEmail } from "../repositories/users";

/**
 * Reading a roster file (issue 35): the CSV's lines judged one by one with registration's rules,
 * before anything is looked up or created. File-level problems (too big, too many rows, no header
 * columns, an unclosed quote) refuse the whole file; a line's problems stay on that line.
 */

export const ROSTER_TOO_LARGE = messageRef("admin.import_too_large", { max: ROSTER_MAX_BYTES / (1024 * 1024) });
export const ROSTER_TOO_MANY_ROWS = messageRef("admin.import_too_many_rows", { max: ROSTER_MAX_ROWS });
export const ROSTER_NO_ROWS = messageRef("admin.import_no_rows");
export const ROSTER_DUPLICATE = (line: number) => messageRef("admin.import_duplicate_email", { line });
export const ROSTER_IS_ADMIN_INVALID = messageRef("admin.import_is_admin_invalid");

/** A line of the file, read and checked: problems are message references, by column. */
export interface RosterLine {
  line: number;
  /** The email as written (trimmed). */
  email: string;
  /** Lower-cased, as accounts keep it; "" when the email is not valid. */
  normalizedEmail: string;
  firstName: string;
  lastName: string;
  isAdmin: boolean;
  errors: Partial<Record<RosterColumn, string[]>>;
}

/** Header names as people write them: "First Name", "first_name", "FIRSTNAME" all mean firstName. */
const COLUMN_NAMES: Record<string, RosterColumn> = { email: "email", firstname: "firstName", lastname: "lastName", isadmin: "isAdmin" };
const headerKey = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, "");

const TRUE_WORDS = new Set(["true", "1", "yes"]);
const FALSE_WORDS = new Set(["false", "0", "no", ""]);

/**
 * The delimiter of the file: a comma, unless the header line has none and has semicolons (what a
 * spreadsheet set to Spanish or another language with a decimal comma saves as "CSV").
 */
function delimiterOf(text: string): "," | ";" {
  const end = text.search(/[\r\n]/);
  const header = end < 0 ? text : text.slice(0, end);
  return !header.includes(",") && header.includes(";") ? ";" : ",";
}

/** The first message of a field's rule, or none. */
function problem(schema: typeof emailField, value: string): string[] | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : [result.error.issues[0]!.message];
}

/**
 * Reads the file: every line after the header, with its problems (registration's rules for the
 * email and the names, isAdmin as true/false/1/0/yes/no or empty, an email a line above already
 * has). Throws the one error shape for a file that cannot be read as a roster: over 1 MB (413),
 * over 5,000 rows, no data row, a header without the columns, a quote never closed (400).
 */
export function readRoster(csv: string): RosterLine[] {
  if (Buffer.byteLength(csv, "utf8") > ROSTER_MAX_BYTES) throw new HttpError(413, ROSTER_TOO_LARGE);
  const parsed = parseCsv(csv, delimiterOf(csv.replace(/^\uFEFF/, "")));
  if (!parsed.ok) throw badRequest(messageRef("admin.import_unclosed_quote", { line: parsed.unclosedQuoteLine }));
  const [header, ...records] = parsed.records;
  if (!header) throw badRequest(ROSTER_NO_ROWS);

  const columns = new Map<RosterColumn, number>();
  header.fields.forEach((name, index) => {
    const column = COLUMN_NAMES[headerKey(name)];
    if (column && !columns.has(column)) columns.set(column, index);
  });
  const missing = ROSTER_REQUIRED_COLUMNS.filter((column) => !columns.has(column));
  if (missing.length > 0) throw badRequest(messageRef("admin.import_missing_columns", { columns: missing.join(", ") }));
  if (records.length === 0) throw badRequest(ROSTER_NO_ROWS);
  if (records.length > ROSTER_MAX_ROWS) throw badRequest(ROSTER_TOO_MANY_ROWS);

  const firstLineOf = new Map<string, number>();
  return records.map(({ line, fields }) => {
    const cell = (column: RosterColumn) => {
      const index = columns.get(column);
      return index === undefined ? "" : (fields[index] ?? "");
    };
    const errors: RosterLine["errors"] = {};
    const email = cell("email").trim();
    const emailProblem = problem(emailField, email);
    if (emailProblem) errors.email = emailProblem;
    const firstNameProblem = problem(firstNameField, cell("firstName"));
    if (firstNameProblem) errors.firstName = firstNameProblem;
    const lastNameProblem = problem(lastNameField, cell("lastName"));
    if (lastNameProblem) errors.lastName = lastNameProblem;
    const isAdminText = cell("isAdmin").trim().toLowerCase();
    if (!TRUE_WORDS.has(isAdminText) && !FALSE_WORDS.has(isAdminText)) errors.isAdmin = [ROSTER_IS_ADMIN_INVALID];

    let normalizedEmail = "";
    if (!emailProblem) {
      normalizedEmail = normalizeEmail(email);
      const first = firstLineOf.get(normalizedEmail);
      if (first === undefined) firstLineOf.set(normalizedEmail, line);
      else errors.email = [ROSTER_DUPLICATE(first)];
    }
    return {
      line,
      email,
      normalizedEmail,
      firstName: cell("firstName").trim(),
      lastName: cell("lastName").trim(),
      isAdmin: TRUE_WORDS.has(isAdminText),
      errors,
    };
  });
}

export const hasProblems = (line: RosterLine) => Object.keys(line.errors).length > 0;

/**
 * Runs `work` on every item, at most `concurrency` at a time, answers in the items' order. The
 * roster's temporary passwords are hashed this way: argon2 is slow on purpose, and the process's
 * hasher takes at most four at once (server/services/passwords.ts), so an import holding half of
 * them leaves the rest to sign-ins arriving meanwhile.
 */
export async function mapBounded<T, R>(items: readonly T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}
