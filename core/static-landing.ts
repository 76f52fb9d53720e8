/**
 * The landing page is plain HTML rendered at build time (docs/decisions/068); the school's settings
 * change at run time, so the markup carries these placeholders and the server fills them in.
 */
export const LANDING_PLACEHOLDERS = { logoUrl: "__STUDENT_HUB_LOGO_URL__", socialUrl: "__STUDENT_HUB_SOCIAL_URL__" } as const;

/** The landing page's document title; every other screen's is "{screen} · Student Hub" (docs/product.md#screen-titles). */
export const LANDING_TITLE = "Student Hub: Your Student Productivity Hub";

/** The bundled logo, shown when the admins have set no logoUrl or theirs fails to load. */
export const DEFAULT_LOGO_SRC = "/logo.svg";

/** Used when the admins have not set a social profile URL (docs/product.md#landing-page). */
export const DEFAULT_SOCIAL_PROFILE_URL = "https://www.instagram.com/";

/** Where the build writes the landing page, under the client directory (a dot directory: never served as a file). */
export const STATIC_LANDING_FILE = ".prerender/landing.html";
