import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RegisterInput } from "@core/schemas/auth";
import { forgetSession } from "@/lib/api/session-expiry";
import { forgetDeviceDatabases } from "./sign-out";
import { apiJson } from "@/lib/api/transport";
import { getUserQueryOptions } from "@/api/user/get-user";
import type { User } from "@core/api-types";

export function register(input: RegisterInput): Promise<User> {
  return apiJson<User>("POST", "/api/auth/register", input);
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => {
      forgetSession();
      forgetDeviceDatabases();
      queryClient.setQueryData(getUserQueryOptions().queryKey, user);
    },
  });
}
