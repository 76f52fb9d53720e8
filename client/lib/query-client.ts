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
      },
      mutations: {
        retry: false,
      },
    },
  });
}

export const queryClient = createQueryClient();
