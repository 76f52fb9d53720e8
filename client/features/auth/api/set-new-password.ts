import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SetNewPasswordInput } from "@core/schemas/auth";
import { forgetSession } from "@/lib/api/session-expiry";
import { apiJson } from "@/lib/api/transport";
import { getUserQueryOptions } from "@/api/user/get-user";
import type { User } from "@core/api-types";

export function setNewPassword(input: SetNewPasswordInput): Promise<User> {
  return apiJson<User>("POST", "/api/auth/set-new-password", input);
}

export function useSetNewPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setNewPassword,
    onSuccess: async (user) => {
      // A password change may rotate the session; fetch a fresh token next time.
      forgetSession();
      if (user && typeof user === "object" && "id" in user) {
        queryClient.setQueryData(getUserQueryOptions().queryKey, user);
      } else {
        await queryClient.invalidateQueries({ queryKey: getUserQueryOptions().queryKey });
      }
    },
  });
}
