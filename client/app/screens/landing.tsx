import { ArrowRight, CalendarDays, ExternalLink, ListChecks, ShieldCheck } from "lucide-react";
import { Link } from "wouter";
import { AppLogo } from "@/app/components/app-logo";
import { SiteFooter } from "@/app/components/site-footer";
import { Button } from "@/components/ui/button";
import { usePublicSettings } from "@/api/settings/get-public-settings";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { activateLocale, rememberLocale, useLocale, useT } from "@/lib/i18n";
import { ROUTES } from "@/lib/routes";
import { LOCALE_NAMES, LOCALES } from "@core/i18n/locale";
import { DEFAULT_SOCIAL_PROFILE_URL, landingLocaleHref } from "@core/static-landing";

const FEATURES = [
  { icon: ListChecks, title: "landing.feature_tasks_title", text: "landing.feature_tasks_text" },
  { icon: CalendarDays, title: "landing.feature_calendar_title", text: "landing.feature_calendar_text" },
  { icon: ShieldCheck, title: "landing.feature_workspace_title", text: "landing.feature_workspace_text" },
] as const;

/**
 * English or Español, each named in its own language: plain links to `/?lang=…`, where the server
 * keeps the choice in the language cookie and sends the page back in it, so the prerendered page
 * needs no script for them (decision 068). In the app (after signing out) the language switches
 * in place.
 */
function LandingLanguageLinks() {
  const t = useT();
  const current = useLocale();
  return (
    <nav aria-label={t("common.language")} className="pb-6">
      <ul className="flex items-center justify-center gap-2">
        {LOCALES.map((locale) => (
          <li key={locale}>
            <a
              href={landingLocaleHref(locale)}
              lang={locale}
              hrefLang={locale}
              aria-current={locale === current ? "true" : undefined}
              onClick={(event) => {
                if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                event.preventDefault();
                rememberLocale(locale);
                activateLocale(locale).catch(() => {
                  // Its catalog could not be downloaded: the next start tries again, from the cookie.
                });
              }}
              className="inline-flex h-10 items-center rounded-md px-3 text-sm text-muted-foreground underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring aria-[current=true]:font-semibold aria-[current=true]:text-foreground"
            >
              {LOCALE_NAMES[locale]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function LandingScreen() {
  const t = useT();
  const { instagramUrl } = usePublicSettings();
  const socialUrl = instagramUrl ?? DEFAULT_SOCIAL_PROFILE_URL;
  // The prerendered page carries the same title in its HTML (scripts/prerender-landing.ts).
  useDocumentTitle(t("landing.title"));

  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-hero via-background to-background">
      <header className="mx-auto flex w-full max-w-6xl items-center justify-between gap-2 px-4 py-4 sm:px-6">
        <Link
          href={ROUTES.home}
          className="flex min-w-0 items-center gap-2 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <AppLogo className="size-9" alt="" />
          <span className="sr-only text-lg font-bold tracking-tight min-[400px]:not-sr-only">Student Hub</span>
        </Link>
        <nav aria-label={t("landing.account")} className="flex shrink-0 items-center gap-1 sm:gap-2">
          <Button asChild variant="ghost" size="sm" className="sm:h-10 sm:px-4 sm:text-sm">
            <Link href={ROUTES.auth}>{t("landing.sign_in")}</Link>
          </Button>
          <Button asChild size="sm" className="sm:h-10 sm:px-4 sm:text-sm">
            <Link href={ROUTES.register}>{t("landing.create_account")}</Link>
          </Button>
        </nav>
      </header>

      <main className="flex-1">
        <section className="mx-auto flex max-w-3xl flex-col items-center px-4 pt-12 pb-16 text-center sm:px-6 sm:pt-20">
          <AppLogo className="mb-6 size-20 sm:size-24" alt="" />
          <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">{t("common.tagline")}</h1>
          <p className="mt-4 max-w-xl text-lg text-pretty text-muted-foreground">{t("landing.intro")}</p>
          <div className="mt-8 flex w-full flex-col items-stretch justify-center gap-3 sm:w-auto sm:flex-row">
            <Button asChild size="lg">
              <Link href={ROUTES.register}>
                {t("landing.get_started")} <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <a href={socialUrl} target="_blank" rel="noopener noreferrer">
                {t("landing.follow_instagram")} <ExternalLink aria-hidden="true" />
              </a>
            </Button>
          </div>
        </section>

        <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 pb-20 sm:px-6">
          <h2 id="features-heading" className="sr-only">
            {t("landing.features")}
          </h2>
          <ul className="grid gap-4 md:grid-cols-3">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-lg border bg-card p-6 shadow-sm">
                <span className="mb-4 inline-flex size-11 items-center justify-center rounded-lg bg-primary/10 text-primary">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <h3 className="font-semibold">{t(title)}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{t(text)}</p>
              </li>
            ))}
          </ul>
        </section>
      </main>

      <LandingLanguageLinks />
      <SiteFooter />
    </div>
  );
}
