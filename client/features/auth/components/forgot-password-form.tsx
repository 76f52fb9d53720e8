import { useState } from "react";
import { Form } from "@/components/ui/form";
import { FormError } from "@/components/form/form-error";
import { SubmitButton } from "@/components/form/submit-button";
import { TextField } from "@/components/form/text-field";
import { useForgotPassword } from "@/features/auth/api/forgot-password";
import { forgotPasswordForm } from "@/features/auth/hooks/auth-validation";
import { useSchemaForm } from "@/components/form/use-schema-form";
import { errorMessage } from "@/lib/api/errors";
import { useT } from "@/lib/i18n";

/**
 * The email field of /forgot-password (issue 38). Once sent, the form gives way to what happens
 * next, worded the same whether or not an account uses the address (the server's answer is too).
 */
export function ForgotPasswordForm() {
  const { form, prefetch } = useSchemaForm(forgotPasswordForm, { email: "" }, { reValidateMode: "onSubmit" });
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const t = useT();

  const onSubmit = form.handleSubmit((values) => {
    forgot.mutate(values, { onSuccess: () => setSentTo(values.email) });
  });

  if (sentTo !== null) {
    return (
      <p role="status" className="rounded-md border border-primary/30 bg-primary/10 p-3 text-sm">
        {t("auth.forgot_password_sent", { email: sentTo })}
      </p>
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
        aria-label={t("auth.forgot_password_title")}
      >
        {forgot.isError && <FormError message={errorMessage(forgot.error)} />}
        <TextField
          control={form.control}
          clearErrors={form.clearErrors}
          name="email"
          label={t("auth.email")}
          type="email"
          autoComplete="email"
          placeholder={t("auth.email_placeholder")}
        />
        <SubmitButton size="lg" className="mt-1 w-full" pending={forgot.isPending} pendingText={t("auth.forgot_password_sending")}>
          {t("auth.forgot_password_submit")}
        </SubmitButton>
      </form>
    </Form>
  );
}
