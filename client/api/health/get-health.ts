import { queryOptions, useQuery } from "@tanstack/react-query";

export const HEALTH_POLL_MS = 5_000;
export const HEALTH_RETRIES = 3;

/** Backoff between health retries: 1 s, doubling, capped at 30 s (docs/product.md#health-check-gate). */
export function healthRetryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

/**
 * GET /api/health with plain fetch: it runs before anything else and must not trigger the API
 * helper's session handling.
 */
export async function getHealth(): Promise<{ status: string }> {
  let res: Response;
  try {
    res = await fetch("/api/health", {
      credentials: "include",
      headers: { "Cache-Control": "no-cache", Pragma: "no-cache" },
    });
  } catch {
    throw new Error("Service unavailable");
  }
  if (!res.ok) throw new Error("Service unavailable");
  return (await res.json()) as { status: string };
}

export function getHealthQueryOptions(online: boolean) {
  return queryOptions({
    queryKey: ["/api/health"] as const,
    queryFn: getHealth,
    enabled: online,
    refetchInterval: online ? HEALTH_POLL_MS : false,
    retry: HEALTH_RETRIES,
    retryDelay: healthRetryDelay,
    // It is what tells the offline edits that the server answers again (decision 116): it never
    // waits for that itself, as a read offline would once the queue has found the server down.
    networkMode: "always",
  });
}

export function useHealth(online: boolean) {
  return useQuery(getHealthQueryOptions(online));
}
