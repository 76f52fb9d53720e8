import { Home } from "lucide-react";
import { Link } from "wouter";
import { AppLogo } from "@/app/components/app-logo";
import { Button } from "@/components/ui/button";
import { screenTitle, useDocumentTitle } from "@/hooks/use-document-title";
import { ROUTES } from "@/lib/routes";

export function NotFoundScreen() {
  useDocumentTitle(screenTitle("404 Page Not Found"));
  return (
    <main className="flex min-h-(--page-height) items-center justify-center px-4 py-10">
      <div className="flex max-w-md flex-col items-center gap-4 text-center">
        <AppLogo className="size-14" alt="" />
        <h1 className="text-3xl font-bold tracking-tight">404 Page Not Found</h1>
        <p className="text-muted-foreground">The page you are looking for does not exist or has moved.</p>
        <Button asChild>
          <Link href={ROUTES.home}>
            <Home aria-hidden="true" /> Go to Home
          </Link>
        </Button>
      </div>
    </main>
  );
}
