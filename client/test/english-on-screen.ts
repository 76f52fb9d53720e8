import { messages as enAdmin } from "@core/i18n/compiled/en/admin";
import { messages as enApp } from "@core/i18n/compiled/en/app";
import { messages as enAuth } from "@core/i18n/compiled/en/auth";
import { messages as enBadge } from "@core/i18n/compiled/en/badge";
import { messages as enCalendar } from "@core/i18n/compiled/en/calendar";
import { messages as enClasses } from "@core/i18n/compiled/en/classes";
import { messages as enGrades } from "@core/i18n/compiled/en/grades";
import { messages as enGuardians } from "@core/i18n/compiled/en/guardians";
import { messages as enTwoFactor } from "@core/i18n/compiled/en/twofactor";
import { messages as enPlan } from "@core/i18n/compiled/en/plan";
import { messages as enServer } from "@core/i18n/compiled/en/server";
import { messages as enSso } from "@core/i18n/compiled/en/sso";
import { messages as enStart } from "@core/i18n/compiled/en/start";
import { messages as enSync } from "@core/i18n/compiled/en/sync";
import { messages as esAdmin } from "@core/i18n/compiled/es/admin";
import { messages as esApp } from "@core/i18n/compiled/es/app";
import { messages as esAuth } from "@core/i18n/compiled/es/auth";
import { messages as esBadge } from "@core/i18n/compiled/es/badge";
import { messages as esCalendar } from "@core/i18n/compiled/es/calendar";
import { messages as esClasses } from "@core/i18n/compiled/es/classes";
import { messages as esGrades } from "@core/i18n/compiled/es/grades";
import { messages as esGuardians } from "@core/i18n/compiled/es/guardians";
import { messages as esTwoFactor } from "@core/i18n/compiled/es/twofactor";
import { messages as esPlan } from "@core/i18n/compiled/es/plan";
import { messages as esServer } from "@core/i18n/compiled/es/server";
import { messages as esSso } from "@core/i18n/compiled/es/sso";
import { messages as esStart } from "@core/i18n/compiled/es/start";
import { messages as esSync } from "@core/i18n/compiled/es/sync";
import { CATALOG_AREAS } from "@core/i18n/groups";

/**
 * Looking for English on a Spanish screen in jsdom, as e2e/spanish.ts does in the browser (issue 34,
 * decision 108): every text of the English catalog that reads differently in Spanish, cut at its
 * placeholders, each part a word of four letters or more or longer text. A Spanish screen shows
 * none of them (the names a test typed set aside), and no message id in place of its words.
 */
type Compiled = Record<string, unknown>;
const english = {
  ...enStart,
  ...enAuth,
  ...enApp,
  ...enAdmin,
  ...enSso,
  ...enBadge,
  ...enPlan,
  ...enCalendar,
  ...enClasses,
  ...enGrades,
  ...enGuardians,
  ...enTwoFactor,
  ...enServer,
  ...enSync,
} as Compiled;
const spanish = {
  ...esStart,
  ...esAuth,
  ...esApp,
  ...esAdmin,
  ...esSso,
  ...esBadge,
  ...esPlan,
  ...esCalendar,
  ...esClasses,
  ...esGrades,
  ...esGuardians,
  ...esTwoFactor,
  ...esServer,
  ...esSync,
} as Compiled;

/** A compiled message's texts between its placeholders (a plural's or select's options included). */
function texts(message: unknown): string[] {
  if (typeof message === "string") return [message];
  if (!Array.isArray(message)) return [];
  return message.flatMap((part: unknown) => {
    if (typeof part === "string") return [part];
    // A placeholder: [name], [name, format], or [name, "plural"|"select", { option: message }].
    const options = Array.isArray(part) ? (part[2] as unknown) : undefined;
    return options && typeof options === "object" ? Object.values(options as Record<string, unknown>).flatMap(texts) : [];
  });
}

const ENGLISH_TEXTS: string[] = [
  ...new Set(
    Object.entries(english)
      .filter(([id, message]) => JSON.stringify(message) !== JSON.stringify(spanish[id]))
      .flatMap(([, message]) => texts(message))
      .map((part) =>
        part
          .trim()
          .replace(/^[.,:;·!?()-]+|[.,:;·!?()-]+$/g, "")
          .trim(),
      )
      .filter((part) => part.length >= 4 && /[A-Za-z]{3}/.test(part)),
  ),
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** Each text as a whole word or words: not a part of a longer word. */
const ENGLISH_PATTERNS = ENGLISH_TEXTS.map((part) => ({ part, pattern: new RegExp(`(^|[^\\p{L}])${escape(part)}($|[^\\p{L}])`, "u") }));
const PRODUCT_NAMES = ["Student Hub", "Google Calendar", "Apple Calendar"];
const RAW_MESSAGE_ID = new RegExp(`\\b(?:${CATALOG_AREAS.join("|")})\\.[a-z0-9_]+\\b`, "g");

/** What a person reads or hears: the title, each text node apart, the names and hints of controls. */
function readableText(): string {
  const parts = [document.title];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement?.closest("script, style")) parts.push(node.textContent ?? "");
  }
  for (const element of document.body.querySelectorAll("*")) {
    for (const name of ["aria-label", "placeholder", "title", "alt", "aria-description", "aria-roledescription"]) {
      const value = element.getAttribute(name);
      if (value) parts.push(value);
    }
  }
  return parts.join("\n");
}

/** The English catalog texts on the screen, and any message id shown instead of its words. */
export function englishOnScreen(ignore: readonly string[] = []): string[] {
  let text = readableText();
  for (const typed of [...ignore, ...PRODUCT_NAMES]) text = text.split(typed).join(" ");
  const rawIds = [...text.matchAll(RAW_MESSAGE_ID)].map(([id]) => `an id, not words: ${id}`);
  return [...rawIds, ...ENGLISH_PATTERNS.filter(({ pattern }) => pattern.test(text)).map(({ part }) => part)];
}
