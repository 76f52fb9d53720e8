import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { RESET_LINK_CHECK_PATH, RESET_PASSWORD_PATH } from "@core/api-paths";
import type { ResetPasswordInput } from "@core/schemas/auth";
import { forgetSession } from "@/lib/api/session-expiry";
import { apiJson } from "@/lib/api/transport";
import { getUserQueryOptions } from "@/api/user/get-user";
import { needsSecondFactor, type SignInAnswer } from "./sign-in";

/**
 * Sets a new password with a mailed link's token (issue 38); the answer is the account, now signed
 * in here, or, with two-step verification on, the code still to give (issue 55).
 */
export function resetPassword(input: ResetPasswordInput): Promise<SignInAnswer> {
  return apiJson<SignInAnswer>("POST", RESET_PASSWORD_PATH, input);
}

/**
 * Whether a mailed link still works, asked once as its page opens (issue 49): a used or expired link
 * says so before the student types a password. Fails with the reset's own refusal.
 */
export function useResetLinkCheck(token: string) {
  return useQuery({
    queryKey: [RESET_LINK_CHECK_PATH, token],
    queryFn: () => apiJson<null>("POST", RESET_LINK_CHECK_PATH, { token }),
    retry: false,
    staleTime: Infinity,
  });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: (answer) => {
      if (needsSecondFactor(answer)) return;
      // A new session began, so the CSRF token bound to it is new too.
      forgetSession();
      queryClient.setQueryData(getUserQueryOptions().queryKey, answer);
    },
  });
}
