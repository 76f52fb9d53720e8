import type { z } from "zod";
import { parseCsv } from "../../core/csv";
import { messageRef } from "../../core/i18n/translate";
import { badRequest, HttpError } from "../errors";
import {
  oneRosterClassSchema,
  oneRosterEnrollmentSchema,
  oneRosterRoleSchema,
  oneRosterUserSchema,
  type OneRosterClass,
  type OneRosterEnrollment,
  type OneRosterRole,
  type OneRosterUser,
} from "./oneroster-client";
import type { RosterRead } from "./oneroster-sync";
import { readZip, ZIP_LIMITS, ZipError } from "./zip-reader";

/**
 * OneRoster's CSV binding (issue 55, decision 138): the zip a student information system exports
 * (`manifest.csv`, `users.csv`, `classes.csv`, `enrollments.csv` and, in 1.2, `roles.csv`; the
 * rest is not read), bulk or delta as its manifest says, read into the same records the REST
 * client answers, each checked by the same schema. Anything that is not such a bundle is refused
 * whole with the file and line at fault, before anything is written.
 */

/** POST /api/admin/roster/oneroster-csv's body limit: a district's bundle zips to a few MB. */
export const ONEROSTER_CSV_MAX_BYTES = 20 * 1024 * 1024;
/** Records of one kind at most, as the REST client allows. */
const MAX_ROWS = 200_000;

type Part = "users" | "classes" | "enrollments" | "roles";
const FILES: Record<Part, string> = { users: "users.csv", classes: "classes.csv", enrollments: "enrollments.csv", roles: "roles.csv" };

const ZIP_REFUSALS = {
  not_zip: messageRef("admin.oneroster_csv_not_zip"),
  unsupported: messageRef("admin.oneroster_csv_unsupported"),
  too_large: messageRef("admin.oneroster_csv_too_large", { max: ZIP_LIMITS.maxTotalBytes / (1024 * 1024) }),
  corrupt: messageRef("admin.oneroster_csv_corrupt"),
} as const;

/** A CSV file of the bundle as rows by column name (names as the binding spells them, any case). */
function rowsOf(files: Map<string, Buffer>, file: string, key = "sourcedId"): { line: number; cell: (column: string) => string }[] {
  const bytes = files.get(file);
  if (!bytes) throw badRequest(messageRef("admin.oneroster_csv_missing_file", { file }));
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw badRequest(messageRef("admin.oneroster_csv_not_utf8", { file }));
  }
  const parsed = parseCsv(text);
  if (!parsed.ok) throw badRequest(messageRef("admin.oneroster_csv_unclosed_quote", { file, line: parsed.unclosedQuoteLine }));
  const [header, ...records] = parsed.records;
  if (records.length > MAX_ROWS) throw new HttpError(413, messageRef("admin.oneroster_csv_too_many_rows", { file, max: MAX_ROWS }));
  const columns = new Map((header?.fields ?? []).map((name, index) => [name.trim().toLowerCase(), index]));
  if (!columns.has(key.toLowerCase())) throw badRequest(messageRef("admin.oneroster_csv_missing_column", { file, column: key }));
  return records.map(({ line, fields }) => ({
    line,
    cell: (column) => (fields[columns.get(column.toLowerCase()) ?? -1] ?? "").trim(),
  }));
}

/** A list field of the binding: comma separated inside the one field ("1,2"). */
const listOf = (text: string) =>
  text
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
/** A bulk file leaves status and dateLastModified empty: every record in it is active. */
const statusOf = (text: string) => (text === "" ? "active" : text);
const optional = (text: string) => (text === "" ? null : text);

/** A record's reference, as the binding's column names it (a bad row names the column to fix). */
const REFERENCE_COLUMNS: Readonly<Record<string, string>> = { user: "userSourcedId", class: "classSourcedId", org: "orgSourcedId" };

/** Each row of a file read by `toRecord` and checked by the REST client's schema; the first bad one refuses the bundle. */
function recordsOf<T>(
  files: Map<string, Buffer>,
  file: string,
  schema: z.ZodType<T>,
  toRecord: (cell: (column: string) => string) => unknown,
): T[] {
  return rowsOf(files, file).map(({ line, cell }) => {
    const parsed = schema.safeParse(toRecord(cell));
    if (!parsed.success) {
      const field = String(parsed.error.issues[0]?.path[0] ?? "sourcedId");
      const column = REFERENCE_COLUMNS[field] ?? field;
      throw badRequest(messageRef("admin.oneroster_csv_bad_row", { file, line, column }));
    }
    return parsed.data;
  });
}

const readers = {
  // 1.2 puts roles in roles.csv; 1.1 has role and orgSourcedIds in users.csv (read when present).
  users: (files: Map<string, Buffer>): OneRosterUser[] =>
    recordsOf(files, FILES.users, oneRosterUserSchema, (cell) => ({
      sourcedId: cell("sourcedId"),
      status: statusOf(cell("status")),
      dateLastModified: optional(cell("dateLastModified")),
      givenName: cell("givenName"),
      familyName: cell("familyName"),
      email: optional(cell("email")),
      ...(cell("role") ? { role: cell("role") } : {}),
      ...(cell("orgSourcedIds") ? { orgs: listOf(cell("orgSourcedIds")).map((sourcedId) => ({ sourcedId })) } : {}),
    })),
  classes: (files: Map<string, Buffer>): OneRosterClass[] =>
    recordsOf(files, FILES.classes, oneRosterClassSchema, (cell) => ({
      sourcedId: cell("sourcedId"),
      status: statusOf(cell("status")),
      dateLastModified: optional(cell("dateLastModified")),
      title: cell("title"),
      periods: listOf(cell("periods")),
    })),
  enrollments: (files: Map<string, Buffer>): OneRosterEnrollment[] =>
    recordsOf(files, FILES.enrollments, oneRosterEnrollmentSchema, (cell) => ({
      sourcedId: cell("sourcedId"),
      status: statusOf(cell("status")),
      dateLastModified: optional(cell("dateLastModified")),
      role: cell("role"),
      user: { sourcedId: cell("userSourcedId") },
      class: { sourcedId: cell("classSourcedId") },
    })),
  roles: (files: Map<string, Buffer>): OneRosterRole[] =>
    recordsOf(files, FILES.roles, oneRosterRoleSchema, (cell) => ({
      sourcedId: cell("sourcedId"),
      status: statusOf(cell("status")),
      dateLastModified: optional(cell("dateLastModified")),
      role: cell("role"),
      user: { sourcedId: cell("userSourcedId") },
      org: { sourcedId: cell("orgSourcedId") },
    })),
};

/** The bundle's files by name: at its root or in the one folder an export put them in. */
function bundleFiles(zip: Buffer): Map<string, Buffer> {
  let entries: Map<string, Buffer>;
  try {
    entries = readZip(zip);
  } catch (error) {
    if (error instanceof ZipError) throw new HttpError(error.kind === "too_large" ? 413 : 400, ZIP_REFUSALS[error.kind]);
    throw error;
  }
  const files = new Map<string, Buffer>();
  for (const [path, bytes] of entries) {
    const name = path.split("/").at(-1)!.toLowerCase();
    if (files.has(name)) throw badRequest(messageRef("admin.oneroster_csv_two_files", { file: name }));
    files.set(name, bytes);
  }
  return files;
}

/**
 * Reads an uploaded bundle: its manifest says, file by file, whether it is the whole roster of its
 * kind (`bulk`), the changes since the last export (`delta`) or left out (`absent`).
 */
export function readOneRosterCsv(zip: Buffer): RosterRead {
  const files = bundleFiles(zip);
  if (!files.has("manifest.csv")) throw badRequest(messageRef("admin.oneroster_csv_no_manifest"));
  // propertyName,value lines: oneroster.version, file.users = bulk, …
  const manifest = new Map(
    rowsOf(files, "manifest.csv", "propertyName").map(({ cell }) => [cell("propertyName").toLowerCase(), cell("value").toLowerCase()]),
  );
  const version = manifest.get("oneroster.version") ?? "";
  if (!/^1\.[12]$/.test(version)) throw badRequest(messageRef("admin.oneroster_csv_version", { version: version || "?" }));
  const read: RosterRead = {};
  for (const part of ["users", "classes", "enrollments", "roles"] as const) {
    const mode = manifest.get(`file.${part}`) ?? "absent";
    if (mode === "absent") continue;
    if (mode !== "bulk" && mode !== "delta") throw badRequest(messageRef("admin.oneroster_csv_bad_mode", { file: FILES[part], mode }));
    const records = readers[part](files);
    Object.assign(read, { [part]: { whole: mode === "bulk", records } });
  }
  if (!read.users) throw badRequest(messageRef("admin.oneroster_csv_no_users"));
  // A whole roster without roles (1.2 keeps them in roles.csv, 1.1 in users.csv) would have no
  // students in it: applied, it would close every account the roster follows.
  if (read.users.whole && !read.roles && read.users.records.every((user) => user.role === undefined))
    throw badRequest(messageRef("admin.oneroster_csv_no_roles"));
  return read;
}
