import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { TWO_FACTOR_PATH } from "@core/api-paths";
import type { TwoFactorSetup, TwoFactorStatus } from "@core/schemas/two-factor";
import { apiJson, apiRequest } from "@/lib/api/transport";

/** GET /api/user/two-factor (issue 55): whether it is on, and the recovery codes left. */
export const twoFactorQuery = queryOptions({
  queryKey: [TWO_FACTOR_PATH] as const,
  queryFn: () => apiJson<TwoFactorStatus>("GET", TWO_FACTOR_PATH),
});

export function useTwoFactor() {
  return useQuery(twoFactorQuery);
}

/** POST: a new secret for the authenticator app, waiting for its first code. */
export function useBeginTwoFactor() {
  return useMutation({ mutationFn: () => apiJson<TwoFactorSetup>("POST", TWO_FACTOR_PATH) });
}

/** POST …/confirm: the first code turns it on; the recovery codes come back this once. */
export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiJson<{ recoveryCodes: string[] }>("POST", `${TWO_FACTOR_PATH}/confirm`, { code }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: twoFactorQuery.queryKey }),
  });
}

/** DELETE, with the password. */
export function useTurnOffTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (password: string) => {
      await apiRequest("DELETE", TWO_FACTOR_PATH, { password });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: twoFactorQuery.queryKey }),
  });
}
