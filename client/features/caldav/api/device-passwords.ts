import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreatedDevicePassword, DevicePassword } from "@core/schemas/device-passwords";
import { apiJson, apiRequest } from "@/lib/api/transport";

/** GET /api/user/device-passwords (issue 52): the calendar apps connected, never their passwords. */
export const devicePasswordsQuery = queryOptions({
  queryKey: ["/api/user/device-passwords"] as const,
  queryFn: () => apiJson<DevicePassword[]>("GET", "/api/user/device-passwords"),
});

export function useDevicePasswords() {
  return useQuery(devicePasswordsQuery);
}

/** POST: a new device password, answered once with what the calendar app asks for. */
export function useCreateDevicePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiJson<CreatedDevicePassword>("POST", "/api/user/device-passwords", { name }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: devicePasswordsQuery.queryKey }),
  });
}

/** DELETE: the app using it is refused from its next sync. */
export function useRevokeDevicePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest("DELETE", `/api/user/device-passwords/${id}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: devicePasswordsQuery.queryKey }),
  });
}
