import { lazy, Suspense, useState } from "react";
import type { UseFormClearErrors } from "react-hook-form";
import { Link, useLocation } from "wouter";
import { type ResetPasswordInput } from "@core/schemas/auth";
import { Form } from "@/components/ui/form";
import { FormError } from "@/components/form/form-error";
import { SubmitButton } from "@/components/form/submit-button";
import { TextField } from "@/components/form/text-field";
import { useResetLinkCheck, useResetPassword } from "@/features/auth/api/reset-password";
import { needsSecondFactor } from "@/features/auth/api/sign-in";
import { resetPasswordForm } from "@/features/auth/hooks/auth-validation";
import { useSchemaForm } from "@/components/form/use-schema-form";
import { errorMessage, fieldErrorsOf } from "@/lib/api/errors";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { useT } from "@/lib/i18n";
import { PASSWORD_BY_EMAIL_ROUTES } from "@/lib/password-by-email-routes";
import { ROUTES } from "@/lib/routes";
import type { User } from "@core/api-types";

const SecondFactorStep = lazy(() => import("./second-factor-step").then((m) => ({ default: m.SecondFactorStep })));

const FIELDS = ["newPassword", "confirmPassword"] as const;

/**
 * The new password of /reset-password (issue 38), with the registration form's rules and hint. A
 * link that no longer works (used, expired, replaced, unknown) is said once in the form, with the
 * way to ask for another.
 */
export function ResetPasswordForm({ token, onSuccess }: { token: string; onSuccess: (user: User) => void }) {
  const { form, prefetch } = useSchemaForm(
    resetPasswordForm,
    { token, newPassword: "", confirmPassword: "" },
    { reValidateMode: "onSubmit" },
  );
  const reset = useResetPassword();
  const check = useResetLinkCheck(token);
  const [showPassword, setShowPassword] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const t = useT();
  // With two-step verification on, the new password is set but the code still signs in (issue 55).
  const [askingCode, setAskingCode] = useState(false);
  const [, navigate] = useLocation();

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    reset.mutate(values, {
      onSuccess: (answer) => (needsSecondFactor(answer) ? setAskingCode(true) : onSuccess(answer)),
      onError: (error) => {
        applyServerFieldErrors(form.setError, error, FIELDS);
        if (!FIELDS.some((name) => fieldErrorsOf(error)[name]?.length)) setFormError(errorMessage(error));
      },
    });
  });

  const clearErrors: UseFormClearErrors<ResetPasswordInput> = (name) => {
    setFormError(null);
    form.clearErrors(name);
  };
  const field = { control: form.control, clearErrors };
  // The token is the link's: a refusal of it (the only one on `token`) needs a new link, not an edit.
  const linkDead = formError !== null && Boolean(reset.error && fieldErrorsOf(reset.error).token?.length);
  if (askingCode)
    return (
      <Suspense fallback={<p className="text-sm text-muted-foreground">{t("auth.signing_in")}</p>}>
        <SecondFactorStep onSuccess={onSuccess} onBack={() => navigate(ROUTES.auth)} />
      </Suspense>
    );
  // Found dead as the page opened (used, expired, replaced): said at once, with no fields to fill.
  const deadOnArrival = Boolean(check.error && fieldErrorsOf(check.error).token?.length);
  if (deadOnArrival) {
    return (
      <div className="grid gap-4">
        <FormError message={errorMessage(check.error)} />
        <AskAgainLink />
      </div>
    );
  }

  return (
    <Form {...form}>
      <form
        onSubmit={onSubmit}
        onFocus={prefetch}
        onPointerDown={prefetch}
        noValidate
        className="grid gap-4"
        aria-label={t("auth.reset_password_title")}
      >
        {formError !== null && <FormError message={formError} />}
        {linkDead && <AskAgainLink />}
        <TextField
          {...field}
          name="newPassword"
          label={t("auth.new_password")}
          type="password"
          autoComplete="new-password"
          description={t("auth.password_hint")}
          revealed={showPassword}
          onToggleReveal={() => setShowPassword((v) => !v)}
        />
        <TextField
          {...field}
          name="confirmPassword"
          label={t("auth.confirm_new_password")}
          type="password"
          autoComplete="new-password"
          revealed={showPassword}
        />
        <SubmitButton size="lg" className="mt-1 w-full" pending={reset.isPending} pendingText={t("auth.reset_password_saving")}>
          {t("auth.reset_password_submit")}
        </SubmitButton>
      </form>
    </Form>
  );
}

/** "Ask for a new link": back to /forgot-password. */
function AskAgainLink() {
  const t = useT();
  return (
    <Link
      href={PASSWORD_BY_EMAIL_ROUTES.forgotPassword}
      className="rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
    >
      {t("auth.reset_password_ask_again")}
    </Link>
  );
}
