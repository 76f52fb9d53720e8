import { Home } from "lucide-react";
import { Link } from "wouter";
import { AppLogo } from "@/app/components/app-logo";
import { Button } from "@/components/ui/button";
import { screenTitle, useDocumentTitle } from "@/hooks/use-document-title";
import { useT } from "@/lib/i18n";
import { ROUTES } from "@/lib/routes";

export function NotFoundScreen() {
  const t = useT();
  useDocumentTitle(screenTitle(t("common.not_found_title")));
  return (
    <main className="flex min-h-(--page-height) items-center justify-center px-4 py-10">
      <div className="flex max-w-md flex-col items-center gap-4 text-center">
        <AppLogo className="size-14" alt="" />
        <h1 className="text-3xl font-bold tracking-tight">{t("common.not_found_title")}</h1>
        <p className="text-muted-foreground">{t("common.not_found_text")}</p>
        <Button asChild>
          <Link href={ROUTES.home}>
            <Home aria-hidden="true" /> {t("common.go_home")}
          </Link>
        </Button>
      </div>
    </main>
  );
}
