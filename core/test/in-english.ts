import { messages as start } from "../i18n/compiled/en/start";
import { messages as app } from "../i18n/compiled/en/app";
import { messages as admin } from "../i18n/compiled/en/admin";
import { messages as server } from "../i18n/compiled/en/server";
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
const messages: Readonly<Record<string, unknown>> = { ...start, ...app, ...admin, ...server };
const english: I18n = {
  messages,
  _(id, values = {}) {
    return word(id, messages[id] as string | Part[], values);
  },
};

/** A schema's message reference worded in English, as the server and the form kit word it (decision 108). */
export function inEnglish(text: string | undefined): string | undefined {
  return text === undefined ? undefined : wordMessageRef(english, text);
}

/** A translator wording the English catalog, for tests of core code that takes one (decision 108). */
export const translateInEnglish: Translate = translatorFor(english);
