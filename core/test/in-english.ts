import { messages as start } from "../i18n/compiled/en/start";
import { messages as app } from "../i18n/compiled/en/app";
import { messages as admin } from "../i18n/compiled/en/admin";
import { messages as server } from "../i18n/compiled/en/server";
import { type I18n, wordMessageRef } from "../i18n/translate";

type Part = string | [name: string, format?: string];

/**
 * The English catalog as a Lingui instance would word it, for core's tests (core imports no
 * package but zod): plain text and simple values, which is all a validation message uses; a
 * plural or a select is the app's own runtime's job (decision 108).
 */
const messages: Readonly<Record<string, unknown>> = { ...start, ...app, ...admin, ...server };
const english: I18n = {
  messages,
  _(id, values = {}) {
    const compiled = messages[id] as string | Part[];
    if (typeof compiled === "string") return compiled;
    return compiled
      .map((part) => {
        if (typeof part === "string") return part;
        if (part[1]) throw new Error(`${id}: in-english words no ${part[1]}`);
        return String(values[part[0]]);
      })
      .join("");
  },
};

/** A schema's message reference worded in English, as the server and the form kit word it (decision 108). */
export function inEnglish(text: string | undefined): string | undefined {
  return text === undefined ? undefined : wordMessageRef(english, text);
}
