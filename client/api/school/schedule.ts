import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SchoolSchedule } from "@core/school-day";
import { apiJson } from "@/lib/api/transport";

export const publishedSchoolScheduleQueryOptions = queryOptions({
  queryKey: ["/api/school/schedule"] as const,
  queryFn: () => apiJson<SchoolSchedule | null>("GET", "/api/school/schedule"),
  staleTime: 5 * 60 * 1000,
});

/**
 * Whether the school has published its schedule (GET /api/school/schedule answers it; null until
 * then, decision 112 and issue 49): Settings → School Day then offers the choice between it and the
 * student's own. Any failure counts as not published: the choice is simply not offered.
 */
export function useSchoolSchedulePublished(): boolean {
  return useQuery(publishedSchoolScheduleQueryOptions).data != null;
}
