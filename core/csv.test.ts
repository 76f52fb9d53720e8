import { describe, expect, it } from "vitest";
import { parseCsv, toCsv } from "./csv";

const records = (text: string, delimiter?: string) => {
  const result = parseCsv(text, delimiter);
  if (!result.ok) throw new Error(`unclosed quote on line ${result.unclosedQuoteLine}`);
  return result.records;
};

describe("parseCsv", () => {
  it("splits lines and fields, LF or CRLF, and drops a UTF-8 byte order mark", () => {
    expect(records("\uFEFFemail,firstName\r\na@x.test,Ann\nb@x.test,Bo")).toEqual([
      { line: 1, fields: ["email", "firstName"] },
      { line: 2, fields: ["a@x.test", "Ann"] },
      { line: 3, fields: ["b@x.test", "Bo"] },
    ]);
  });

  it("reads quoted fields with commas, doubled quotes and line breaks, numbering each record by the line it starts on", () => {
    expect(records('h1,h2\r\n"Lee, Sam","say ""hi"""\r\n"two\r\nlines",x\r\nlast,"")')).toEqual([
      { line: 1, fields: ["h1", "h2"] },
      { line: 2, fields: ["Lee, Sam", 'say "hi"'] },
      { line: 3, fields: ["two\r\nlines", "x"] },
      { line: 5, fields: ["last", ")"] },
    ]);
    expect(records('a,""\n')).toEqual([{ line: 1, fields: ["a", ""] }]);
  });

  it("skips blank lines but keeps counting them, and keeps empty fields", () => {
    expect(records("a,b\n\n\r\n,\nc,\n\n")).toEqual([
      { line: 1, fields: ["a", "b"] },
      { line: 4, fields: ["", ""] },
      { line: 5, fields: ["c", ""] },
    ]);
  });

  it("keeps a stray quote inside an unquoted field as text, and text after a closing quote", () => {
    expect(records('O"Neil,"Ann"e')).toEqual([{ line: 1, fields: ['O"Neil', "Anne"] }]);
  });

  it("refuses a quote that is never closed, naming the line it opens on", () => {
    expect(parseCsv('a,b\nc,d\n"open,e\nf,g\n')).toEqual({ ok: false, unclosedQuoteLine: 3 });
  });

  it("reads another delimiter when told", () => {
    expect(records("email;firstName\na@x.test;Ann", ";")).toEqual([
      { line: 1, fields: ["email", "firstName"] },
      { line: 2, fields: ["a@x.test", "Ann"] },
    ]);
  });
});

describe("toCsv", () => {
  it("quotes only what needs it, and reads back to the same rows", () => {
    const rows = [
      ["email", "temporaryPassword"],
      ["a@x.test", "Kp7m-Rt4x-Wq9z"],
      ['odd"one@x.test', "with,comma"],
      [" spaced ", "line\nbreak"],
    ];
    const text = toCsv(rows);
    expect(text.split("\r\n")[1]).toBe("a@x.test,Kp7m-Rt4x-Wq9z");
    expect(records(text).map((record) => record.fields)).toEqual(rows);
  });
});
