import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api/transport";
import type { AdminSettings } from "@core/schemas/admin";

const adminSettingsKey = ["admin", "settings"] as const;

/** GET /api/admin/settings. */
export function useAdminSettings() {
  return useQuery({ queryKey: adminSettingsKey, queryFn: () => apiJson<AdminSettings>("GET", "/api/admin/settings") });
}

/** PUT /api/admin/settings { instagramUrl, logoUrl }; the public settings (the logo) are read again. */
export function useSaveAdminSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: AdminSettings) => apiJson<AdminSettings>("PUT", "/api/admin/settings", settings),
    onSuccess: (saved) => {
      if (saved && typeof saved === "object") queryClient.setQueryData(adminSettingsKey, saved);
    },
    onSettled: () =>
      queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === "admin" || q.queryKey[0] === "/api/settings/public" }),
  });
}
