import { useEffect } from "react";
import { queryClient } from "@/lib/query-client";
import { whenIdle } from "@/lib/when-idle";

/**
 * Live updates for whoever is signed in (sync/live-updates.ts, decision 114). The code loads once the
 * first screen is up and the browser idle: it is not part of any first screen's download. A change of
 * account (sign-out, another student on a shared computer) stops the old stream before anything else.
 */
export function useLiveUpdates(userId: number | undefined): void {
  useEffect(() => {
    if (userId === undefined) return undefined;
    let stop: (() => void) | undefined;
    let cancelled = false;
    whenIdle(() => {
      import("@/sync/live-updates")
        .then(({ startLiveUpdates }) => {
          if (!cancelled) stop = startLiveUpdates(queryClient);
        })
        .catch(() => {
          // The chunk did not load (offline): the lists still refetch on the next read.
        });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userId]);
}
