import { i18n, type Messages } from "@lingui/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { Router } from "wouter";
import { getPublicSettingsQueryOptions } from "@/api/settings/get-public-settings";
import { LandingScreen } from "@/app/screens/landing";
import { t } from "@/lib/i18n";
import { DEFAULT_TIME_ZONE } from "@core/dates";
import { messages as englishAdmin } from "@core/i18n/compiled/en/admin";
import { messages as englishApp } from "@core/i18n/compiled/en/app";
import { messages as englishStart } from "@core/i18n/compiled/en/start";
import { messages as spanishAdmin } from "@core/i18n/compiled/es/admin";
import { messages as spanishApp } from "@core/i18n/compiled/es/app";
import { messages as spanishStart } from "@core/i18n/compiled/es/start";
import type { Locale } from "@core/i18n/locale";
import { LANDING_PLACEHOLDERS } from "@core/static-landing";

/** Every word the client has, per language: the page is rendered once per language, at build time only. */
const WORDS: Record<Locale, Messages> = {
  en: { ...englishStart, ...englishApp, ...englishAdmin } as Messages,
  es: { ...spanishStart, ...spanishApp, ...spanishAdmin } as Messages,
};

/** The landing page in one language: its markup and its document title. */
export interface LandingMarkup {
  markup: string;
  title: string;
}

/**
 * The landing page as plain HTML, rendered at build time from the same LandingScreen the app shows
 * (docs/decisions/068; scripts/prerender-landing.ts), with `locale` active (decision 108). A
 * visitor's first visit then downloads no JavaScript but the logo fallback, where the app needs
 * React (67 KB gzipped) before the first paint. The school's settings change at run time, so the
 * markup carries placeholders the server fills in per request (server/static-landing.ts).
 */
export function renderLandingMarkup(locale: Locale): LandingMarkup {
  i18n.load(locale, WORDS[locale]);
  i18n.activate(locale);
  const client = new QueryClient();
  client.setQueryData(getPublicSettingsQueryOptions().queryKey, {
    logoUrl: LANDING_PLACEHOLDERS.logoUrl,
    instagramUrl: LANDING_PLACEHOLDERS.socialUrl,
    timeZone: DEFAULT_TIME_ZONE,
  });
  const markup = renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <Router ssrPath="/">
        <LandingScreen />
      </Router>
    </QueryClientProvider>,
  );
  return { markup, title: t("landing.title") };
}
