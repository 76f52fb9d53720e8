import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api/transport";
import { ROSTER_IMPORT_TIMEOUT_MS, type RosterImportResult } from "@core/schemas/admin";

/**
 * POST /api/admin/users/import { csv, dryRun }: the preview (dryRun, creates nothing) or the import
 * of a roster file. The import may hash thousands of temporary passwords, so the browser waits as
 * long as the server may take (and a little more, for the answer to arrive).
 */
export function useRosterImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ csv, dryRun }: { csv: string; dryRun: boolean }) =>
      apiJson<RosterImportResult>("POST", "/api/admin/users/import", { csv, dryRun }, { timeoutMs: ROSTER_IMPORT_TIMEOUT_MS + 10_000 }),
    // New accounts join every list (any search, any filter); the audit log has a new entry.
    onSuccess: (_result, { dryRun }) => (dryRun ? undefined : queryClient.invalidateQueries({ queryKey: ["admin"] })),
  });
}
