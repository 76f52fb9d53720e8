import { ArrowLeft } from "lucide-react";
import { Link } from "wouter";
import type { User } from "@core/api-types";
import { Button } from "@/components/ui/button";
import { PushDebugPanel } from "@/features/push/components/push-debug-panel";
import { screenTitle, useDocumentTitle } from "@/hooks/use-document-title";
import { useT } from "@/lib/i18n";
import { ROUTES } from "@/lib/routes";

/** /admin/push-debug, for any signed-in user (docs/product.md#push-notifications-and-installable-app). */
export function PushDebugScreen({ user }: { user: User }) {
  const t = useT();
  useDocumentTitle(screenTitle(t("admin.push_debug")));
  return (
    <main className="mx-auto flex min-h-(--page-height) w-full max-w-3xl flex-col gap-6 px-3 py-6 sm:px-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">{t("admin.push_debug")}</h1>
        <Button asChild variant="ghost">
          <Link href={ROUTES.home}>
            <ArrowLeft aria-hidden="true" /> {t("admin.back_to_dashboard")}
          </Link>
        </Button>
      </header>
      <PushDebugPanel userId={user.id} cardHeadings="h2" />
    </main>
  );
}
