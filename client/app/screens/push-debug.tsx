import { ArrowLeft, BellRing } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";

/** Placeholder for /admin/push-debug (spec §2): push is not built yet. */
export function PushDebugScreen() {
  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-10">
      <div className="flex max-w-md flex-col items-center gap-4 text-center">
        <span className="inline-flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
          <BellRing className="size-7" aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-bold tracking-tight">Push Debug</h1>
        <p className="text-muted-foreground">Push notification diagnostics are coming soon.</p>
        <Button asChild variant="outline">
          <Link href="/">
            <ArrowLeft aria-hidden="true" /> Back to Dashboard
          </Link>
        </Button>
      </div>
    </main>
  );
}
