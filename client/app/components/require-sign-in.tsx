import { useEffect, type ReactNode } from "react";
import { useLocation } from "wouter";
import { Spinner } from "@/components/ui/spinner";
import { showToast } from "@/lib/toast";
import type { User } from "@core/api-types";
import { ROUTES } from "@/lib/routes";
import { useT } from "@/lib/i18n";

export const LOGGED_OUT_REDIRECT_MS = 500;

/**
 * Guards a protected screen: a signed-out visitor gets the "Unauthorized" toast and lands on
 * /auth 500 ms later (docs/product.md#routes-and-guards).
 */
export function RequireSignIn({ user, children }: { user: User | null | undefined; children: (user: User) => ReactNode }) {
  if (!user) return <RedirectToSignIn />;
  return <>{children(user)}</>;
}

function RedirectToSignIn() {
  const [, navigate] = useLocation();
  const t = useT();
  useEffect(() => {
    showToast({
      title: t("common.unauthorized"),
      description: t("common.logged_out"),
      variant: "destructive",
      id: "unauthorized",
    });
    const id = window.setTimeout(() => navigate(ROUTES.auth, { replace: true }), LOGGED_OUT_REDIRECT_MS);
    return () => window.clearTimeout(id);
  }, [navigate, t]);
  return (
    <main className="flex min-h-(--page-height) items-center justify-center">
      <Spinner label={t("common.redirecting_to_sign_in")} />
    </main>
  );
}
