/**
 * CSV as RFC 4180 writes it and spreadsheets save it: fields split by a delimiter, a field in
 * double quotes may hold the delimiter, line breaks and doubled quotes (`""`); lines end in LF or
 * CRLF; a UTF-8 byte order mark at the start is dropped. The roster import reads it
 * (server/services/roster-import.ts) and the panel writes the temporary passwords with it.
 */

export interface CsvRecord {
  /** The line the record starts on, counting from 1 (a quoted line break makes a record span lines). */
  line: number;
  fields: string[];
}

export type CsvResult = { ok: true; records: CsvRecord[] } | { ok: false; unclosedQuoteLine: number };

/**
 * Splits `text` into records. Blank lines are skipped (their numbers still count). A quote that
 * is never closed is the one thing it refuses, with the line its field starts on: everything after
 * it would otherwise become one field. Text around a quoted part (`a"b"c`, `"a"b`) is kept as it
 * stands, as spreadsheets read it.
 */
export function parseCsv(text: string, delimiter = ","): CsvResult {
  const records: CsvRecord[] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  let fields: string[] = [];
  let field = "";
  let recordLine = 1;
  let blank = true;
  const end = text.length;

  const endRecord = () => {
    fields.push(field);
    if (!(blank && fields.length === 1 && field === "")) records.push({ line: recordLine, fields });
    fields = [];
    field = "";
    blank = true;
  };

  while (i < end) {
    const c = text[i]!;
    if (c === '"' && field === "") {
      // A quoted field (or a quoted part): up to the quote that is not doubled.
      const startLine = line;
      i++;
      let closed = false;
      while (i < end) {
        const q = text[i]!;
        if (q === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          closed = true;
          break;
        }
        if (q === "\n") line++;
        else if (q === "\r" && text[i + 1] !== "\n") line++;
        field += q;
        i++;
      }
      if (!closed) return { ok: false, unclosedQuoteLine: startLine };
      blank = false;
      continue;
    }
    if (c === delimiter) {
      fields.push(field);
      field = "";
      blank = false;
      i++;
      continue;
    }
    if (c === "\r" || c === "\n") {
      endRecord();
      i += c === "\r" && text[i + 1] === "\n" ? 2 : 1;
      line++;
      recordLine = line;
      continue;
    }
    field += c;
    blank = false;
    i++;
  }
  if (!blank || fields.length > 0 || field !== "") endRecord();
  return { ok: true, records };
}

/** A field as CSV writes it: in quotes when it holds a comma, a quote, a line break or space at either end. */
function csvField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * Rows as CSV text, CRLF line ends (RFC 4180; every spreadsheet reads them). A field starting with
 * =, +, - or @ is not changed: the values written here (emails, temporary passwords) are data the
 * school itself gave or the server made.
 */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
}
