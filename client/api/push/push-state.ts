import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api/transport";

/** The server's view of this session's device (GET /api/push/subscriptions). */
export type ServerPushState = { subscribed: boolean; endpoint: string | null; devices: number };

export const PUSH_STATE_QUERY_KEY = ["/api/push/subscriptions"] as const;

export function getPushStateQueryOptions() {
  return queryOptions({
    queryKey: PUSH_STATE_QUERY_KEY,
    queryFn: () => apiJson<ServerPushState>("GET", "/api/push/subscriptions"),
  });
}

export function useServerPushState(enabled = true) {
  return useQuery({ ...getPushStateQueryOptions(), enabled });
}
