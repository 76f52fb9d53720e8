import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { AuthCard } from "@/app/components/auth-card";
import { FormError } from "@/components/form/form-error";
import { ForgotPasswordForm } from "@/features/auth/components/forgot-password-form";
import { ResetPasswordForm } from "@/features/auth/components/reset-password-form";
import { screenTitle, useDocumentTitle } from "@/hooks/use-document-title";
import { useT } from "@/lib/i18n";
import { PASSWORD_BY_EMAIL_ROUTES } from "@/lib/password-by-email-routes";
import { ROUTES } from "@/lib/routes";
import { dropSearchParams } from "@/lib/search-params";

/**
 * Forgot password by email (issue 38): /forgot-password and /reset-password, one chunk for both,
 * loaded by the auth screen's (screens/auth.tsx) when the router sends one of them there.
 */
export function PasswordByEmailScreen() {
  const [location] = useLocation();
  return location === PASSWORD_BY_EMAIL_ROUTES.resetPassword ? <ResetPasswordScreen /> : <ForgotPasswordScreen />;
}

/** /forgot-password: an email field; the link arrives by mail. */
function ForgotPasswordScreen() {
  const t = useT();
  useDocumentTitle(screenTitle(t("auth.forgot_password_title")));
  return (
    <AuthCard title={t("auth.forgot_password_title")} intro={t("auth.forgot_password_intro")}>
      <ForgotPasswordForm />
    </AuthCard>
  );
}

/**
 * /reset-password?token=…, the page a mailed link opens. The token is read once and taken off the
 * address, so it stays out of the history and of a bookmark. Success signs this browser in and
 * goes to Home.
 */
function ResetPasswordScreen() {
  const [token] = useState(() => new URLSearchParams(window.location.search).get("token") ?? "");
  useEffect(() => dropSearchParams(["token", "lang"]), []);
  const [, navigate] = useLocation();
  const t = useT();
  useDocumentTitle(screenTitle(t("auth.reset_password_title")));
  return (
    <AuthCard title={t("auth.reset_password_title")} intro={t("auth.reset_password_intro")}>
      {token ? (
        <ResetPasswordForm token={token} onSuccess={() => navigate(ROUTES.home, { replace: true })} />
      ) : (
        <FormError message={t("auth.reset_link_invalid")} />
      )}
    </AuthCard>
  );
}
