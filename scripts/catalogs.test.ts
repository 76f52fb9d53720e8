import { spawnSync } from "node:child_process";
import path from "node:path";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../core/i18n/locale";
import { CATALOG_AREAS } from "../core/i18n/groups";
import { readArea, readCatalog } from "./catalogs";

type Part = string | [string, string?, Record<string, unknown>?];

/** The placeholder names of a message: a translation must take the same values as the English. */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  const visit = (compiled: unknown) => {
    if (!Array.isArray(compiled)) return;
    for (const part of compiled as Part[]) {
      if (typeof part === "string") continue;
      names.add(part[0]);
      for (const branch of Object.values(part[2] ?? {})) visit(branch);
    }
  };
  visit(compileMessage(message));
  return [...names].sort();
}

describe("the message catalogs (decision 108)", () => {
  const english = readCatalog("en");

  it("has messages, each with an id of the form area.name", () => {
    expect(Object.keys(english).length).toBeGreaterThan(50);
    for (const id of Object.keys(english)) expect(id).toMatch(/^[a-z]+(\.[a-z0-9_]+)+$/);
  });

  it.each(LOCALES.filter((l) => l !== "en"))("%s has every English id, translated, and no other", (locale) => {
    const catalog = readCatalog(locale);
    expect(Object.keys(catalog).sort()).toEqual(Object.keys(english).sort());
    for (const [id, translation] of Object.entries(catalog)) expect(translation, id).not.toBe("");
  });

  it.each(LOCALES.filter((l) => l !== "en"))("%s takes the same values in every message as English", (locale) => {
    const catalog = readCatalog(locale);
    for (const [id, message] of Object.entries(english)) expect(placeholders(catalog[id]!), id).toEqual(placeholders(message));
  });

  it("keeps each id in the same area in every language", () => {
    for (const area of CATALOG_AREAS) {
      const ids = Object.keys(readArea("en", area)).sort();
      for (const locale of LOCALES) expect(Object.keys(readArea(locale, area)).sort(), `${locale}/${area}`).toEqual(ids);
    }
  });

  it("is compiled as the catalogs say (npm run messages)", () => {
    const ids = spawnSync(process.execPath, ["--import", "tsx", path.resolve("scripts/compile-messages.ts"), "--check"], {
      encoding: "utf8",
    });
    expect(ids.stderr).toBe("");
    expect(ids.status).toBe(0);
  });
});
