import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { RetentionOverview } from "@core/schemas/retention";
import { apiJson } from "@/lib/api/transport";

const retentionKey = ["admin", "retention"] as const;

/** GET /api/admin/retention (issue 55): the policy in force and a dry run of the next sweep. */
export function useRetention() {
  return useQuery({ queryKey: retentionKey, queryFn: () => apiJson<RetentionOverview>("GET", "/api/admin/retention") });
}

/** POST /api/admin/retention/cohort: the accounts, deleted together after the typed confirmation. */
export function useDeleteCohort() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { userIds: number[]; confirmation: string }) =>
      apiJson<{ deleted: number }>("POST", "/api/admin/retention/cohort", body),
    onSettled: () => queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === "admin" }),
  });
}
