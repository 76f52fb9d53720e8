import { KeyRound } from "lucide-react";
import { useLocation } from "wouter";
import { AppLogo } from "@/app/components/app-logo";
import { SetNewPasswordForm } from "@/features/auth/components/set-new-password-form";

export function PasswordResetScreen() {
  const [, navigate] = useLocation();
  return (
    <main className="flex min-h-dvh items-center justify-center bg-gradient-to-b from-indigo-50 to-background px-4 py-10">
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
            <h1 className="text-2xl font-bold tracking-tight">Set a New Password</h1>
            <p className="mt-1 text-sm text-muted-foreground">
              Your password was reset. Enter the temporary password you were given, then choose a new one.
            </p>
          </div>
          <SetNewPasswordForm onSuccess={() => navigate("/", { replace: true })} />
        </div>
      </div>
    </main>
  );
}
