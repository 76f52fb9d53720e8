// npm run messages: compiles the PO catalogs (locales/<language>/<area>.po) into the modules the app
// loads, one per language and group of areas (core/i18n/compiled/<language>/<group>.ts), and writes
// core/i18n/message-ids.ts, the type of every message id and of the values each one takes, so that
// `t("…")` with an unknown id or a missing value is a type error (docs/decisions/108). Messages are
// compiled by Lingui's own compiler, as `lingui compile` does; npm test runs `lingui compile
// --strict` too, which fails on a missing translation. With --check this writes nothing and fails
// when a file is not what the catalogs say.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { LOCALES } from "../core/i18n/locale.ts";
import { MESSAGE_GROUPS } from "../core/i18n/groups.ts";
import { readArea, readCatalog } from "./catalogs.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const COMPILED_DIR = path.join(ROOT, "core/i18n/compiled");
const IDS_FILE = path.join(ROOT, "core/i18n/message-ids.ts");
const APP_MADE_NAMES_FILE = path.join(COMPILED_DIR, "app-made-names.ts");

/**
 * Names the app makes and stores in the writer's language (an alternate's default "2 hours later"):
 * each reader reads them in theirs (core/school-day.ts, alternateName). Words of the `app` group, so
 * every signed-in screen has them.
 */
const APP_MADE_NAME_IDS = ["admin.two_hours_later"] as const;

/** Each app-made name, in every language, to its message id: how a stored name is recognised. */
function appMadeNamesModule(): string {
  const names: Record<string, string> = {};
  for (const id of APP_MADE_NAME_IDS) {
    for (const locale of LOCALES) {
      const text = readCatalog(locale)[id];
      if (!text) throw new Error(`${id} has no ${locale} text`);
      names[text] = id;
    }
  }
  return [
    "// Written by scripts/compile-messages.ts from locales/*/*.po (npm run messages): do not edit.",
    'import type { PlainMessageId } from "../translate";',
    "",
    "/** Each name the app makes, in every language, to its message id (core/school-day.ts, alternateName). */",
    `export const APP_MADE_NAMES: Readonly<Record<string, PlainMessageId>> = ${JSON.stringify(names)};`,
    "",
  ].join("\n");
}

type Compiled = string | CompiledPart[];
type CompiledPart = string | [string, string?, Record<string, Compiled>?];

/** The placeholders of one message and the type each takes: a plural counts, anything else is shown as given. */
function placeholdersOf(compiled: Compiled, into = new Map<string, string>()): Map<string, string> {
  if (!Array.isArray(compiled)) return into; // text, or a plural's offset
  for (const part of compiled) {
    if (typeof part === "string") continue;
    const [name, format, options] = part;
    const type = format === "plural" || format === "selectordinal" || format === "number" ? "number" : "string | number";
    if (!into.has(name) || type === "number") into.set(name, type);
    for (const branch of Object.values(options ?? {})) placeholdersOf(branch, into);
  }
  return into;
}

function messageIdsModule(messages: Record<string, string>): string {
  const lines = Object.keys(messages)
    .sort()
    .map((id) => {
      const placeholders = placeholdersOf(compileMessage(messages[id]!) as Compiled);
      const values = placeholders.size
        ? `{ ${[...placeholders].map(([name, type]) => `${JSON.stringify(name)}: ${type}`).join("; ")} }`
        : "undefined";
      return `  ${JSON.stringify(id)}: ${values};`;
    });
  return [
    "// Written by scripts/compile-messages.ts from locales/en/*.po (npm run messages): do not edit.",
    "",
    "/** Every message id, with the values its message takes (undefined: none). */",
    "export interface MessageValues {",
    ...lines,
    "}",
    "",
    "export type MessageId = keyof MessageValues;",
    "",
  ].join("\n");
}

/** One group's messages of one language, compiled (JSON.parse of a string: the fastest literal for a browser to read). */
function groupModule(locale: string, areas: readonly string[]): string {
  const compiled: Record<string, unknown> = {};
  for (const area of areas) {
    for (const [id, message] of Object.entries(readArea(locale, area))) compiled[id] = compileMessage(message);
  }
  const sorted = Object.fromEntries(Object.entries(compiled).sort(([a], [b]) => (a < b ? -1 : 1)));
  return [
    `// Written by scripts/compile-messages.ts from locales/${locale}/{${areas.join(",")}}.po (npm run messages): do not edit.`,
    `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(sorted))}) as Readonly<Record<string, unknown>>;`,
    "",
  ].join("\n");
}

/** Every file this writes, by path. */
function expectedFiles(): Map<string, string> {
  readCatalog("en"); // an id in two areas fails here
  const files = new Map<string, string>([
    [IDS_FILE, messageIdsModule(readCatalog("en"))],
    [APP_MADE_NAMES_FILE, appMadeNamesModule()],
  ]);
  for (const locale of LOCALES) {
    for (const [group, areas] of Object.entries(MESSAGE_GROUPS)) {
      files.set(path.join(COMPILED_DIR, locale, `${group}.ts`), groupModule(locale, areas));
    }
  }
  return files;
}

const files = expectedFiles();
if (process.argv.includes("--check")) {
  const stale = [...files].filter(([file, content]) => !fs.existsSync(file) || fs.readFileSync(file, "utf8") !== content);
  if (stale.length) {
    console.error(`Not what locales/ says: ${stale.map(([file]) => path.relative(ROOT, file)).join(", ")}. Run \`npm run messages\`.`);
    process.exit(1);
  }
} else {
  for (const [file, content] of files) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
}
