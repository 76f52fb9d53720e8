import { RefreshCw, WifiOff } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { useT } from "@/lib/i18n";

type ConnectionBannerProps = {
  /** "You appear to be offline" or "Service unavailable". */
  error: string;
  onRetry: () => void;
  retrying: boolean;
};

/**
 * Shown at the top of a running app when the connection drops (decision 015): in the flow, so it
 * pushes the page down rather than covering the tabs. Unlike the start-up screen it
 * leaves the page in place, so a half-typed task in an open dialog survives a Wi-Fi blip.
 */
export function ConnectionBanner({ error, onRetry, retrying }: ConnectionBannerProps) {
  const t = useT();
  return (
    <div
      role="status"
      aria-label={t("common.connection")}
      className="sticky top-0 z-[60] flex flex-wrap items-center justify-center gap-x-3 gap-y-1 border-b border-notice-border bg-notice px-4 py-2 text-sm text-notice-foreground shadow-sm"
    >
      <WifiOff className="size-4 shrink-0" aria-hidden="true" />
      <span className="font-semibold">{t("common.connecting")}</span>
      <span>{t("common.changes_not_saved", { error })}</span>
      <Button size="sm" variant="outline" className="h-7 bg-card" onClick={onRetry} disabled={retrying}>
        <RefreshCw className={cn(retrying && "animate-spin")} aria-hidden="true" />
        {t("common.retry_connection")}
      </Button>
    </div>
  );
}
