import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api/transport";
import type { AdminUser } from "@core/schemas/admin";
import type { DevicePassword } from "@core/schemas/device-passwords";
import type { UserRoleFilter } from "../types/admin";
import { getPage } from "./paged-list";

/** Rows per page of the user list (the server's default; at most 200). */
export const USERS_PAGE_SIZE = 50;

/** GET /api/admin/users?search=&isAdmin=&limit=: the first page's URL for a search and filter. */
export function usersUrl(search: string, role: UserRoleFilter): string {
  const params = new URLSearchParams();
  if (search) params.set("search", search);
  if (role !== "all") params.set("isAdmin", role === "admins" ? "true" : "false");
  params.set("limit", String(USERS_PAGE_SIZE));
  return `/api/admin/users?${params.toString()}`;
}

export const adminUsersKey = ["admin", "users"] as const;

/** The user list for a search and filter, page by page as the admin scrolls (the Link header's next page). */
export function useAdminUsers(search: string, role: UserRoleFilter) {
  return useInfiniteQuery({
    queryKey: [...adminUsersKey, search, role],
    queryFn: ({ pageParam }) => getPage<AdminUser>(pageParam),
    initialPageParam: usersUrl(search, role),
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

function useAdminUserMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Every list (any search, any filter) may hold the changed row; the audit log has a new entry.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["admin"] }),
  });
}

/** PATCH /api/admin/users/{id}/admin-status { isAdmin }. */
export function useSetAdminStatus() {
  return useAdminUserMutation(({ user, isAdmin }: { user: AdminUser; isAdmin: boolean }) =>
    apiJson<unknown>("PATCH", `/api/admin/users/${user.id}/admin-status`, { isAdmin }),
  );
}

/** POST /api/admin/users/{id}/reset-password → { temporaryPassword }. */
export function useResetPassword() {
  return useAdminUserMutation((user: AdminUser) =>
    apiJson<{ temporaryPassword: string }>("POST", `/api/admin/users/${user.id}/reset-password`),
  );
}

/** DELETE /api/admin/users/{id}/two-factor (issue 55): a lost phone; the account signs in with its password alone until enrolled again (audited). */
export function useResetTwoFactor() {
  return useAdminUserMutation((user: AdminUser) => apiJson<unknown>("DELETE", `/api/admin/users/${user.id}/two-factor`));
}

/** DELETE /api/admin/users/{id}: the user, their tasks, events and sessions. */
export function useDeleteUser() {
  return useAdminUserMutation((user: AdminUser) => apiJson<unknown>("DELETE", `/api/admin/users/${user.id}`));
}

/** GET /api/admin/users/{id}/device-passwords (issue 52): the calendar apps a user connected, never their passwords. */
export function useUserDevicePasswords(user: AdminUser, enabled: boolean) {
  return useQuery({
    queryKey: [...adminUsersKey, user.id, "device-passwords"],
    queryFn: () => apiJson<DevicePassword[]>("GET", `/api/admin/users/${user.id}/device-passwords`),
    enabled,
  });
}

/** DELETE /api/admin/users/{id}/device-passwords/{passwordId}: the app is refused from its next sync (audited). */
export function useRevokeUserDevicePassword() {
  return useAdminUserMutation(({ user, password }: { user: AdminUser; password: DevicePassword }) =>
    apiJson<unknown>("DELETE", `/api/admin/users/${user.id}/device-passwords/${password.id}`),
  );
}
