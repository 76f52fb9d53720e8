import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { apiRequest, clearCsrfToken } from "@/lib/api";

export async function signOut(): Promise<void> {
  await apiRequest("POST", "/api/logout");
}

/** Spec §4: logout clears every cache and both storages, then hard-redirects to /. */
export async function clearClientState(queryClient: QueryClient): Promise<void> {
  clearCsrfToken();
  queryClient.clear();
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // Storage can be unavailable (privacy modes); nothing to clear then.
  }
  try {
    if ("caches" in window) {
      const names = await caches.keys();
      await Promise.all(names.map((name) => caches.delete(name)));
    }
  } catch {
    // Cache Storage is best effort.
  }
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      await clearClientState(queryClient);
      window.location.href = "/";
      // Keep the mutation pending until the page unloads so the button keeps "Signing Out...".
      await new Promise(() => {});
    },
  });
}
