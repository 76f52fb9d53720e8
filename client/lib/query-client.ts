import { QueryClient } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api/transport";

/** Spec §7 defaults: nothing goes stale by time, no focus or interval refetch, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
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
        // (docs/product.md#connection-banner).
        networkMode: "always",
      },
    },
  });
}

export const queryClient = createQueryClient();
