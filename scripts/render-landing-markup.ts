// Prints the landing page's markup and title in every language (client/app/static/landing-page.tsx),
// as JSON by language, for scripts/prerender-landing.ts, which runs it in its own Node process: the
// client's TSX and path aliases load through tsx there.
import { renderLandingMarkup } from "../client/app/static/landing-page.tsx";
import { LOCALES } from "../core/i18n/locale.ts";

process.stdout.write(JSON.stringify(Object.fromEntries(LOCALES.map((locale) => [locale, renderLandingMarkup(locale)]))));
