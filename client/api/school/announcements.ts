import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SchoolAnnouncement } from "@core/announcements";
import { apiJson } from "@/lib/api/transport";

export const schoolAnnouncementsQueryOptions = queryOptions({
  queryKey: ["/api/school/announcements"] as const,
  queryFn: () => apiJson<SchoolAnnouncement[]>("GET", "/api/school/announcements"),
  staleTime: 5 * 60 * 1000,
});

/** The school's announcements of the last 30 days, newest first (issue 36); a failed read shows none. */
export function useSchoolAnnouncements() {
  return useQuery(schoolAnnouncementsQueryOptions);
}
