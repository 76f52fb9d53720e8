import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SignInInput } from "@core/schemas/auth";
import { forgetSession } from "@/lib/api/session-expiry";
import { forgetDeviceDatabases } from "./sign-out";
import { apiJson } from "@/lib/api/transport";
import { getUserQueryOptions } from "@/api/user/get-user";
import type { User } from "@core/api-types";

export function signIn(input: SignInInput): Promise<User> {
  return apiJson<User>("POST", "/api/auth/login", input);
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (user) => {
      // The session id changed, so the CSRF token bound to it did too.
      forgetSession();
      forgetDeviceDatabases();
      queryClient.setQueryData(getUserQueryOptions().queryKey, user);
    },
  });
}
