import { lazy, Suspense, useState } from "react";
import { Link } from "wouter";
import { Form } from "@/components/ui/form";
import { FormError } from "@/components/form/form-error";
import { SubmitButton } from "@/components/form/submit-button";
import { TextField } from "@/components/form/text-field";
import { needsSecondFactor, useSignIn } from "@/features/auth/api/sign-in";
import { signInForm } from "@/features/auth/hooks/auth-validation";
import { useSchemaForm } from "@/components/form/use-schema-form";
import { errorMessage } from "@/lib/api/errors";
import { useT } from "@/lib/i18n";
import { PASSWORD_BY_EMAIL_ROUTES } from "@/lib/password-by-email-routes";
import type { User } from "@core/api-types";

/** The code step, with its words, loads only when a sign-in asks for a code: most never do (issue 55). */
const SecondFactorStep = lazy(() => import("./second-factor-step").then((m) => ({ default: m.SecondFactorStep })));

type SignInFormProps = {
  showPassword: boolean;
  onToggleShowPassword: () => void;
  onSuccess: (user: User) => void;
  /** Offers "Forgot password?" (issue 38): only when the school sends mail. */
  offersPasswordReset?: boolean;
};

export function SignInForm({ showPassword, onToggleShowPassword, onSuccess, offersPasswordReset = false }: SignInFormProps) {
  const { form, prefetch } = useSchemaForm(signInForm, { email: "", password: "" }, { reValidateMode: "onSubmit" });
  const signIn = useSignIn();
  const t = useT();
  const [askingCode, setAskingCode] = useState(false);

  const onSubmit = form.handleSubmit((values) => {
    signIn.mutate(values, {
      onSuccess: (answer) => (needsSecondFactor(answer) ? setAskingCode(true) : onSuccess(answer)),
    });
  });

  if (askingCode)
    return (
      <Suspense fallback={<p className="text-sm text-muted-foreground">{t("auth.signing_in")}</p>}>
        <SecondFactorStep
          onSuccess={onSuccess}
          onBack={() => {
            signIn.reset();
            form.setValue("password", "");
            setAskingCode(false);
          }}
        />
      </Suspense>
    );

  return (
    <Form {...form}>
      <form
        onSubmit={onSubmit}
        onFocus={prefetch}
        onPointerDown={prefetch}
        noValidate
        className="grid gap-4"
        aria-label={t("auth.sign_in_form")}
      >
        {signIn.isError && <FormError message={errorMessage(signIn.error, t("auth.sign_in_failed"))} />}
        <TextField
          control={form.control}
          clearErrors={form.clearErrors}
          name="email"
          label={t("auth.email")}
          type="email"
          autoComplete="email"
          placeholder={t("auth.email_placeholder")}
        />
        <TextField
          control={form.control}
          clearErrors={form.clearErrors}
          name="password"
          label={t("auth.password")}
          type="password"
          autoComplete="current-password"
          revealed={showPassword}
          onToggleReveal={onToggleShowPassword}
        />
        {offersPasswordReset && (
          <Link
            href={PASSWORD_BY_EMAIL_ROUTES.forgotPassword}
            className="-mt-2 justify-self-end rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            {t("auth.forgot_password_link")}
          </Link>
        )}
        <SubmitButton size="lg" className="mt-1 w-full" pending={signIn.isPending} pendingText={t("auth.signing_in")}>
          {t("auth.sign_in")}
        </SubmitButton>
      </form>
    </Form>
  );
}
