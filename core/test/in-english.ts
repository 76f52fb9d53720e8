import { messages as start } from "../i18n/compiled/en/start";
import { messages as app } from "../i18n/compiled/en/app";
import { messages as auth } from "../i18n/compiled/en/auth";
import { messages as calendar } from "../i18n/compiled/en/calendar";
import { messages as classes } from "../i18n/compiled/en/classes";
import { messages as admin } from "../i18n/compiled/en/admin";
import { messages as plan } from "../i18n/compiled/en/plan";
import { messages as server } from "../i18n/compiled/en/server";
import { messages as spanishStart } from "../i18n/compiled/es/start";
import { messages as spanishApp } from "../i18n/compiled/es/app";
import { messages as spanishAuth } from "../i18n/compiled/es/auth";
import { messages as spanishCalendar } from "../i18n/compiled/es/calendar";
import { messages as spanishClasses } from "../i18n/compiled/es/classes";
import { messages as spanishAdmin } from "../i18n/compiled/es/admin";
import { messages as spanishPlan } from "../i18n/compiled/es/plan";
import { messages as spanishServer } from "../i18n/compiled/es/server";
import { type I18n, type Translate, translatorFor, wordMessageRef } from "../i18n/translate";

type Part = string | [name: string, format?: string, branches?: Record<string, Part[]>];

/** Words compiled parts: text, values, selects, and English plurals (one for 1, other otherwise). */
function word(id: string, parts: string | Part[], values: Record<string, unknown>, count?: number): string {
  if (typeof parts === "string") return parts;
  return parts
    .map((part) => {
      if (typeof part === "string") return part === "#" && count !== undefined ? String(count) : part;
      const [name, format, branches] = part;
      if (!format) return String(values[name]);
      if (format === "select" && branches) return word(id, branches[String(values[name])] ?? branches.other!, values, count);
      if (format !== "plural" || !branches) throw new Error(`${id}: in-english words no ${format}`);
      const n = Number(values[name]);
      return word(id, branches[n === 1 ? "one" : "other"] ?? branches.other!, values, n);
    })
    .join("");
}

/**
 * The English catalog as a Lingui instance would word it, for tests that import no Lingui (core
 * imports no package but zod): text, values and English plurals, all a refusal uses (decision 108).
 */
function wordsOf(messages: Readonly<Record<string, unknown>>): I18n {
  return {
    messages,
    _(id, values = {}) {
      return word(id, messages[id] as string | Part[], values);
    },
  };
}
const english = wordsOf({ ...start, ...auth, ...app, ...calendar, ...classes, ...admin, ...plan, ...server });

/** `t` in English, for core code that takes a translator (due dates, greetings). */
export const translateInEnglish: Translate = translatorFor(english);

/** `t` in Spanish (whose plurals are English's: one for 1, other otherwise). */
export const translateInSpanish: Translate = translatorFor(
  wordsOf({
    ...spanishStart,
    ...spanishAuth,
    ...spanishApp,
    ...spanishCalendar,
    ...spanishClasses,
    ...spanishAdmin,
    ...spanishPlan,
    ...spanishServer,
  }),
);

/** A schema's message reference worded in English, as the server and the form kit word it (decision 108). */
export function inEnglish(text: string | undefined): string | undefined {
  return text === undefined ? undefined : wordMessageRef(english, text);
}
