import { type Messages, setupI18n } from "@lingui/core";
import { messages as englishAdmin } from "@core/i18n/compiled/en/admin";
import { messages as englishApp } from "@core/i18n/compiled/en/app";
import { messages as englishAuth } from "@core/i18n/compiled/en/auth";
import { messages as englishSso } from "@core/i18n/compiled/en/sso";
import { messages as englishStart } from "@core/i18n/compiled/en/start";
import { messages as spanishAdmin } from "@core/i18n/compiled/es/admin";
import { messages as spanishApp } from "@core/i18n/compiled/es/app";
import { messages as spanishAuth } from "@core/i18n/compiled/es/auth";
import { messages as spanishSso } from "@core/i18n/compiled/es/sso";
import { messages as spanishStart } from "@core/i18n/compiled/es/start";
import type { Locale } from "@core/i18n/locale";
import { type Translate, translatorFor, wordMessageRef } from "@core/i18n/translate";

const MESSAGES: Record<Locale, Messages> = {
  en: { ...englishStart, ...englishAuth, ...englishApp, ...englishAdmin, ...englishSso } as Messages,
  es: { ...spanishStart, ...spanishAuth, ...spanishApp, ...spanishAdmin, ...spanishSso } as Messages,
};

/**
 * The app's words in one language, every group loaded, as Lingui words them in the browser: for
 * tests of code that takes a translator (decision 108).
 */
export function wordsIn(locale: Locale): Translate {
  return translatorFor(setupI18n({ locale, messages: { [locale]: MESSAGES[locale] } }));
}

/** A message reference (a schema's refusal) worded in one language, as the form kit and the server word it. */
export function refIn(locale: Locale): (text: string) => string {
  const i18n = setupI18n({ locale, messages: { [locale]: MESSAGES[locale] } });
  return (text) => wordMessageRef(i18n, text);
}
