import { DEFAULT_LOCALE, type Locale } from "./i18n/locale";

/**
 * The landing page is plain HTML rendered at build time (docs/decisions/068); the school's settings
 * change at run time, so the markup carries these placeholders and the server fills them in.
 */
export const LANDING_PLACEHOLDERS = { logoUrl: "__STUDENT_HUB_LOGO_URL__", socialUrl: "__STUDENT_HUB_SOCIAL_URL__" } as const;

/** The bundled logo, shown when the admins have set no logoUrl or theirs fails to load. */
export const DEFAULT_LOGO_SRC = "/logo.svg";

/** Used when the admins have not set a social profile URL (docs/product.md#landing-page). */
export const DEFAULT_SOCIAL_PROFILE_URL = "https://www.instagram.com/";

/**
 * Where the build writes the landing page in a language, under the client directory (a dot
 * directory: never served as a file): English in landing.html, another language in landing.<language>.html.
 */
export function staticLandingFile(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? ".prerender/landing.html" : `.prerender/landing.${locale}.html`;
}

/** The English landing page; every language's downloads the same scripts (the bundle budget counts them). */
export const STATIC_LANDING_FILE = staticLandingFile(DEFAULT_LOCALE);

/**
 * The query that chooses the landing page's language without JavaScript (`/?lang=es`): the server
 * keeps the choice in the language cookie and sends the visitor back to `/`.
 */
export const LANDING_LOCALE_PARAM = "lang";

/** The link that switches the landing page to a language. */
export function landingLocaleHref(locale: Locale): string {
  return `/?${LANDING_LOCALE_PARAM}=${locale}`;
}
