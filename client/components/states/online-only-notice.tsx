import { WifiOff } from "lucide-react";
import { useServerReachable } from "@/hooks/use-server-reachable";

/**
 * A screen whose changes need the server (the admin screens, Settings and the account, decision
 * 116): while it cannot be reached, says so where the changes are made, not only in the
 * connection banner, which speaks for the whole app. The live region is always there, so the
 * notice is announced when it appears.
 */
export function OnlineOnlyNotice({ message }: { message: string }) {
  const reachable = useServerReachable();
  return (
    <div role="status">
      {!reachable && (
        <p className="flex items-start gap-2 rounded-md border border-notice-border bg-notice px-3 py-2 text-sm text-notice-foreground">
          <WifiOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {message}
        </p>
      )}
    </div>
  );
}
