import { queryOptions, useQuery } from "@tanstack/react-query";
import { DEFAULT_TIME_ZONE } from "@core/dates";
import { apiJson } from "@/lib/api/transport";
import type { PublicSettings } from "@core/api-types";

export const DEFAULT_PUBLIC_SETTINGS: PublicSettings = {
  logoUrl: null,
  instagramUrl: null,
  timeZone: DEFAULT_TIME_ZONE,
};

export function getPublicSettings(): Promise<PublicSettings> {
  return apiJson<PublicSettings>("GET", "/api/settings/public");
}

export function getPublicSettingsQueryOptions() {
  return queryOptions({
    queryKey: ["/api/settings/public"] as const,
    queryFn: getPublicSettings,
  });
}

/** Public settings with safe defaults while loading or when the call fails. */
export function usePublicSettings(): PublicSettings & { isLoading: boolean } {
  const query = useQuery(getPublicSettingsQueryOptions());
  const data = query.data;
  return {
    logoUrl: typeof data?.logoUrl === "string" && data.logoUrl.trim() ? data.logoUrl : null,
    instagramUrl: typeof data?.instagramUrl === "string" && data.instagramUrl.trim() ? data.instagramUrl : null,
    timeZone: typeof data?.timeZone === "string" && data.timeZone ? data.timeZone : DEFAULT_TIME_ZONE,
    isLoading: query.isLoading,
  };
}
