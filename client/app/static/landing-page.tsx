import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { Router } from "wouter";
import { getPublicSettingsQueryOptions } from "@/api/settings/get-public-settings";
import { LandingScreen } from "@/app/screens/landing";
import { DEFAULT_TIME_ZONE } from "@core/dates";
import { LANDING_PLACEHOLDERS } from "@core/static-landing";

/**
 * The landing page as plain HTML, rendered at build time from the same LandingScreen the app shows
 * (docs/decisions/068; scripts/prerender-landing.ts). A visitor's first visit then downloads no
 * JavaScript but the logo fallback, where the app needs React (67 KB gzipped) before the first
 * paint. The school's settings change at run time, so the markup carries placeholders the server
 * fills in per request (server/static-landing.ts).
 */
export function renderLandingMarkup(): string {
  const client = new QueryClient();
  client.setQueryData(getPublicSettingsQueryOptions().queryKey, {
    logoUrl: LANDING_PLACEHOLDERS.logoUrl,
    instagramUrl: LANDING_PLACEHOLDERS.socialUrl,
    timeZone: DEFAULT_TIME_ZONE,
  });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <Router ssrPath="/">
        <LandingScreen />
      </Router>
    </QueryClientProvider>,
  );
}
