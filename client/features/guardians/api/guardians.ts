import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateGuardianData, Guardian } from "@core/schemas/guardians";
import { apiJson, apiRequest } from "@/lib/api/transport";

/** GET /api/user/guardians (issue 54): the parents and guardians the student invited, and where each stands. */
export const guardiansQuery = queryOptions({
  queryKey: ["/api/user/guardians"] as const,
  queryFn: () => apiJson<Guardian[]>("GET", "/api/user/guardians"),
});

export function useGuardians() {
  return useQuery(guardiansQuery);
}

/** POST: an invitation, mailed to the guardian to confirm. */
export function useInviteGuardian() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: CreateGuardianData) => apiJson<Guardian>("POST", "/api/user/guardians", data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: guardiansQuery.queryKey }),
  });
}

/** DELETE: no mail after it. */
export function useRemoveGuardian() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest("DELETE", `/api/user/guardians/${id}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: guardiansQuery.queryKey }),
  });
}
