import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readCatalog } from "../scripts/catalogs";

// docs/error-codes.md is the one list of the API's error codes (decision 109): this keeps it true
// to the catalog and to the code, so that it cannot drift.

const ROOT = path.resolve(import.meta.dirname, "..");
const english = readCatalog("en");

/** The catalog's English message as the list writes it (`\u005c`, Lingui's escape of a backslash, as a backslash). */
const listed = (id: string) => english[id]!.replaceAll("\\u005c", "\\");

/** The list's tables: id → [status or null, English], by section. */
function readList() {
  const text = fs.readFileSync(path.join(ROOT, "docs/error-codes.md"), "utf8");
  const codes = new Map<string, { status: string; english: string }>();
  const words = new Map<string, string>();
  for (const line of text.split("\n")) {
    const code = /^\| `([a-z]+\.[a-z0-9_]+)` \| ([\d, ]+) \| `(.*)` \|$/.exec(line);
    if (code) {
      expect(codes.has(code[1]!), `${code[1]} is listed twice`).toBe(false);
      codes.set(code[1]!, { status: code[2]!, english: code[3]!.replaceAll("\\|", "|") });
      continue;
    }
    const word = /^\| `([a-z]+\.[a-z0-9_]+)` \| `(.*)` \|$/.exec(line);
    if (word) words.set(word[1]!, word[2]!.replaceAll("\\|", "|"));
  }
  return { codes, words };
}

/** Every source file (tests aside) under `dir`. */
function sources(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The ids the code words an error from: every `messageRef("…")` of the server, the shared schemas and core/admin.ts. */
function idsSentAsCodes(): Set<string> {
  const ids = new Set<string>();
  const files = [...sources("server"), ...sources("core/schemas"), path.join(ROOT, "core/admin.ts")];
  for (const file of files) {
    for (const match of fs.readFileSync(file, "utf8").matchAll(/messageRef\(\s*"([a-z]+\.[a-z0-9_]+)"/g)) ids.add(match[1]!);
  }
  return ids;
}

describe("docs/error-codes.md (decision 109)", () => {
  const { codes, words } = readList();

  it("lists each code with a status and its English message as the catalog has it", () => {
    expect(codes.size).toBeGreaterThan(50);
    for (const [id, { status, english: text }] of codes) {
      expect(english[id], `${id} is not in the catalog`).toBeDefined();
      expect(text, id).toBe(listed(id));
      for (const code of status.split(", ")) expect(Number(code), id).toBeGreaterThanOrEqual(400);
    }
    for (const [id, text] of words) expect(text, id).toBe(listed(id));
  });

  it("lists every message the server or a shared schema refuses with", () => {
    // A roster import's line problems are words inside a 200 answer, listed as such (not as codes).
    const missing = [...idsSentAsCodes()].filter((id) => !codes.has(id) && !words.has(id)).sort();
    // Rows to add, once their status is filled in.
    expect(missing.map((id) => `| \`${id}\` | 400 | \`${english[id] ? listed(id) : "?"}\` |`).join("\n")).toBe("");
  });

  it("lists every message of the server's area, as a code or as words", () => {
    const unlisted = Object.keys(english)
      .filter((id) => id.startsWith("server.") && !codes.has(id) && !words.has(id))
      .sort();
    expect(unlisted).toEqual([]);
  });
});
