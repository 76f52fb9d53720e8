import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SchoolSchedule } from "@core/school-day";
import type { SchoolScheduleInput } from "@core/schemas/school-schedule";
import { invalidateAgenda } from "@/api/user/agenda";
import { apiJson } from "@/lib/api/transport";

export const schoolScheduleQueryOptions = queryOptions({
  queryKey: ["/api/user/schedule"] as const,
  queryFn: () => apiJson<SchoolSchedule>("GET", "/api/user/schedule"),
  staleTime: 5 * 60 * 1000,
});

/** The student's school day (bell times, school days, rotation, days off): Home, the calendar and the editor read it. */
export function useSchoolSchedule() {
  return useQuery(schoolScheduleQueryOptions);
}

/** PUT /api/user/schedule: answers the schedule as saved, which replaces the cached one. */
export function useSaveSchoolSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (schedule: SchoolScheduleInput) => apiJson<SchoolSchedule>("PUT", "/api/user/schedule", schedule),
    onSuccess: (saved) => {
      queryClient.setQueryData(schoolScheduleQueryOptions.queryKey, saved);
      void invalidateAgenda(queryClient);
    },
  });
}
