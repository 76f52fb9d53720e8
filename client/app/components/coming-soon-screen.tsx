import { ArrowLeft, type LucideIcon } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { screenTitle, useDocumentTitle } from "@/hooks/use-document-title";
import { ROUTES } from "@/lib/routes";

/** A whole screen for a part of the app that a later release builds, with the way back. */
export function ComingSoonScreen({ icon: Icon, title, text }: { icon: LucideIcon; title: string; text: string }) {
  useDocumentTitle(screenTitle(title));
  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-10">
      <div className="flex max-w-md flex-col items-center gap-4 text-center">
        <span className="inline-flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
          <Icon className="size-7" aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <p className="text-muted-foreground">{text}</p>
        <Button asChild variant="outline">
          <Link href={ROUTES.home}>
            <ArrowLeft aria-hidden="true" /> Back to Dashboard
          </Link>
        </Button>
      </div>
    </main>
  );
}
