import { type Mutation, type QueryClient, type QueryKey, onlineManager } from "@tanstack/react-query";
import { isOfflineEdit } from "./edits";

/** The offline queue: the changes that waited go in the order made, when the server can be reached. */

/**
 * The changes that waited are sent again one at a time, in the order made (tasks and events
 * alike), so a task's completion goes after its create: TanStack resumes paused mutations all at
 * once. (A mutation `scope` would keep the order too, but would also hold every online change
 * behind the one before it: two quick ticks would no longer go out together.)
 */
export function resumeInOrder(queryClient: QueryClient): void {
  const cache = queryClient.getMutationCache();
  cache.resumePausedMutations = () => {
    // A change between its failure and its pause (the retry's delay) is waited for in its place.
    const paused = cache.getAll().filter((m) => m.state.isPaused || (m.state.status === "pending" && isOfflineEdit(m)));
    return paused.reduce<Promise<unknown>>(
      (previous, m) =>
        previous.then(() => {
          void m.continue().catch(() => undefined);
          return settled(m);
        }),
      Promise.resolve(),
    );
  };
  const settled = (m: Mutation) => settledIn(queryClient, m);
}

/**
 * Until the mutation's state says it is done: its request answers before its callbacks have run,
 * and a create's server id is handed to the changes after it only then (startOfflineEdits).
 */
export function settledIn(queryClient: QueryClient, m: Mutation): Promise<void> {
  return new Promise<void>((resolve) => {
    if (m.state.status !== "pending") return resolve();
    const stop = queryClient.getMutationCache().subscribe((event) => {
      if (event.mutation === m && m.state.status !== "pending") {
        stop();
        resolve();
      }
    });
  });
}

const browserOnline = () => typeof navigator === "undefined" || navigator.onLine !== false;

function listenToBrowser(onChange: () => void): () => void {
  if (typeof window === "undefined" || typeof window.addEventListener !== "function") return () => {};
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/**
 * Whether the server can be reached: the browser says it is online and the last try (the health
 * check every 5 s, or a change) got through. TanStack Query's online state is this, so a change
 * made while the server is down waits (paused) instead of failing, and the queue resumes when the
 * health check passes again.
 */
export function connectOnlineState(queryClient: QueryClient, healthKey: QueryKey): { unreachable: () => void; stop: () => void } {
  let reachable = true;
  let setOnline: ((online: boolean) => void) | undefined;
  const update = () => setOnline?.(browserOnline() && reachable);
  onlineManager.setEventListener((set) => {
    setOnline = set;
    update();
    return listenToBrowser(update);
  });
  const stop = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" || event.query.queryHash !== JSON.stringify(healthKey)) return;
    if (event.action.type === "success") reachable = true;
    else if (event.action.type === "failed" || event.action.type === "error") reachable = false;
    else return;
    update();
  });
  return {
    unreachable: () => {
      reachable = false;
      update();
    },
    stop,
  };
}
