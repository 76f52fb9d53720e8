import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../core/i18n/locale";
import { CATALOG_AREAS } from "../core/i18n/groups";
import { translateInEnglish, translateInSpanish } from "../core/test/in-english";
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

/**
 * Values that are numbers a person reads, by name. Shown beside words that agree with them ("1
 * fallaron", "quedan 1 min"), such a value goes through an ICU plural (issue 49).
 */
const NUMBER_VALUES = new Set([
  "count",
  "minutes",
  "hours",
  "days",
  "failed",
  "sent",
  "total",
  "pending",
  "devices",
  "delivered",
  "shown",
  "readers",
]);

/**
 * Messages that show such a number plainly, and why no word there agrees with it. Keyed
 * "locale:id"; anything else with a plain number fails the check.
 */
const PLAIN_NUMBERS_ALLOWED: Record<string, string> = {
  "en:calendar.more": "+3 more",
  "es:calendar.more": "+3 más",
  "en:calendar.more_title": "3 more",
  "es:calendar.more_title": "3 más",
  "en:dashboard.more_classes": "+3 more",
  "es:dashboard.more_classes": "+3 más",
  "en:dashboard.overdue_count": "3 overdue: an adjective, the same for one",
  "en:dashboard.class_now": "min: an abbreviation, the same for one",
  "en:tasks.completed_count": "Completed (3): a count in brackets",
  "es:tasks.completed_count": "Completadas (3): a count in brackets",
  "en:admin.announcement_failed_count": "3 failed: a verb, the same for one",
  "en:admin.announcement_pending": "3 still sending",
  "en:tasks.duration_minutes": "min: unit symbols, the same for one",
  "en:tasks.duration_hours": "h: unit symbols, the same for one",
  "en:tasks.duration_hours_minutes": "h and min: unit symbols, the same for one",
  "es:tasks.duration_minutes": "min: unit symbols, the same for one",
  "es:tasks.duration_hours": "h: unit symbols, the same for one",
  "es:tasks.duration_hours_minutes": "h and min: unit symbols, the same for one",
  "en:server.rate_limited_ms": "ms: a unit symbol",
  "es:server.rate_limited_ms": "ms: a unit symbol",
  "en:server.summary_due_tomorrow": "3 due tomorrow",
  "es:server.summary_due_tomorrow": "3 para mañana",
  "en:server.summary_names_more": "A, B and 3 more",
  "es:server.summary_names_more": "A, B y 3 más",
  "en:admin.chooser_shortfall": "Showing 20 of …: the count after it is a plural",
  "es:admin.chooser_shortfall": "Se muestran 20 de …: the count after it is a plural",
  "en:server.summary_overdue": "3 overdue: an adjective, the same for one",
  "en:admin.announcement_progress": "Sent to 3 of …: the count after it is a plural",
  "es:admin.announcement_progress": "Enviado a 3 de …: the count after it is a plural",
  "en:server.push_partly_delivered": "Delivered to 3 of …; 1 could not be reached: the count between is a plural",
  "es:server.push_partly_delivered": "Se entregó en 3 de …; no se pudo llegar a 1: the count between is a plural",
};

/** The values a message shows as they are, outside any plural or select. */
function plainValues(message: string): string[] {
  return (compileMessage(message) as Part[])
    .filter((part): part is [string] => typeof part !== "string" && part.length === 1)
    .map(([name]) => name);
}

describe("the message catalogs (decision 108)", () => {
  const english = readCatalog("en");

  it.each(LOCALES)("%s has no id twice in one file (the PO reader keeps one and hides the other)", (locale) => {
    for (const area of CATALOG_AREAS) {
      const ids = [...fs.readFileSync(path.resolve("locales", locale, `${area}.po`), "utf8").matchAll(/^msgid "(.+)"$/gm)].map(
        (m) => m[1]!,
      );
      const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
      expect(twice, `locales/${locale}/${area}.po`).toEqual([]);
    }
  });

  it.each(LOCALES)("%s puts a number a person reads through a plural where words agree with it", (locale) => {
    const plain = Object.entries(readCatalog(locale)).flatMap(([id, message]) =>
      plainValues(message)
        .filter((name) => NUMBER_VALUES.has(name) && !(`${locale}:${id}` in PLAIN_NUMBERS_ALLOWED))
        .map((name) => `${id}: {${name}}`),
    );
    expect(plain).toEqual([]);
  });

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

  // The glossary's one word per thing (docs/glossary-es.md): the other words seen in the walk of issue 49.
  it.each([
    [/añad/i, "agregar (add)"],
    [/vencid/i, "expirada (session expired)"],
    // A field's values are the API's, not words: "audience debe ser all, students o admins".
    [/\badmins?\b(?<!students o admins)/i, "administrador (admin)"],
    [
      /intentar de nuevo|volver a intentar(?!lo)|inténtalo de nuevo/i,
      "Reintentar on a button, “vuelve a intentarlo” in a sentence (try again)",
    ],
  ] as const)("Spanish uses the glossary's word, not %s", (variant, word) => {
    const found = Object.entries(readCatalog("es")).filter(([, text]) => variant.test(text));
    expect(found, `use ${word}`).toEqual([]);
  });

  it("reads one as one (issue 49: “1 fallaron”, “quedan 1 min”)", () => {
    expect(translateInSpanish("admin.announcement_failed_count", { failed: 1 })).toBe("1 falló");
    expect(translateInSpanish("admin.announcement_failed_count", { failed: 2 })).toBe("2 fallaron");
    expect(translateInSpanish("dashboard.class_now", { minutes: 1 })).toBe("Ahora · queda 1 min");
    expect(translateInSpanish("dashboard.overdue_count", { count: 1 })).toBe("1 atrasada");
    expect(translateInSpanish("admin.announcement_pending", { pending: 1 })).toBe("1 aún se está enviando");
    expect(translateInEnglish("admin.announcement_progress", { sent: 1, total: 1 })).toBe("Sent to 1 of 1 device");
    expect(translateInEnglish("server.mail_reset_expiry", { minutes: 1 })).toMatch(/expires in 1 minute\./);
    // The article agrees with the hour: "hasta la 1:05", "hasta las 3:30" (issue 49).
    expect(translateInSpanish("dashboard.class_until", { period: "3.º periodo", time: "1:05 p. m.", hour: 1 })).toBe(
      "3.º periodo · hasta la 1:05 p. m.",
    );
    expect(translateInSpanish("dashboard.class_until", { period: "3.º periodo", time: "3:30 p. m.", hour: 3 })).toBe(
      "3.º periodo · hasta las 3:30 p. m.",
    );
    expect(translateInEnglish("dashboard.class_until", { period: "3rd period", time: "1:05 PM", hour: 1 })).toBe(
      "3rd period · until 1:05 PM",
    );
  });
});
