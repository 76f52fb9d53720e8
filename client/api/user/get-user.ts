import { type QueryFunctionContext, queryOptions, useQuery } from "@tanstack/react-query";
import { sessionEnded } from "@/lib/api/session-expiry";
import { apiJson } from "@/lib/api/transport";
import { t } from "@/lib/i18n";
import { showToast } from "@/lib/toast";
import type { User } from "@core/api-types";

export const USER_STALE_TIME_MS = 5 * 60 * 1000;

/**
 * The current user, or null when signed out. Read from GET /api/session, which answers a visitor
 * with 200 and `user: null` where GET /api/user answers 401: the start-up check of every visit then
 * logs no failed request (docs/decisions/067). A 401 from elsewhere still means the session ended.
 */
export async function getCurrentUser(context?: Pick<QueryFunctionContext, "client" | "queryKey">): Promise<User | null> {
  const answer = await apiJson<{ user: User | null; adminUnlockedUntil?: string | null }>("GET", "/api/session");
  const user = answer?.user ? { ...answer.user, adminUnlockedUntil: answer.adminUnlockedUntil ?? null } : null;
  const before = context?.client.getQueryData<User | null>(context.queryKey);
  if (!user && before) {
    // Signed in a moment ago and not now: the session ended elsewhere (sign-out here reloads the
    // page). Say so and go to /auth, as a 401 does, keeping the page meanwhile rather than
    // turning it into the landing page without a word (issue 14).
    showToast({
      title: t("dashboard.session_expired"),
      // The spec words only the cases with a change under way: this one has none.
      description: t("dashboard.session_ended"),
      variant: "destructive",
      id: "session-expired",
    });
    sessionEnded();
    return before;
  }
  return user;
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
