// Reads the PO catalogs as the app's messages: `id → message`, every area of one language merged
// (docs/decisions/108). For scripts and tests; the app loads the compiled catalogs.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { formatter } from "@lingui/format-po";
import { CATALOG_AREAS } from "../core/i18n/groups.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const po = formatter({ explicitIdAsDefault: true, origins: false });

/** One area's messages of one language: `id → translation` (empty when not translated yet). */
export function readArea(locale: string, area: string): Record<string, string> {
  const file = path.join(ROOT, "locales", locale, `${area}.po`);
  const catalog = po.parse(fs.readFileSync(file, "utf8"), { locale, sourceLocale: "en", filename: file }) as Record<
    string,
    { translation?: string }
  >;
  return Object.fromEntries(Object.entries(catalog).map(([id, message]) => [id, message.translation ?? ""]));
}

/** Every area of one language, merged; an id found in two areas is an error. */
export function readCatalog(locale: string): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const area of CATALOG_AREAS) {
    for (const [id, message] of Object.entries(readArea(locale, area))) {
      if (id in merged) throw new Error(`${id} is in two areas of locales/${locale}`);
      merged[id] = message;
    }
  }
  return merged;
}
