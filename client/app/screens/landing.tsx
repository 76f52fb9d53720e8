import { ArrowRight, CalendarDays, ExternalLink, ListChecks, ShieldCheck } from "lucide-react";
import { Link } from "wouter";
import { AppLogo } from "@/app/components/app-logo";
import { SiteFooter } from "@/app/components/site-footer";
import { Button } from "@/components/ui/button";
import { usePublicSettings } from "@/api/settings/get-public-settings";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { ROUTES } from "@/lib/routes";
import { DEFAULT_SOCIAL_PROFILE_URL, LANDING_TITLE } from "@core/static-landing";

const FEATURES = [
  {
    icon: ListChecks,
    title: "Assignments under control",
    text: "Track every task with smart priority tracking, due dates and subjects.",
  },
  {
    icon: CalendarDays,
    title: "A calendar that repeats for you",
    text: "Plan classes, tests and clubs with an advanced calendar and recurring events.",
  },
  {
    icon: ShieldCheck,
    title: "Your own workspace",
    text: "A secure personal workspace: your tasks and schedule stay yours.",
  },
] as const;

export function LandingScreen() {
  const { instagramUrl } = usePublicSettings();
  const socialUrl = instagramUrl ?? DEFAULT_SOCIAL_PROFILE_URL;
  // The prerendered page carries the same title in its HTML (scripts/prerender-landing.ts).
  useDocumentTitle(LANDING_TITLE);

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
        <nav aria-label="Account" className="flex shrink-0 items-center gap-1 sm:gap-2">
          <Button asChild variant="ghost" size="sm" className="sm:h-10 sm:px-4 sm:text-sm">
            <Link href={ROUTES.auth}>Sign In</Link>
          </Button>
          <Button asChild size="sm" className="sm:h-10 sm:px-4 sm:text-sm">
            <Link href={ROUTES.register}>Create Account</Link>
          </Button>
        </nav>
      </header>

      <main className="flex-1">
        <section className="mx-auto flex max-w-3xl flex-col items-center px-4 pt-12 pb-16 text-center sm:px-6 sm:pt-20">
          <AppLogo className="mb-6 size-20 sm:size-24" alt="" />
          <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">Your Student Productivity Hub</h1>
          <p className="mt-4 max-w-xl text-lg text-pretty text-muted-foreground">
            Assignments, class schedule and calendar in one place, so you always know what is due and what comes next.
          </p>
          <div className="mt-8 flex w-full flex-col items-stretch justify-center gap-3 sm:w-auto sm:flex-row">
            <Button asChild size="lg">
              <Link href={ROUTES.register}>
                Get Started for Free <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <a href={socialUrl} target="_blank" rel="noopener noreferrer">
                Follow us on Instagram <ExternalLink aria-hidden="true" />
              </a>
            </Button>
          </div>
        </section>

        <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 pb-20 sm:px-6">
          <h2 id="features-heading" className="sr-only">
            Features
          </h2>
          <ul className="grid gap-4 md:grid-cols-3">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-lg border bg-card p-6 shadow-sm">
                <span className="mb-4 inline-flex size-11 items-center justify-center rounded-lg bg-primary/10 text-primary">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <h3 className="font-semibold">{title}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{text}</p>
              </li>
            ))}
          </ul>
        </section>
      </main>

      <SiteFooter />
    </div>
  );
}
