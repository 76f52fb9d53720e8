import { useCallback } from "react";
import { useSearchParams } from "wouter";
import { ADMIN_TABS, type AdminTab, type UserRoleFilter } from "../types/admin";

const ROLE_FILTERS: readonly UserRoleFilter[] = ["all", "admins", "regular"];

/**
 * The panel's state kept in its URL (/admin?tab=users&search=lee&role=admins): a reload, a shared
 * link or the passcode gate in between keeps the tab, the search and the filter.
 */
export function useAdminUrl() {
  const [params, setParams] = useSearchParams();
  const tabParam = params.get("tab") ?? "";
  const tab: AdminTab = (ADMIN_TABS as readonly string[]).includes(tabParam) ? (tabParam as AdminTab) : "users";
  const roleParam = params.get("role") ?? "";
  const role: UserRoleFilter = (ROLE_FILTERS as readonly string[]).includes(roleParam) ? (roleParam as UserRoleFilter) : "all";
  const search = (params.get("search") ?? "").slice(0, 200);

  const update = useCallback(
    (changes: Partial<{ tab: AdminTab; search: string; role: UserRoleFilter }>, options: { replace?: boolean } = {}) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            const isDefault = value === "" || (key === "tab" && value === "users") || (key === "role" && value === "all");
            if (isDefault) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: options.replace ?? false },
      ),
    [setParams],
  );

  return { tab, search, role, update };
}
