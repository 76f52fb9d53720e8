import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { RosterRun } from "@core/schemas/roster-runs";
import { apiJson } from "@/lib/api/transport";

const runsKey = ["admin", "roster-runs"] as const;

/** GET /api/admin/roster/runs (issue 55): each roster sync's report, newest first. */
export function useRosterRuns() {
  return useQuery({ queryKey: runsKey, queryFn: () => apiJson<RosterRun[]>("GET", "/api/admin/roster/runs") });
}

/** POST /api/admin/roster/runs: a sync now (202); the list is read again a little later. */
export function useRequestRosterSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<unknown>("POST", "/api/admin/roster/runs"),
    onSuccess: () => {
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: runsKey }), 5000);
    },
  });
}
