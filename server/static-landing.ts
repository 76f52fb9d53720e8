import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { DEFAULT_LOCALE, isLocale, type Locale, LOCALES, localeFromAcceptLanguage } from "../core/i18n/locale";
import { DEFAULT_LOGO_SRC, DEFAULT_SOCIAL_PROFILE_URL, LANDING_PLACEHOLDERS, staticLandingFile } from "../core/static-landing";

export interface LandingSettings {
  logoUrl: string | null;
  instagramUrl: string | null;
}

/** The page in each encoding a browser may accept, and the language it is in. */
export interface LandingVariants {
  locale: Locale;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** Settings are the admins' input: only an http(s) URL goes into the page, written as an attribute value. */
function attributeUrl(value: string | null, fallback: string): string {
  let url = fallback;
  if (value) {
    try {
      const parsed = new URL(value);
      if (parsed.protocol === "https:" || parsed.protocol === "http:") url = parsed.href;
    } catch {
      /* not a URL: the fallback */
    }
  }
  return url.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export interface StaticLanding {
  /** The page in `locale` (English when the build wrote none in it), with the school's settings filled in. */
  variants(settings: LandingSettings, locale: Locale): LandingVariants;
}

/**
 * The landing page a visitor gets at `/` (docs/decisions/068), in each language the build wrote it
 * in (decision 108): the build's prerendered markup with the school's logo and social profile
 * filled in, compressed once per language and settings (they change rarely; each language's last
 * variant is kept). Null when the build has no English landing page: the app serves `/`.
 */
export function loadStaticLanding(clientDir: string): StaticLanding | null {
  const templates = new Map<Locale, string>();
  for (const locale of LOCALES) {
    const file = path.join(clientDir, staticLandingFile(locale));
    if (fs.existsSync(file)) templates.set(locale, fs.readFileSync(file, "utf8"));
  }
  if (!templates.has(DEFAULT_LOCALE)) return null;
  const last = new Map<Locale, { key: string; variants: LandingVariants }>();
  return {
    variants(settings, wanted) {
      const locale = templates.has(wanted) ? wanted : DEFAULT_LOCALE;
      const template = templates.get(locale)!;
      const logo = attributeUrl(settings.logoUrl, DEFAULT_LOGO_SRC);
      const social = attributeUrl(settings.instagramUrl, DEFAULT_SOCIAL_PROFILE_URL);
      const key = `${logo}\n${social}`;
      const kept = last.get(locale);
      if (kept?.key === key) return kept.variants;
      const html = Buffer.from(template.replaceAll(LANDING_PLACEHOLDERS.logoUrl, logo).replaceAll(LANDING_PLACEHOLDERS.socialUrl, social));
      const variants: LandingVariants = {
        locale,
        identity: html,
        br: zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: zlib.gzipSync(html, { level: 9 }),
      };
      last.set(locale, { key, variants });
      return variants;
    },
  };
}

/**
 * The language of a visitor's landing page (decision 108): the one chosen on this device (the
 * language cookie: a visitor's choice, or the last account's language here), else the browser's
 * (Accept-Language), else English.
 */
export function landingLocale(cookie: string | undefined, acceptLanguage: string | undefined): Locale {
  return isLocale(cookie) ? cookie : (localeFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LOCALE);
}

/** How long the language cookie is kept: as long as a browser keeps one (400 days), as the app's own (client/lib/i18n.ts). */
export const LOCALE_COOKIE_MAX_AGE = 60 * 60 * 24 * 400;
