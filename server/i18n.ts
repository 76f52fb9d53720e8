import { type I18n, type Messages, setupI18n } from "@lingui/core";
import type { FastifyRequest } from "fastify";
import { messages as englishAdmin } from "../core/i18n/compiled/en/admin";
import { messages as englishApp } from "../core/i18n/compiled/en/app";
import { messages as englishAuth } from "../core/i18n/compiled/en/auth";
import { messages as englishCalendar } from "../core/i18n/compiled/en/calendar";
import { messages as englishClasses } from "../core/i18n/compiled/en/classes";
import { messages as englishPlan } from "../core/i18n/compiled/en/plan";
import { messages as englishCaldav } from "../core/i18n/compiled/en/caldav";
import { messages as englishGrades } from "../core/i18n/compiled/en/grades";
import { messages as englishGuardians } from "../core/i18n/compiled/en/guardians";
import { messages as englishTwoFactor } from "../core/i18n/compiled/en/twofactor";
import { messages as englishServer } from "../core/i18n/compiled/en/server";
import { messages as englishStart } from "../core/i18n/compiled/en/start";
import { messages as spanishAdmin } from "../core/i18n/compiled/es/admin";
import { messages as spanishApp } from "../core/i18n/compiled/es/app";
import { messages as spanishAuth } from "../core/i18n/compiled/es/auth";
import { messages as spanishCalendar } from "../core/i18n/compiled/es/calendar";
import { messages as spanishClasses } from "../core/i18n/compiled/es/classes";
import { messages as spanishPlan } from "../core/i18n/compiled/es/plan";
import { messages as spanishCaldav } from "../core/i18n/compiled/es/caldav";
import { messages as spanishGrades } from "../core/i18n/compiled/es/grades";
import { messages as spanishGuardians } from "../core/i18n/compiled/es/guardians";
import { messages as spanishTwoFactor } from "../core/i18n/compiled/es/twofactor";
import { messages as spanishServer } from "../core/i18n/compiled/es/server";
import { messages as spanishStart } from "../core/i18n/compiled/es/start";
import { DEFAULT_LOCALE, isLocale, type Locale, localeFromAcceptLanguage } from "../core/i18n/locale";
import { type MessageId, messageRefId, type Translate, wordMessageRef } from "../core/i18n/translate";

/**
 * The server's words (decision 108): errors, pushes, the calendar feed. One Lingui instance per
 * language, each with its own catalog active, so that concurrent requests in different languages
 * never switch a shared one.
 */
const INSTANCES: Record<Locale, I18n> = {
  en: setupI18n({
    locale: "en",
    messages: {
      en: {
        ...englishStart,
        ...englishAuth,
        ...englishApp,
        ...englishCalendar,
        ...englishClasses,
        ...englishAdmin,
        ...englishPlan,
        ...englishCaldav,
        ...englishGrades,
        ...englishGuardians,
        ...englishTwoFactor,
        ...englishServer,
      } as Messages,
    },
  }),
  es: setupI18n({
    locale: "es",
    messages: {
      es: {
        ...spanishStart,
        ...spanishAuth,
        ...spanishApp,
        ...spanishCalendar,
        ...spanishClasses,
        ...spanishAdmin,
        ...spanishPlan,
        ...spanishCaldav,
        ...spanishGrades,
        ...spanishGuardians,
        ...spanishTwoFactor,
        ...spanishServer,
      } as Messages,
    },
  }),
};

export function i18nFor(locale: Locale): I18n {
  return INSTANCES[locale];
}

/**
 * Lingui decodes `\uXXXX` and `\xXX` in a worded message, values included: a student's title
 * "Read \u00e9" would lose its backslash. A value's backslash before such a sequence is written as
 * the escape of a backslash (\u005c), which decodes back to itself.
 */
function literal(value: unknown): unknown {
  return typeof value === "string" ? value.replace(/\\(?=u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2})/g, "\\u005c") : value;
}

/** Words messages in one language: `translator("es")("auth.password_required")`; text values (a title) come out as given. */
export function translator(locale: Locale): Translate {
  const i18n = INSTANCES[locale];
  return (id, ...values) => {
    const given = values[0] as Record<string, unknown> | undefined;
    return i18n._(id, given && Object.fromEntries(Object.entries(given).map(([name, value]) => [name, literal(value)])));
  };
}

/** The language of a request's answer: the signed-in account's, else Accept-Language (which the app sets to its own), else English. */
export function requestLocale(request: Pick<FastifyRequest, "headers"> & { user?: FastifyRequest["user"] }): Locale {
  const accountLocale = request.user?.locale;
  if (isLocale(accountLocale)) return accountLocale;
  return localeFromAcceptLanguage(request.headers["accept-language"]) ?? DEFAULT_LOCALE;
}

/** A user's language as stored (users.locale), English for anything else: the language of their pushes and feed. */
export function userLocale(locale: string | null | undefined): Locale {
  return isLocale(locale) ? locale : DEFAULT_LOCALE;
}

/** What an error answer says, in a language: the words, and the message's id as `code` with its values as `params`. */
export interface WordedError {
  message: string;
  code?: MessageId;
  params?: Record<string, unknown>;
  errors?: Record<string, string[]>;
}

/**
 * An error's message and field messages, worded (decision 108). A message reference
 * (`auth.password_required`, core/i18n/translate.ts) becomes its words and gives the answer its
 * `code`; any other text is sent as it is, without a code.
 */
export function wordError(locale: Locale, message: string, errors?: Record<string, string[]>): WordedError {
  const i18n = INSTANCES[locale];
  const code = messageRefId(i18n, message);
  const space = message.indexOf(" ");
  let params: Record<string, unknown> | undefined;
  if (code && space > 0) {
    try {
      params = JSON.parse(message.slice(space + 1)) as Record<string, unknown>;
    } catch {
      params = undefined;
    }
  }
  return {
    message: wordMessageRef(i18n, message),
    ...(code ? { code } : {}),
    ...(params ? { params } : {}),
    ...(errors
      ? { errors: Object.fromEntries(Object.entries(errors).map(([field, list]) => [field, list.map((m) => wordMessageRef(i18n, m))])) }
      : {}),
  };
}
