import { useQuery } from "@tanstack/react-query";
import { getHealthQueryOptions } from "@/api/health/get-health";
import { useOnline } from "@/hooks/use-online";

/**
 * Whether the server can be reached: the browser is online and the health check (which the start-up
 * gate polls every 5 s) has not failed since it last passed. Reads the gate's check, never a second one.
 */
export function useServerReachable(): boolean {
  const online = useOnline();
  const health = useQuery({ ...getHealthQueryOptions(online), enabled: false, refetchInterval: false });
  return online && !health.isError && health.failureCount === 0;
}
