import { CalendarDays, ListChecks, ShieldCheck } from "lucide-react";
import { lazy, useEffect, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { AppLogo } from "@/app/components/app-logo";
import { usePasswordResetByEmail, useRegistrationMode, useSsoProviders } from "@/api/auth/sign-in-options";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/form/form-error";
import { RegisterForm } from "@/features/auth/components/register-form";
import { SignInForm } from "@/features/auth/components/sign-in-form";
import { SsoButtons } from "@/features/auth/components/sso-buttons";
import { registrationOffer, ssoErrorMessageId } from "@/features/auth/utils/sso";
import { screenTitle, useDocumentTitle } from "@/hooks/use-document-title";
import { LanguageSwitch } from "@/components/language-switch";
import { useT } from "@/lib/i18n";
import { ROUTES } from "@/lib/routes";
import { dropSearchParams } from "@/lib/search-params";
import { returnParams } from "@core/app-icon";

const BLURBS = [
  { icon: ListChecks, title: "auth.blurb_tasks_title", text: "auth.blurb_tasks_text" },
  { icon: CalendarDays, title: "auth.blurb_calendar_title", text: "auth.blurb_calendar_text" },
  { icon: ShieldCheck, title: "auth.blurb_secure_title", text: "auth.blurb_secure_text" },
] as const;

/**
 * /forgot-password and /reset-password (issue 38) come through this screen's chunk: the router
 * sends them here with one pattern and no import of their own, which the Home tab would download
 * (decision 079); their forms are a chunk of this one's, loaded when one of them opens.
 */
const PasswordByEmailScreen = lazy(() => import("@/app/screens/password-by-email").then((m) => ({ default: m.PasswordByEmailScreen })));

/** /auth, or one of the forgot-password pages the router sent here. */
export function AuthScreen() {
  const [location] = useLocation();
  return location === ROUTES.auth ? <SignInOrRegister /> : <PasswordByEmailScreen />;
}

function SignInOrRegister() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const providers = useSsoProviders();
  // Under a school's sign-up policy (issue 35) a register link leads to the sign-in form: the
  // landing page is prerendered, so the screen that reads the policy decides.
  const mode = useRegistrationMode();
  const offersPasswordReset = usePasswordResetByEmail();
  const offer = registrationOffer(mode);
  const isRegister = offer.canRegister && new URLSearchParams(search).get("mode") === "register";
  // sso-only: visitors see the school's buttons only; staff with a password open the form (issue 35).
  const [passwordFormOpened, setPasswordFormOpened] = useState(false);
  const showsPasswordForm = mode !== "sso-only" || providers.length === 0 || passwordFormOpened;
  const [showPassword, setShowPassword] = useState(false);
  // A provider's return that did not sign the student in (/auth?sso_error=<code>): said once, and
  // taken off the address so that a reload does not say it again.
  const [ssoError, setSsoError] = useState(() => new URLSearchParams(search).get("sso_error"));
  useEffect(() => dropSearchParams(["sso_error"]), []);
  const t = useT();
  const heading = isRegister ? t("auth.create_account") : t("auth.sign_in");
  useDocumentTitle(screenTitle(heading));

  const toggleShowPassword = () => setShowPassword((v) => !v);
  // Sent here by an app icon shortcut (/?new=task, decision 119) or a share (decision 118) followed
  // signed out: back to it.
  const kept = returnParams(search).toString();
  const home = kept ? `${ROUTES.home}?${kept}` : ROUTES.home;
  const goHome = () => navigate(home, { replace: true });

  return (
    <div className="flex min-h-(--page-height) flex-col lg:flex-row">
      <aside className="hidden flex-col justify-center gap-10 bg-gradient-to-br from-indigo-600 to-violet-700 p-12 text-white lg:flex lg:w-[44%] xl:p-16">
        <div className="flex items-center gap-3">
          <AppLogo className="size-12 bg-white/10" alt="" />
          <span className="text-2xl font-bold tracking-tight">Student Hub</span>
        </div>
        <p className="text-3xl leading-tight font-semibold text-balance">{t("common.tagline")}</p>
        <ul className="grid gap-6">
          {BLURBS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4">
              <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-white/15">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span>
                <span className="block font-semibold">{t(title)}</span>
                <span className="text-sm text-indigo-100">{t(text)}</span>
              </span>
            </li>
          ))}
        </ul>
      </aside>

      <main className="flex flex-1 items-center justify-center bg-gradient-to-b from-hero to-background px-4 py-10 sm:px-6">
        <div className="w-full max-w-md">
          <Link
            href={ROUTES.home}
            className="mb-6 flex items-center justify-center gap-2 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring lg:hidden"
          >
            <AppLogo className="size-10" alt="" />
            <span className="text-xl font-bold tracking-tight">Student Hub</span>
          </Link>
          <div className="rounded-xl border bg-card p-5 shadow-sm sm:p-8">
            <div className="mb-6 text-center">
              <h1 className="text-2xl font-bold tracking-tight">{heading}</h1>
              <p className="mt-1 text-sm text-muted-foreground">{isRegister ? t("auth.join") : t("auth.welcome_back")}</p>
            </div>
            {ssoError !== null && (
              <div className="mb-6">
                <FormError message={t(ssoErrorMessageId(ssoError))} />
              </div>
            )}
            <SsoButtons providers={providers} divider={showsPasswordForm ? t("sso.or") : null} />
            {/* Each mode mounts a fresh form, so switching clears fields and errors (docs/product.md#auth-screen). */}
            {!showsPasswordForm ? (
              <Button type="button" variant="link" className="w-full" onClick={() => setPasswordFormOpened(true)}>
                {t("sso.password_sign_in")}
              </Button>
            ) : isRegister ? (
              <RegisterForm key="register" showPassword={showPassword} onToggleShowPassword={toggleShowPassword} onSuccess={goHome} />
            ) : (
              <SignInForm
                key="sign-in"
                showPassword={showPassword}
                onToggleShowPassword={toggleShowPassword}
                onSuccess={goHome}
                offersPasswordReset={offersPasswordReset}
              />
            )}
            {offer.canRegister ? (
              <p className="mt-6 text-center text-sm text-muted-foreground">
                {isRegister ? t("auth.have_account") : t("auth.no_account")}{" "}
                <Link
                  href={isRegister ? ROUTES.auth : ROUTES.register}
                  replace
                  onClick={() => {
                    setShowPassword(false);
                    setSsoError(null);
                  }}
                  className="rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {isRegister ? t("auth.sign_in_link") : t("auth.create_account_link")}
                </Link>
              </p>
            ) : (
              offer.note && <p className="mt-6 text-center text-sm text-muted-foreground">{t(offer.note)}</p>
            )}
          </div>
          <p className="mt-6 text-center text-xs text-muted-foreground lg:hidden">{t("common.tagline")}</p>
          <LanguageSwitch className="mt-4" />
        </div>
      </main>
    </div>
  );
}
