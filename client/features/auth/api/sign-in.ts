import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SignInInput } from "@core/schemas/auth";
import { forgetSession } from "@/lib/api/session-expiry";
import { forgetDeviceDatabases } from "./sign-out";
import { apiJson } from "@/lib/api/transport";
import { getUserQueryOptions } from "@/api/user/get-user";
import type { User } from "@core/api-types";

/** A sign-in's answer: the user, or, for an account with two-step verification, the code still to give (issue 55). */
export type SignInAnswer = User | { secondFactorRequired: true };

export const needsSecondFactor = (answer: SignInAnswer): answer is { secondFactorRequired: true } => "secondFactorRequired" in answer;

export function signIn(input: SignInInput): Promise<SignInAnswer> {
  return apiJson<SignInAnswer>("POST", "/api/auth/login", input);
}

/** A session began: the CSRF token bound to the old one is gone, and the last student's device data with it. */
export function useSignedIn() {
  const queryClient = useQueryClient();
  return (user: User) => {
    forgetSession();
    forgetDeviceDatabases();
    queryClient.setQueryData(getUserQueryOptions().queryKey, user);
  };
}

export function useSignIn() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (answer) => {
      if (!needsSecondFactor(answer)) signedIn(answer);
    },
  });
}
