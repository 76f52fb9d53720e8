import { useMutation } from "@tanstack/react-query";
import { SECOND_FACTOR_PATH } from "@core/api-paths";
import type { User } from "@core/api-types";
import { apiJson } from "@/lib/api/transport";
import { useSignedIn } from "./sign-in";

/**
 * POST /api/login/second-factor (issue 55): the code of a sign-in that asked for one (its challenge
 * rides in a cookie). Apart from sign-in.ts, so that it comes with the code step's chunk.
 */
export function useSecondFactor() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (code: string) => apiJson<User>("POST", SECOND_FACTOR_PATH, { code }),
    onSuccess: signedIn,
  });
}
