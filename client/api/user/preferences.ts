import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Preferences } from "@core/schemas/preferences";
import { invalidateAgenda } from "@/api/user/agenda";
import { apiJson } from "@/lib/api/transport";

export const preferencesQueryOptions = queryOptions({
  queryKey: ["/api/user/preferences"] as const,
  queryFn: () => apiJson<Preferences>("GET", "/api/user/preferences"),
});

/** The student's preferences kept on the server (the evening summary's time). */
export function usePreferences(enabled = true) {
  return useQuery({ ...preferencesQueryOptions, enabled });
}

/** PUT /api/user/preferences: answers the preferences as saved, which replace the cached ones. */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Partial<Preferences>) => apiJson<Preferences>("PUT", "/api/user/preferences", changes),
    onSuccess: (saved, changes) => {
      queryClient.setQueryData(preferencesQueryOptions.queryKey, saved);
      // The schedule the agenda follows may have changed.
      if (changes.scheduleSource !== undefined) void invalidateAgenda(queryClient);
    },
  });
}
