import type { ReactNode } from "react";
import { Link } from "wouter";
import { AppLogo } from "@/app/components/app-logo";
import { LanguageSwitch } from "@/components/language-switch";
import { useT } from "@/lib/i18n";
import { ROUTES } from "@/lib/routes";

/**
 * The page of the forgot-password screens (issue 38): the logo, one card with a title, a line of
 * help and the form, and the way back to sign-in under it.
 */
export function AuthCard({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  const t = useT();
  return (
    <main className="flex min-h-(--page-height) items-center justify-center bg-gradient-to-b from-hero to-background px-4 py-10">
      <div className="w-full max-w-md">
        <Link
          href={ROUTES.home}
          className="mb-6 flex items-center justify-center gap-2 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <AppLogo className="size-10" alt="" />
          <span className="text-xl font-bold tracking-tight">Student Hub</span>
        </Link>
        <div className="rounded-xl border bg-card p-5 shadow-sm sm:p-8">
          <div className="mb-6 text-center">
            <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
            <p className="mt-1 text-sm text-muted-foreground">{intro}</p>
          </div>
          {children}
        </div>
        <p className="mt-6 text-center text-sm">
          <Link
            href={ROUTES.auth}
            className="rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            {t("auth.back_to_sign_in")}
          </Link>
        </p>
        <LanguageSwitch className="mt-4" />
      </div>
    </main>
  );
}
