/**
 * docs/decisions/README.md is what scripts/decisions-index.ts renders from the records, so a record
 * added without `npm run decisions` (or a status changed without it) fails here; and every record's
 * header says what the index needs: a title, a date, a status and one of the areas.
 */
import fs from "node:fs";
import path from "node:path";
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import { AREAS, type DecisionRecord, headerFields, indexDifferences, parseRecord, readRecords, renderIndex } from "./decisions-index";

const DECISIONS_DIR = path.resolve(import.meta.dirname, "../docs/decisions");
const INDEX_FILE = path.join(DECISIONS_DIR, "README.md");

/** A record's text with the given status, as 000-template.md lays a record out. */
function recordText(number: string, title: string, status: string, area = "tasks"): string {
  return `# ${number}: ${title}\n\n- Date: 2026-11-29\n- Status: ${status}\n- Area: ${area}\n\n## Context\n\nWhy.\n`;
}

describe("the index of decision records", () => {
  const records = readRecords(DECISIONS_DIR);

  it("is what `npm run decisions` writes from the records", () => {
    const committed = fs.readFileSync(INDEX_FILE, "utf8");
    const problems = indexDifferences(committed, renderIndex(records));
    expect(problems, `docs/decisions/README.md is not what the records say. Run \`npm run decisions\``).toEqual([]);
  });

  it("lists every record once, in number order, and not the template", () => {
    const index = renderIndex(records);
    const listed = [...index.matchAll(/^\| (\d{3,}) +\|/gm)].map((match) => match[1]);
    expect(listed).toEqual(records.map((record) => record.number));
    expect(listed).toEqual([...listed].sort());
    expect(index).not.toContain("000-template.md)");
    const files = fs.readdirSync(DECISIONS_DIR).filter((file) => /^\d{3,}-.*\.md$/.test(file) && file !== "000-template.md");
    expect(records.map((record) => record.file).sort()).toEqual(files.sort());
  });

  it("is as Prettier writes it, so formatting it changes nothing", async () => {
    const index = renderIndex(records);
    const options = await prettier.resolveConfig(INDEX_FILE);
    expect(await prettier.format(index, { ...options, filepath: INDEX_FILE })).toBe(index);
  });

  it("notices a record missing from it", () => {
    const planted = parseRecord("999-a-planted-record.md", recordText("999", "A record nobody listed", "Accepted"));
    const problems = indexDifferences(renderIndex(records), renderIndex([...records, planted]));
    expect(problems).toEqual(["999-a-planted-record.md is missing"]);
  });

  it("notices a row that no longer says what its record says, and a row whose record is gone", () => {
    const [first, ...rest] = records;
    if (!first) throw new Error("no records in docs/decisions");
    const superseded: DecisionRecord = parseRecord(first.file, recordText(first.number, first.title, "Superseded by 999", first.area));
    expect(indexDifferences(renderIndex(records), renderIndex([superseded, ...rest]))).toEqual([`${first.file} is listed differently`]);
    expect(indexDifferences(renderIndex(records), renderIndex(rest))).toEqual([`${first.file} is listed but there is no such record`]);
    expect(indexDifferences(undefined, renderIndex(records))).toEqual(["there is no README.md"]);
  });
});

describe("each record's header", () => {
  const records = readRecords(DECISIONS_DIR);

  it("has a title, a date, a status and one area from the list", () => {
    expect(records.length).toBeGreaterThan(90);
    for (const record of records) {
      expect(record.title, record.file).not.toBe("");
      expect(record.date, record.file).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(["Accepted", "Proposed", "Superseded"], record.file).toContain(record.kind);
      expect(AREAS, record.file).toContain(record.area);
    }
  });

  it("names, when superseded, a record that exists (or a document that does)", () => {
    const numbers = new Set(records.map((record) => record.number));
    for (const record of records) {
      for (const reference of record.supersededBy) {
        if (/^\d+$/.test(reference)) expect(numbers, `${record.file} is superseded by ${reference}`).toContain(reference);
        else
          expect(
            fs.existsSync(path.resolve(DECISIONS_DIR, "../..", reference.split("#")[0] ?? reference)),
            `${record.file}: ${reference}`,
          ).toBe(true);
      }
    }
  });

  it("uses an area every record could: the template lists exactly AREAS", () => {
    const template = fs.readFileSync(path.join(DECISIONS_DIR, "000-template.md"), "utf8");
    const areaLine = headerFields(template).get("Area") ?? "";
    expect(areaLine.replace(/^one of /, "").split(" | ")).toEqual([...AREAS]);
  });
});

describe("reading a record", () => {
  it("takes the Superseded-by column from the status", () => {
    const read = (status: string) => {
      const { kind, supersededBy, supersededInPart } = parseRecord("050-x.md", recordText("050", "X", status));
      return { kind, supersededBy, supersededInPart };
    };
    expect(read("Accepted")).toEqual({ kind: "Accepted", supersededBy: [], supersededInPart: false });
    expect(read("Proposed")).toEqual({ kind: "Proposed", supersededBy: [], supersededInPart: false });
    expect(read("Superseded by 079")).toEqual({ kind: "Superseded", supersededBy: ["079"], supersededInPart: false });
    expect(read("Superseded by 079 and 102")).toEqual({ kind: "Superseded", supersededBy: ["079", "102"], supersededInPart: false });
    expect(read("Superseded by docs/product.md (section X)")).toEqual({
      kind: "Superseded",
      supersededBy: ["docs/product.md"],
      supersededInPart: false,
    });
    expect(read("Superseded by docs/product.md (section Screen titles, docs/product.md#screen-titles)").supersededBy).toEqual([
      "docs/product.md#screen-titles",
    ]);
    expect(read("Accepted (its password toggle line: superseded by 042, whose rule is now in docs/product.md#x)")).toEqual({
      kind: "Accepted",
      supersededBy: ["042"],
      supersededInPart: true,
    });
    // Replacing or amending another record says nothing about this one.
    expect(read("Accepted (amends decision 117's parsing and refresh)").supersededBy).toEqual([]);
    expect(read("Accepted (replaces the placement of issue 14)").supersededBy).toEqual([]);
  });

  it("reads a status that goes on over an indented line, and stops at the header's end", () => {
    const text =
      "# 099: Toasts\n\n- Date: 2026-11-26\n- Status: Accepted (replaces the placement of issue 14: top-centre on\n  wide screens)\n- Area: accessibility\n\n## Context\n\n- Status: not a header line\n";
    expect(Object.fromEntries(headerFields(text))).toEqual({
      Date: "2026-11-26",
      Status: "Accepted (replaces the placement of issue 14: top-centre on wide screens)",
      Area: "accessibility",
    });
  });

  it("refuses a header the index cannot read, naming the file", () => {
    expect(() => parseRecord("126-x.md", recordText("126", "X", "Accepted", "everything"))).toThrow(/126-x\.md: the area "everything"/);
    expect(() => parseRecord("126-x.md", recordText("126", "X", "Accepted").replace("- Area: tasks\n", ""))).toThrow(
      /126-x\.md: no "- Area/,
    );
    expect(() => parseRecord("126-x.md", recordText("126", "X", "accepted (issue 21)."))).toThrow(/126-x\.md: the status/);
    expect(() => parseRecord("126-x.md", "# 126: X\n\nStatus: accepted (issue 21).\n")).toThrow(/126-x\.md: no "- Date/);
    expect(() => parseRecord("127-x.md", recordText("126", "X", "Accepted"))).toThrow(/127-x\.md: the title's number is 126/);
  });
});
