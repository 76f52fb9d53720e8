import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import type { User } from "@core/api-types";

export const USER_STALE_TIME_MS = 5 * 60 * 1000;

/**
 * The current user, or null when signed out. Read from GET /api/session, which answers a visitor
 * with 200 and `user: null` where GET /api/user answers 401: the start-up check of every visit then
 * logs no failed request (docs/decisions/067). A 401 from elsewhere still means the session ended.
 */
export async function getCurrentUser(): Promise<User | null> {
  const answer = await apiJson<{ user: User | null }>("GET", "/api/session");
  return answer?.user ?? null;
}

export function getUserQueryOptions() {
  return queryOptions({
    queryKey: ["/api/user"] as const,
    queryFn: getCurrentUser,
    staleTime: USER_STALE_TIME_MS,
    // Coming back to the tab refetches the user (docs/product.md#queries), even within the 5 minutes.
    refetchOnWindowFocus: "always",
  });
}

export function useUser() {
  return useQuery(getUserQueryOptions());
}
