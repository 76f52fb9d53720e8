import { KeyRound, LogOut } from "lucide-react";
import { useLocation } from "wouter";
import { AppLogo } from "@/app/components/app-logo";
import { Button } from "@/components/ui/button";
import { useUser } from "@/api/user/get-user";
import { useSignOut } from "@/features/auth/api/sign-out";
import { SetNewPasswordForm } from "@/features/auth/components/set-new-password-form";
import { ROUTES } from "@/lib/routes";

export function PasswordResetScreen() {
  const [, navigate] = useLocation();
  const { data: user } = useUser();
  const signOut = useSignOut();
  // A forced user can reach no other screen; Sign Out is their way off this one (decision 014).
  const handleSignOut = () => signOut.mutate();

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
              {user && !user.passwordResetRequired
                ? "Enter your current password as the temporary password, then choose a new one."
                : "Your password was reset. Enter the temporary password you were given, then choose a new one."}
            </p>
          </div>
          <SetNewPasswordForm onSuccess={() => navigate(ROUTES.home, { replace: true })} />
        </div>
        {user && (
          <div className="mt-4 flex justify-center">
            <Button variant="ghost" onClick={handleSignOut} disabled={signOut.isPending}>
              <LogOut aria-hidden="true" /> {signOut.isPending ? "Signing Out..." : "Sign Out"}
            </Button>
          </div>
        )}
      </div>
    </main>
  );
}
