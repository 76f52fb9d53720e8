/**
 * `npm run decisions`: writes docs/decisions/README.md, the front door to the decision records: what a
 * record is, how to add one, and one table of every record with its status, its area and what
 * superseded it. The table is read from the records' own header lines, so it cannot say something
 * a record does not; scripts/decisions-index.test.ts fails (and so `npm test`) while the committed
 * index is not what this would write, which is what catches a new record nobody listed.
 *
 * A record's header, under its `# NNN: Title`:
 *
 *     - Date: 2026-11-29
 *     - Status: Accepted | Proposed | Superseded by NNN | Accepted (its … line: superseded by NNN)
 *     - Area: one of AREAS below
 *
 * A long value goes on over lines indented by two spaces. With --check this writes nothing and
 * exits 1, naming the records that are missing from the index or listed differently.
 *
 * The output is already as Prettier writes Markdown (a table with aligned columns), so Prettier over
 * it changes nothing although *.md is in .prettierignore; the test holds that too.
 */
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const DECISIONS_DIR = path.join(ROOT, "docs/decisions");
const INDEX_NAME = "README.md";
const TEMPLATE_NAME = "000-template.md";

/**
 * The parts of the app a record can be about. One per record, the one it is mostly about, so that
 * the index groups like with like; a record that touches several picks where a reader would look
 * for it first. Adding an area means adding it here and to 000-template.md's Area line (the test
 * holds the two equal).
 */
export const AREAS = [
  "accounts and sign-in", // sessions, CSRF, route guards, sign-in limits, password reset, single sign-on
  "tasks",
  "calendar", // events, series, recurrence, school dates and the calendar views
  "classes and the school day", // the class list, bell times, rotations, the school's published day
  "reminders and push", // Web Push, reminders, announcements
  "admin area", // the admin API and panel, the audit log
  "offline and sync", // the connection banner, the service worker, offline edits, live updates
  "languages", // the catalogs, message ids, words in the reader's language
  "speed", // bundle budgets, compression, the cost of a request, the hot reads
  "accessibility", // names, focus, themes and contrast, WCAG
  "data in and out", // export and import, the calendar feed, LMS feeds, rosters
  "mail",
  "operations", // deploy, configuration, the database, metrics, logs, shutdown, limits, security headers
  "code layout and tests", // lint boundaries, layers and architecture, test layers, CI, background jobs
] as const;
export type Area = (typeof AREAS)[number];

export type StatusKind = "Accepted" | "Proposed" | "Superseded";

export type DecisionRecord = {
  /** The file's name in docs/decisions, e.g. "079-bundle-budgets-met.md". */
  file: string;
  /** As the title writes it, e.g. "079". */
  number: string;
  title: string;
  date: string;
  /** The Status line as written, e.g. "Accepted (its budgets, …: superseded by 102)". */
  status: string;
  /** What the index's Status column says. */
  kind: StatusKind;
  area: Area;
  /**
   * The record numbers ("102") or documents ("docs/product.md#form-behaviour") that superseded this
   * record, wholly or (with `supersededInPart`) in part; empty when nothing did.
   */
  supersededBy: string[];
  supersededInPart: boolean;
};

/**
 * The header fields under a record's title, by name ("Date", "Status", "Area", …): the `- Name: value`
 * lines before the first blank line after them, a value going on over lines indented by two spaces.
 */
export function headerFields(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  let current: string | undefined;
  for (const line of text.split("\n").slice(1)) {
    const field = /^- ([A-Z][A-Za-z ]*): (.*)$/.exec(line);
    if (field) {
      current = field[1] ?? "";
      fields.set(current, (field[2] ?? "").trim());
    } else if (current && /^ {2}\S/.test(line)) {
      fields.set(current, `${fields.get(current)} ${line.trim()}`);
    } else if (line.trim() !== "" || fields.size > 0) {
      break; // the header is over: a blank line after it, or prose where it should be
    }
  }
  return fields;
}

/**
 * What superseded a record, read from its Status line: "Superseded by 079" or "Superseded by 079 and
 * 102" (record numbers), "Superseded by docs/product.md (section …, docs/product.md#anchor)" (a
 * document, with its anchor when the status names one), or, in part, "Accepted (its … line:
 * superseded by 073, …)". A status that only says "replaces" or "amends" is about other records,
 * not this one.
 */
export function supersessionOf(status: string): { supersededBy: string[]; supersededInPart: boolean } {
  const whole = /^Superseded by (.+)$/.exec(status);
  if (whole) return { supersededBy: referencesIn(whole[1] ?? ""), supersededInPart: false };
  const part = /superseded by (\d{3,}(?:(?:, | and )\d{3,})*)/i.exec(status);
  if (part) return { supersededBy: part[1]?.match(/\d{3,}/g) ?? [], supersededInPart: true };
  return { supersededBy: [], supersededInPart: false };
}

/** The numbers, or the one document, that "Superseded by " is followed by. */
function referencesIn(rest: string): string[] {
  const numbers = /^\d{3,}(?:(?:, | and )\d{3,})*/.exec(rest);
  if (numbers) return numbers[0].match(/\d{3,}/g) ?? [];
  const document = (rest.split(/\s/, 1)[0] ?? "").replace(/[.,;:]+$/, "");
  // "(section Form behaviour, docs/product.md#form-behaviour)": the anchor says where in the document.
  const anchored = rest.match(/[^\s(),;]+#[\w-]+/g)?.find((reference) => reference.startsWith(`${document}#`));
  return [anchored ?? document];
}

function statusKindOf(status: string): StatusKind | undefined {
  if (/^Superseded by /.test(status)) return "Superseded";
  if (/^Accepted\b/.test(status)) return "Accepted";
  if (/^Proposed\b/.test(status)) return "Proposed";
  return undefined;
}

function isArea(value: string): value is Area {
  return (AREAS as readonly string[]).includes(value);
}

/** One record, from its file's name and text. Throws, naming the file, when its header is not as 000-template.md has it. */
export function parseRecord(file: string, text: string): DecisionRecord {
  const heading = /^# (\d{3,}): (.+)$/.exec(text.split("\n", 1)[0] ?? "");
  if (!heading) throw new Error(`${file}: the first line is not "# NNN: Title"`);
  const [, number = "", title = ""] = heading;
  if (!file.startsWith(`${number}-`)) throw new Error(`${file}: the title's number is ${number}, the file's name says otherwise`);
  const fields = headerFields(text);
  const date = fields.get("Date");
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`${file}: no "- Date: YYYY-MM-DD" line under the title`);
  const status = fields.get("Status");
  if (!status) throw new Error(`${file}: no "- Status: …" line under the title`);
  const kind = statusKindOf(status);
  if (!kind) throw new Error(`${file}: the status "${status}" starts with none of Accepted, Proposed, "Superseded by"`);
  const area = fields.get("Area");
  if (!area) throw new Error(`${file}: no "- Area: …" line under the title (one of AREAS in scripts/decisions-index.ts)`);
  if (!isArea(area)) throw new Error(`${file}: the area "${area}" is not one of AREAS in scripts/decisions-index.ts`);
  return { file, number, title: title.trim(), date, status, kind, area, ...supersessionOf(status) };
}

function byNumber(a: DecisionRecord, b: DecisionRecord): number {
  return Number(a.number) - Number(b.number);
}

/**
 * Every record in a folder, in number order: each `.md` but the index and the template. A file not
 * named NNN-short-title.md, or a number taken twice (two branches that each took the next one), is
 * an error rather than a record the index would quietly leave out.
 */
export function readRecords(dir = DECISIONS_DIR): DecisionRecord[] {
  const records: DecisionRecord[] = [];
  for (const file of fs.readdirSync(dir).sort()) {
    if (!file.endsWith(".md") || file === INDEX_NAME || file === TEMPLATE_NAME) continue;
    if (!/^\d{3,}-[^/]+\.md$/.test(file)) throw new Error(`${file}: a record is named NNN-short-title.md`);
    records.push(parseRecord(file, fs.readFileSync(path.join(dir, file), "utf8")));
  }
  const fileByNumber = new Map<string, string>();
  for (const record of records) {
    const other = fileByNumber.get(record.number);
    if (other) throw new Error(`${other} and ${record.file} both take number ${record.number}`);
    fileByNumber.set(record.number, record.file);
  }
  return records.sort(byNumber);
}

/** A table cell's text: a `|` would end the cell. */
function cell(text: string): string {
  return text.replaceAll("|", "\\|");
}

/** The Superseded-by cell: links to the records (or the document) named, and "(in part)" for a partial supersession. */
function supersededByCell(record: DecisionRecord, fileByNumber: Map<string, string>): string {
  const links = record.supersededBy.map((reference) => {
    if (/^\d+$/.test(reference)) {
      const file = fileByNumber.get(reference);
      return file ? `[${reference}](${file})` : reference;
    }
    // A document is named from the repository's root; the link is from this folder.
    return `[${reference}](${path.posix.relative("docs/decisions", reference)})`;
  });
  return links.join(", ") + (record.supersededInPart && links.length ? " (in part)" : "");
}

/**
 * A Markdown table as Prettier writes one: every column as wide as its widest cell, cells padded
 * with spaces, the rule under the header as wide as its column. Widths are counted in code points,
 * which is Prettier's count for everything but wide (East Asian, emoji) characters; the titles have
 * none, and the test would catch one.
 */
function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const widths = header.map((_, column) => Math.max(3, ...[header, ...rows].map((row) => [...(row[column] ?? "")].length)));
  const line = (row: readonly string[]) =>
    `| ${row.map((text, column) => text + " ".repeat((widths[column] ?? 0) - [...text].length)).join(" | ")} |`;
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...rows.map(line)];
}

/** Prose broken into lines of at most `width` characters, as the records wrap theirs. */
function wrap(text: string, width = 100): string[] {
  const lines: string[] = [];
  for (const word of text.split(" ")) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** docs/decisions/README.md for these records: the intro, then one row per record in number order. */
export function renderIndex(records: readonly DecisionRecord[]): string {
  const sorted = [...records].sort(byNumber);
  const fileByNumber = new Map(sorted.map((record) => [record.number, record.file]));
  const rows = sorted.map((record) => [
    record.number,
    `[${cell(record.title)}](${record.file})`,
    record.kind,
    record.area,
    cell(supersededByCell(record, fileByNumber)),
  ]);
  return [
    "<!-- Written by scripts/decisions-index.ts from the records' header lines (npm run decisions): do not edit. -->",
    "",
    "# Decision records",
    "",
    "A decision record says what we chose and why, where the product description (docs/product.md) left",
    "a choice open or a problem forced one: the context, the decision, and what follows from it. Once",
    "accepted a record is not rewritten; a later record supersedes it, wholly or in part, and the old",
    "record's Status line says so.",
    "",
    "To add one: copy `000-template.md` to `NNN-short-title.md` with the next free number, fill in its",
    "Date, Status and Area and its three sections, and run `npm run decisions` to list it here.",
    "`npm test` fails while this index is not what the records say.",
    "",
    "In the table, Superseded by names the record (or the part of docs/product.md) that replaced a",
    'record; "(in part)" means the record stands but for the part its Status line names.',
    "",
    ...wrap(`Each record names one area, the part of the app it is mostly about: ${AREAS.join(", ")}.`),
    "",
    ...markdownTable(["Number", "Title", "Status", "Area", "Superseded by"], rows),
    "",
  ].join("\n");
}

/**
 * The rows of an index's table, by record number, each as its cells without their padding: a longer
 * title widens every row of its column, and that alone makes no other record "listed differently".
 */
function rowsByNumber(index: string): Map<string, string> {
  const rows = new Map<string, string>();
  for (const line of index.split("\n")) {
    const number = /^\| (\d{3,}) +\|/.exec(line)?.[1];
    const cells = line.split(/(?<!\\)\|/).map((text) => text.trim());
    if (number) rows.set(number, cells.join("|"));
  }
  return rows;
}

/** The record file a row links to, to name it in a message. */
function fileOfRow(row: string): string {
  return /\]\((\d{3,}-[^)]+\.md)\)/.exec(row)?.[1] ?? row;
}

/**
 * What is wrong with a committed index against the one the records give: records missing from it,
 * rows that differ, rows for records that are gone. Empty when the two are the same.
 */
export function indexDifferences(committed: string | undefined, expected: string): string[] {
  if (committed === expected) return [];
  if (committed === undefined) return [`there is no ${INDEX_NAME}`];
  const committedRows = rowsByNumber(committed);
  const expectedRows = rowsByNumber(expected);
  const problems: string[] = [];
  for (const [number, row] of expectedRows) {
    const listed = committedRows.get(number);
    if (listed === undefined) problems.push(`${fileOfRow(row)} is missing`);
    else if (listed !== row) problems.push(`${fileOfRow(row)} is listed differently`);
  }
  for (const [number, row] of committedRows) {
    if (!expectedRows.has(number)) problems.push(`${fileOfRow(row)} is listed but there is no such record`);
  }
  if (!problems.length) problems.push("the text around the table, or its column widths, are different");
  return problems;
}

function main() {
  const indexFile = path.join(DECISIONS_DIR, INDEX_NAME);
  const shown = path.relative(ROOT, indexFile);
  let index: string;
  try {
    index = renderIndex(readRecords());
  } catch (error) {
    console.error(`docs/decisions/${(error as Error).message}`);
    process.exit(1);
  }
  const committed = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, "utf8") : undefined;
  if (process.argv.includes("--check")) {
    const problems = indexDifferences(committed, index);
    if (problems.length) {
      console.error(`${shown} is not what the records say: ${problems.join("; ")}. Run \`npm run decisions\`.`);
      process.exit(1);
    }
  } else if (committed !== index) {
    fs.writeFileSync(indexFile, index);
    console.log(`Wrote ${shown}.`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) main();
