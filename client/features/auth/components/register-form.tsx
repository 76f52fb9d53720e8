import { useState } from "react";
import type { UseFormClearErrors } from "react-hook-form";
import type { RegisterInput } from "@core/schemas/auth";
import { Form } from "@/components/ui/form";
import { FormError } from "@/components/form/form-error";
import { SubmitButton } from "@/components/form/submit-button";
import { TextField } from "@/components/form/text-field";
import { useRegister } from "@/features/auth/api/register";
import { registerForm } from "@/features/auth/hooks/auth-validation";
import { useSchemaForm } from "@/components/form/use-schema-form";
import { errorMessage, fieldErrorsOf } from "@/lib/api/errors";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { useT } from "@/lib/i18n";
import { showToast } from "@/lib/toast";
import type { User } from "@core/api-types";

const FIELDS = ["firstName", "lastName", "email", "password", "confirmPassword"] as const;

type RegisterFormProps = {
  showPassword: boolean;
  onToggleShowPassword: () => void;
  onSuccess: (user: User) => void;
};

export function RegisterForm({ showPassword, onToggleShowPassword, onSuccess }: RegisterFormProps) {
  const { form, prefetch } = useSchemaForm(
    registerForm,
    { firstName: "", lastName: "", email: "", password: "", confirmPassword: "" },
    { reValidateMode: "onSubmit" },
  );
  const registerUser = useRegister();
  const t = useT();
  // A refusal of the whole form (too many accounts from this network, an outage) stays in the
  // form after the toast has gone, so a student can still read when to try again; a field's
  // refusal is already said under the field.
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    registerUser.mutate(values, {
      onSuccess,
      onError: (error) => {
        applyServerFieldErrors(form.setError, error, FIELDS);
        const saidUnderAField = FIELDS.some((name) => fieldErrorsOf(error)[name]?.length);
        if (!saidUnderAField) setFormError(errorMessage(error));
        showToast({ title: t("auth.registration_failed"), description: errorMessage(error), variant: "destructive" });
      },
    });
  });

  // Editing any field (TextField clears that field's error as it changes) also puts the form's
  // own message away: the student has acted on it.
  const clearErrors: UseFormClearErrors<RegisterInput> = (name) => {
    setFormError(null);
    form.clearErrors(name);
  };
  const field = { control: form.control, clearErrors };

  return (
    <Form {...form}>
      <form
        onSubmit={onSubmit}
        onFocus={prefetch}
        onPointerDown={prefetch}
        noValidate
        className="grid gap-4"
        aria-label={t("auth.create_account_form")}
      >
        {formError && <FormError message={formError} />}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField {...field} name="firstName" label={t("auth.first_name")} autoComplete="given-name" />
          <TextField {...field} name="lastName" label={t("auth.last_name")} autoComplete="family-name" />
        </div>
        <TextField
          {...field}
          name="email"
          label={t("auth.email")}
          type="email"
          autoComplete="email"
          placeholder={t("auth.email_placeholder")}
        />
        <TextField
          {...field}
          name="password"
          label={t("auth.password")}
          type="password"
          autoComplete="new-password"
          description={t("auth.password_hint")}
          revealed={showPassword}
          onToggleReveal={onToggleShowPassword}
        />
        <TextField
          {...field}
          name="confirmPassword"
          label={t("auth.confirm_password")}
          type="password"
          autoComplete="new-password"
          revealed={showPassword}
        />
        <SubmitButton size="lg" className="mt-1 w-full" pending={registerUser.isPending} pendingText={t("auth.creating_account")}>
          {t("auth.create_account")}
        </SubmitButton>
      </form>
    </Form>
  );
}
