import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { registerSchema, type RegisterInput } from "@core/schemas/auth";
import { Form } from "@/components/ui/form";
import { SubmitButton } from "@/components/form/submit-button";
import { TextField } from "@/components/form/text-field";
import { useRegister } from "@/features/auth/api/register";
import { errorMessage } from "@/lib/api/errors";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { showToast } from "@/lib/toast";
import type { User } from "@core/api-types";

export const PASSWORD_HINT = "At least 8 characters with uppercase, lowercase, number, and special character";

const FIELDS = ["firstName", "lastName", "email", "password", "confirmPassword"] as const;

type RegisterFormProps = {
  showPassword: boolean;
  onToggleShowPassword: () => void;
  onSuccess: (user: User) => void;
};

export function RegisterForm({ showPassword, onToggleShowPassword, onSuccess }: RegisterFormProps) {
  const form = useForm<RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: { firstName: "", lastName: "", email: "", password: "", confirmPassword: "" },
    reValidateMode: "onSubmit",
  });
  const registerUser = useRegister();

  const onSubmit = form.handleSubmit((values) => {
    registerUser.mutate(values, {
      onSuccess,
      onError: (error) => {
        applyServerFieldErrors(form.setError, error, FIELDS);
        showToast({ title: "Registration failed", description: errorMessage(error), variant: "destructive" });
      },
    });
  });

  const field = { control: form.control, clearErrors: form.clearErrors };

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Create account">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField {...field} name="firstName" label="First Name" autoComplete="given-name" />
          <TextField {...field} name="lastName" label="Last Name" autoComplete="family-name" />
        </div>
        <TextField {...field} name="email" label="Email" type="email" autoComplete="email" placeholder="you@school.edu" />
        <TextField
          {...field}
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          description={PASSWORD_HINT}
          revealed={showPassword}
          onToggleReveal={onToggleShowPassword}
        />
        <TextField
          {...field}
          name="confirmPassword"
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          revealed={showPassword}
        />
        <SubmitButton size="lg" className="mt-1 w-full" pending={registerUser.isPending} pendingText="Creating Account...">
          Create Account
        </SubmitButton>
      </form>
    </Form>
  );
}
