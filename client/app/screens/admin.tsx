import { ArrowLeft, ShieldCheck } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";

/** Placeholder for the admin panel (spec §2), reachable by admins only (router guard). */
export function AdminScreen() {
  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-10">
      <div className="flex max-w-md flex-col items-center gap-4 text-center">
        <span className="inline-flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
          <ShieldCheck className="size-7" aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-bold tracking-tight">Admin Panel</h1>
        <p className="text-muted-foreground">Admin area is coming soon.</p>
        <Button asChild variant="outline">
          <Link href="/">
            <ArrowLeft aria-hidden="true" /> Back to Dashboard
          </Link>
        </Button>
      </div>
    </main>
  );
}
