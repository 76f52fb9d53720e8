import { useMutation, useQueryClient } from "@tanstack/react-query";
import { getUserQueryOptions } from "@/api/user/get-user";
import { forgetSession } from "@/lib/api/session-expiry";
import { apiRequest } from "@/lib/api/transport";

/**
 * POST /api/admin/login { passcode }: unlocks the panel for 30 minutes. The server gives the
 * session a new id and with it a new CSRF token, so the page forgets the old token; the user is
 * read again for `adminUnlockedUntil`.
 */
export function useUnlockAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (passcode: string) => {
      await apiRequest("POST", "/api/admin/login", { passcode });
    },
    onSuccess: async () => {
      forgetSession();
      await queryClient.invalidateQueries({ queryKey: getUserQueryOptions().queryKey });
    },
  });
}

/**
 * POST /api/admin/extend: "Stay unlocked" (WCAG 2.2.1, decision 123): 30 more minutes from now.
 * A new session id and CSRF token, as the unlock gives; the user is read again for the new end.
 */
export function useExtendAdminUnlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest("POST", "/api/admin/extend");
    },
    onSuccess: async () => {
      forgetSession();
      await queryClient.invalidateQueries({ queryKey: getUserQueryOptions().queryKey });
    },
  });
}

/** POST /api/admin/logout: locks the panel again; the person stays signed in. */
export function useLockAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest("POST", "/api/admin/logout");
    },
    onSettled: async () => {
      queryClient.removeQueries({ queryKey: ["admin"] });
      await queryClient.invalidateQueries({ queryKey: getUserQueryOptions().queryKey });
    },
  });
}
