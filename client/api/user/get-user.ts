import { queryOptions, useQuery } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api";
import type { User } from "@core/api-types";

export const USER_STALE_TIME_MS = 5 * 60 * 1000;

/** The current user, or null when signed out (a 401 is not an error here). */
export function getUserQueryOptions() {
  return queryOptions({
    queryKey: ["/api/user"] as const,
    queryFn: getQueryFn<User | null>({ on401: "returnNull" }),
    staleTime: USER_STALE_TIME_MS,
    // Coming back to the tab refetches the user (docs/product.md#queries), even within the 5 minutes.
    refetchOnWindowFocus: "always",
  });
}

export function useUser() {
  return useQuery(getUserQueryOptions());
}
