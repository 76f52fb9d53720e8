import { i18n, type Messages } from "@lingui/core";
import { useSyncExternalStore } from "react";
import { messages as englishStart } from "@core/i18n/compiled/en/start";
import type { MessageGroup } from "@core/i18n/groups";
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, type Locale, localeFromLanguageTags } from "@core/i18n/locale";
import { type Translate, translatorFor, wordMessageRef } from "@core/i18n/translate";

/**
 * The app's words (docs/decisions/108), in groups (core/i18n/groups.ts): the start-up and
 * validation words in English are part of the app; every other group, and every group of another
 * language, downloads when a screen that shows it loads, before it renders.
 */
export type ClientMessageGroup = Exclude<MessageGroup, "server">;
type Catalog = () => Promise<{ messages: Readonly<Record<string, unknown>> }>;

const CATALOGS: Record<Locale, Partial<Record<ClientMessageGroup, Catalog>>> = {
  en: {
    app: () => import("@core/i18n/compiled/en/app"),
    calendar: () => import("@core/i18n/compiled/en/calendar"),
    classes: () => import("@core/i18n/compiled/en/classes"),
    admin: () => import("@core/i18n/compiled/en/admin"),
    auth: () => import("@core/i18n/compiled/en/auth"),
    sso: () => import("@core/i18n/compiled/en/sso"),
  },
  es: {
    start: () => import("@core/i18n/compiled/es/start"),
    app: () => import("@core/i18n/compiled/es/app"),
    calendar: () => import("@core/i18n/compiled/es/calendar"),
    classes: () => import("@core/i18n/compiled/es/classes"),
    admin: () => import("@core/i18n/compiled/es/admin"),
    auth: () => import("@core/i18n/compiled/es/auth"),
    sso: () => import("@core/i18n/compiled/es/sso"),
  },
};

i18n.load(DEFAULT_LOCALE, englishStart as Messages);
i18n.activate(DEFAULT_LOCALE);

const loaded: Record<Locale, Set<ClientMessageGroup>> = { en: new Set(["start"]), es: new Set() };
/** The groups the screens shown so far read: a change of language loads them all first. */
const inUse = new Set<ClientMessageGroup>(["start"]);

async function loadGroups(locale: Locale, groups: Iterable<ClientMessageGroup>): Promise<void> {
  const missing = [...groups].filter((group) => !loaded[locale].has(group));
  await Promise.all(
    missing.map(async (group) => {
      const { messages } = await CATALOGS[locale][group]!();
      i18n.load(locale, messages as Messages);
      loaded[locale].add(group);
    }),
  );
}

/** Downloads the words of a screen's groups in the active language (a screen's chunk asks for them beside its own code). */
export function loadWords(...groups: ClientMessageGroup[]): Promise<void> {
  for (const group of groups) inUse.add(group);
  return loadGroups(i18n.locale as Locale, groups);
}

/** A lazily loaded part (a tab, a dialog) that arrives with the words it shows: `withWords(import("…"), "calendar")`. */
export function withWords<T>(module: Promise<T>, ...groups: ClientMessageGroup[]): Promise<T> {
  return Promise.all([module, loadWords(...groups)]).then(([loaded]) => loaded);
}

/** A message in the active language, for code outside a component (toasts, validation, titles). */
export const t: Translate = translatorFor(i18n);

/** Counts the catalog's changes (a language activated, a group of words loaded): what a component's words depend on. */
let wordsVersion = 0;
i18n.on("change", () => {
  wordsVersion += 1;
});
const subscribeToWords = (onChange: () => void) => i18n.on("change", onChange);
const currentWordsVersion = () => wordsVersion;

/** The translator for a component: the component renders again when the language or its words change. */
export function useT(): Translate {
  // The same snapshot on the server: the landing page is rendered at build time (scripts/prerender-landing.ts).
  useSyncExternalStore(subscribeToWords, currentWordsVersion, currentWordsVersion);
  return t;
}

/** The active language, for a component (formatting dates and times in it); it renders again when it changes. */
export function useLocale(): Locale {
  useSyncExternalStore(subscribeToWords, currentWordsVersion, currentWordsVersion);
  return i18n.locale as Locale;
}

/** The active language, outside a component (the API client's Accept-Language). */
export function activeLocale(): Locale {
  return i18n.locale as Locale;
}

/**
 * A validation message (a zod issue's) is a message reference (core/i18n/translate.ts): worded here
 * in the active language. Any other text is shown as it is: a server's answer is already worded.
 */
export function wordMessage(text: string): string {
  return wordMessageRef(i18n, text);
}

/** Switches the app's language, downloading first the words of every screen shown so far; <html lang> follows. */
export async function activateLocale(locale: Locale): Promise<void> {
  // A screen that loaded meanwhile asked for its words in the language being left: its groups too.
  while ([...inUse].some((group) => !loaded[locale].has(group))) await loadGroups(locale, inUse);
  i18n.activate(locale);
  document.documentElement.lang = locale;
}

function cookieLocale(): Locale | null {
  const match = document.cookie.match(new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]*)`));
  return match && isLocale(match[1]) ? match[1] : null;
}

/**
 * The language this device starts in: the one last chosen or used on it (a visitor's choice, or
 * the signed-in account's), else the browser's first language we speak, else English.
 */
export function deviceLocale(): Locale {
  return cookieLocale() ?? localeFromLanguageTags(navigator.languages ?? [navigator.language]) ?? DEFAULT_LOCALE;
}

/**
 * The signed-in account's language, kept on this device for its next start only where the device
 * would otherwise start in another: no cookie is written for an account that reads its browser's
 * language.
 */
export function rememberAccountLocale(locale: Locale): void {
  if (deviceLocale() !== locale) rememberLocale(locale);
}

/** Keeps a language on this device for its next start, where the server reads it too (the landing page, errors before sign-in). */
export function rememberLocale(locale: Locale): void {
  const secure = location.protocol === "https:" ? "; secure" : "";
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${60 * 60 * 24 * 400}; samesite=lax${secure}`;
}
