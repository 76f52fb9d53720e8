import { useEffect, useEffectEvent } from "react";

/**
 * Runs `queued` when a change starts to wait for the connection (its mutation paused,
 * sync/offline-edits.ts): the change already shows, so the dialog it was made in closes as after a
 * save (docs/product.md#offline-edits), and the change goes when the server answers. The hook's
 * mutation lets go of it (the change itself goes on waiting in the cache), so the next dialog
 * opened with the same hook starts afresh.
 */
export function useWhenQueued(mutation: { isPaused: boolean; reset: () => void }, queued: () => void): void {
  const onQueued = useEffectEvent(() => {
    mutation.reset();
    queued();
  });
  useEffect(() => {
    if (mutation.isPaused) onQueued();
  }, [mutation.isPaused]);
}
