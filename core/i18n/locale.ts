/**
 * The languages Student Hub speaks and how one is chosen (docs/decisions/108): the account's
 * choice, else the device's (a visitor's choice, kept in a cookie the server reads too), else the
 * browser's languages; English when none of them is one we speak.
 */
export const LOCALES = ["en", "es"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** Each language in its own words, as a language menu names them: never translated. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", es: "Español" };

/**
 * The Intl locale dates, times and numbers are written in: US English, and Spanish whose 12-hour
 * times read "9:00 a. m." (es-US and es-MX write "a.m."). Times are 12-hour in both (core/format.ts);
 * the school's time zone is a separate setting.
 */
export const INTL_LOCALES: Record<Locale, string> = { en: "en-US", es: "es" };

/** A visitor's choice on this device, read by the server for the pages and errors it words. */
export const LOCALE_COOKIE = "student-hub-locale";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** "es-MX" → "es", "EN" → "en", "fr" → null. */
export function supportedLocaleOf(tag: string): Locale | null {
  const language = tag.trim().split(/[-_]/)[0]?.toLowerCase();
  return isLocale(language) ? language : null;
}

/** The first of the browser's languages we speak (navigator.languages, in its order of preference), else null. */
export function localeFromLanguageTags(tags: readonly string[]): Locale | null {
  for (const tag of tags) {
    const locale = supportedLocaleOf(tag);
    if (locale) return locale;
  }
  return null;
}

/** The Accept-Language header's preferred language we speak, by its q-values; null without one. */
export function localeFromAcceptLanguage(header: string | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter(({ weight }) => weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return localeFromLanguageTags(ranked.map(({ tag }) => tag));
}
