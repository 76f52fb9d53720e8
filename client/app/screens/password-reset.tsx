import { KeyRound, LogIn, LogOut } from "lucide-react";
import { Link, useLocation } from "wouter";
import { AppLogo } from "@/app/components/app-logo";
import { Button } from "@/components/ui/button";
import { useUser } from "@/api/user/get-user";
import { useSignOut } from "@/features/auth/api/sign-out";
import { SetNewPasswordForm } from "@/features/auth/components/set-new-password-form";
import { screenTitle, useDocumentTitle } from "@/hooks/use-document-title";
import { useT } from "@/lib/i18n";
import { ROUTES } from "@/lib/routes";

export function PasswordResetScreen() {
  const [, navigate] = useLocation();
  const { data: user } = useUser();
  const signOut = useSignOut();
  const t = useT();
  useDocumentTitle(screenTitle(t("settings.set_new_password")));
  // A forced user can reach no other screen; Sign Out is their way off this one (decision 070).
  const handleSignOut = () => signOut.mutate();

  return (
    <main className="flex min-h-(--page-height) items-center justify-center bg-gradient-to-b from-hero to-background px-4 py-10">
      <div className="w-full max-w-md">
        <div className="mb-6 flex items-center justify-center gap-2">
          <AppLogo className="size-10" alt="" />
          <span className="text-xl font-bold tracking-tight">Student Hub</span>
        </div>
        <div className="rounded-xl border bg-card p-5 shadow-sm sm:p-8">
          <div className="mb-6 flex flex-col items-center text-center">
            <span className="mb-3 inline-flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
              <KeyRound className="size-6" aria-hidden="true" />
            </span>
            <h1 className="text-2xl font-bold tracking-tight">{t("settings.set_new_password")}</h1>
            <p className="mt-1 text-sm text-muted-foreground">
              {/* A visitor reads why there is no form: the server would refuse it without a session (decision 070). */}
              {!user
                ? t("settings.sign_in_first")
                : user.passwordResetRequired
                  ? t("settings.reset_required_text")
                  : t("settings.reset_voluntary_text")}
            </p>
          </div>
          {user ? (
            <SetNewPasswordForm onSuccess={() => navigate(ROUTES.home, { replace: true })} />
          ) : (
            // A visitor gets no form to fill in for nothing, only the way to sign in (decision 070).
            <Button asChild size="lg" className="w-full">
              <Link href={ROUTES.auth}>
                <LogIn aria-hidden="true" /> {t("auth.sign_in")}
              </Link>
            </Button>
          )}
        </div>
        {user && (
          <div className="mt-4 flex justify-center">
            <Button variant="ghost" onClick={handleSignOut} disabled={signOut.isPending}>
              <LogOut aria-hidden="true" /> {signOut.isPending ? t("settings.signing_out") : t("settings.sign_out")}
            </Button>
          </div>
        )}
      </div>
    </main>
  );
}
