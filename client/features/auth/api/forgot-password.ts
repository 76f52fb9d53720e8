import { useMutation } from "@tanstack/react-query";
import { FORGOT_PASSWORD_PATH } from "@core/api-paths";
import type { ForgotPasswordInput } from "@core/schemas/auth";
import { apiJson } from "@/lib/api/transport";

/** Asks for a reset link (issue 38): the same answer whether or not an account uses the address. */
export function forgotPassword(input: ForgotPasswordInput): Promise<{ ok: true }> {
  return apiJson<{ ok: true }>("POST", FORGOT_PASSWORD_PATH, input);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
