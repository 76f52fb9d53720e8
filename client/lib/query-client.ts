import { QueryClient } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api/transport";

/** Spec §7 defaults: nothing goes stale by time, no focus or interval refetch, no retries. */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
        // Offline, a read is still tried once: the installed app's service worker may answer it
        // from the student's last reads (decision 088). Only retries wait for the network.
        networkMode: "offlineFirst",
      },
      mutations: {
        retry: false,
        // A change tried offline fails at once, like any failed request; nothing is queued
        // (docs/product.md#connection-banner). Task and event changes are the exception (below).
        networkMode: "always",
      },
    },
  });
  // Task and event changes that cannot reach the server wait (decision 116), and focus sessions with them. sync/offline-edits.ts,
  // loaded once the first screen is idle, registers their queue; a change made before it has
  // loaded tries again every second meanwhile (or waits while the browser is offline), and the
  // module then takes it over: it is kept, counted and sent in order like the others.
  const waitForServer = {
    networkMode: "online",
    retry: (_: number, error: Error) => error instanceof TypeError,
    retryDelay: 1000,
  } as const;
  client.setMutationDefaults(["tasks"], waitForServer);
  client.setMutationDefaults(["events"], waitForServer);
  // A focus session ended by the timer (decision 131) waits the same way.
  client.setMutationDefaults(["focus-sessions"], waitForServer);
  return client;
}

export const queryClient = createQueryClient();
