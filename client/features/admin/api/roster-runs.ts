import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ROSTER_IMPORT_TIMEOUT_MS } from "@core/schemas/admin";
import type { RosterCsvResult, RosterRun } from "@core/schemas/roster-runs";
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

/**
 * POST /api/admin/roster/oneroster-csv?preview=…: a OneRoster CSV bundle (the zip as the body),
 * previewed (nothing written) or imported; as long a wait as the roster import's.
 */
export function useRosterCsvUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bundle, preview }: { bundle: Blob; preview: boolean }) =>
      apiJson<RosterCsvResult>(
        "POST",
        `/api/admin/roster/oneroster-csv?preview=${preview}`,
        // Whatever type the system gave the file (Windows says x-zip-compressed, some none), it goes as a zip.
        new Blob([bundle], { type: "application/zip" }),
        { timeoutMs: ROSTER_IMPORT_TIMEOUT_MS + 10_000 },
      ),
    // Accounts made or closed join every list; the run joins the reports; the audit log has an entry.
    onSuccess: (_result, { preview }) => (preview ? undefined : queryClient.invalidateQueries({ queryKey: ["admin"] })),
  });
}
