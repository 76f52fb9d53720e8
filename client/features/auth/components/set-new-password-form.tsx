import { useState } from "react";
import { useSchemaForm } from "@/components/form/use-schema-form";
import { setNewPasswordSchema } from "@core/schemas/auth";
import { Form } from "@/components/ui/form";
import { SubmitButton } from "@/components/form/submit-button";
import { TextField } from "@/components/form/text-field";
import { useSetNewPassword } from "@/features/auth/api/set-new-password";
import { errorMessage } from "@/lib/api/errors";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { useT } from "@/lib/i18n";
import { showToast } from "@/lib/toast";

const FIELDS = ["temporaryPassword", "newPassword", "confirmPassword"] as const;

export function SetNewPasswordForm({ onSuccess }: { onSuccess: () => void }) {
  const [showPassword, setShowPassword] = useState(false);
  const { form } = useSchemaForm(
    setNewPasswordSchema,
    { temporaryPassword: "", newPassword: "", confirmPassword: "" },
    { reValidateMode: "onSubmit" },
  );
  const setNewPassword = useSetNewPassword();
  const t = useT();

  const onSubmit = form.handleSubmit((values) => {
    setNewPassword.mutate(values, {
      onSuccess: () => {
        showToast({
          title: t("settings.password_updated"),
          description: t("settings.password_updated_text"),
          // Styled as every other success toast (issue 14: one was neutral, the others green).
          variant: "success",
        });
        onSuccess();
      },
      onError: (error) => {
        applyServerFieldErrors(form.setError, error, FIELDS);
        showToast({ title: t("settings.update_failed"), description: errorMessage(error), variant: "destructive" });
      },
    });
  });

  const field = { control: form.control, clearErrors: form.clearErrors };

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t("settings.set_new_password_form")}>
        <TextField
          {...field}
          name="temporaryPassword"
          label={t("settings.temporary_password")}
          type="password"
          autoComplete="current-password"
          revealed={showPassword}
          onToggleReveal={() => setShowPassword((v) => !v)}
        />
        <TextField
          {...field}
          name="newPassword"
          label={t("settings.new_password")}
          type="password"
          autoComplete="new-password"
          description={t("settings.new_password_help")}
          revealed={showPassword}
        />
        <TextField
          {...field}
          name="confirmPassword"
          label={t("settings.confirm_new_password")}
          type="password"
          autoComplete="new-password"
          revealed={showPassword}
        />
        <SubmitButton size="lg" className="mt-1 w-full" pending={setNewPassword.isPending} pendingText={t("settings.updating_password")}>
          {t("settings.update_password")}
        </SubmitButton>
      </form>
    </Form>
  );
}
