import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { setNewPasswordSchema, type SetNewPasswordInput } from "@core/schemas/auth";
import { Form } from "@/components/ui/form";
import { SubmitButton } from "@/components/form/submit-button";
import { TextField } from "@/components/form/text-field";
import { useSetNewPassword } from "@/features/auth/api/set-new-password";
import { errorMessage } from "@/lib/api/errors";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { showToast } from "@/lib/toast";

export const NEW_PASSWORD_HELP = "Must contain at least 8 characters with uppercase, lowercase, number, and special character.";

const FIELDS = ["temporaryPassword", "newPassword", "confirmPassword"] as const;

export function SetNewPasswordForm({ onSuccess }: { onSuccess: () => void }) {
  const [showPassword, setShowPassword] = useState(false);
  const form = useForm<SetNewPasswordInput>({
    resolver: zodResolver(setNewPasswordSchema),
    defaultValues: { temporaryPassword: "", newPassword: "", confirmPassword: "" },
    reValidateMode: "onSubmit",
  });
  const setNewPassword = useSetNewPassword();

  const onSubmit = form.handleSubmit((values) => {
    setNewPassword.mutate(values, {
      onSuccess: () => {
        showToast({
          title: "Password Updated",
          description: "Your password has been updated successfully. You can now use your account normally.",
          // Styled as every other success toast (issue 14: one was neutral, the others green).
          variant: "success",
        });
        onSuccess();
      },
      onError: (error) => {
        applyServerFieldErrors(form.setError, error, FIELDS);
        showToast({ title: "Update Failed", description: errorMessage(error), variant: "destructive" });
      },
    });
  });

  const field = { control: form.control, clearErrors: form.clearErrors };

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Set a new password">
        <TextField
          {...field}
          name="temporaryPassword"
          label="Temporary Password"
          type="password"
          autoComplete="current-password"
          revealed={showPassword}
          onToggleReveal={() => setShowPassword((v) => !v)}
        />
        <TextField
          {...field}
          name="newPassword"
          label="New Password"
          type="password"
          autoComplete="new-password"
          description={NEW_PASSWORD_HELP}
          revealed={showPassword}
        />
        <TextField
          {...field}
          name="confirmPassword"
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
          revealed={showPassword}
        />
        <SubmitButton size="lg" className="mt-1 w-full" pending={setNewPassword.isPending} pendingText="Updating Password...">
          Update Password
        </SubmitButton>
      </form>
    </Form>
  );
}
