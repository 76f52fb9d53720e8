import { RefreshCw } from "lucide-react";
import { useEffect, useState } from "react";
import { AppLogo } from "@/app/components/app-logo";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import { useT } from "@/lib/i18n";
import type { MessageId } from "@core/i18n/translate";

export type LoadingPhase = "starting" | "connecting" | "loading-account";

const HEADINGS = {
  starting: "common.starting",
  connecting: "common.connecting",
  "loading-account": "common.loading_account",
} as const satisfies Record<LoadingPhase, MessageId>;

const DOT_TICK_MS = 500;

type LoadingScreenProps = {
  phase: LoadingPhase;
  /** A line naming the product, e.g. "Getting Student Hub ready for you" (the default). */
  message?: string;
  /** Shown under the heading when the service is not reachable. */
  error?: string | null;
  /** When given, a "Retry Connection" button calls it. */
  onRetry?: () => void;
  retrying?: boolean;
};

export function LoadingScreen({ phase, message, error, onRetry, retrying = false }: LoadingScreenProps) {
  const t = useT();
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const id = window.setInterval(() => setTick((t) => (t + 1) % 3), DOT_TICK_MS);
    return () => window.clearInterval(id);
  }, []);

  return (
    <main className="flex min-h-(--page-height) items-center justify-center bg-gradient-to-b from-hero to-background px-4 py-10">
      <div className="flex w-full max-w-sm flex-col items-center gap-5 text-center" aria-live="polite">
        <AppLogo className="size-16" />
        <h1 className="text-2xl font-semibold tracking-tight">{t(HEADINGS[phase])}</h1>
        <p className="text-muted-foreground">{message ?? t("common.getting_ready")}</p>
        <div className="flex items-center gap-3">
          <Spinner label={t(HEADINGS[phase])} />
          <span className="flex gap-1.5" aria-hidden="true">
            {[0, 1, 2].map((i) => (
              <span
                key={i}
                className={cn("size-2 rounded-full bg-primary transition-opacity duration-300", i <= tick ? "opacity-100" : "opacity-25")}
              />
            ))}
          </span>
        </div>
        {error && <p className="text-sm font-medium text-destructive">{error}</p>}
        <p className="text-sm text-muted-foreground">{t("common.starting_up")}</p>
        {onRetry && (
          <Button variant="outline" onClick={onRetry} disabled={retrying}>
            <RefreshCw className={cn(retrying && "animate-spin")} aria-hidden="true" />
            {t("common.retry_connection")}
          </Button>
        )}
      </div>
    </main>
  );
}
