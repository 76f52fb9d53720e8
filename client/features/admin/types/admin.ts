/** The User Management filter, as the URL's `role` parameter holds it. */
export type UserRoleFilter = "all" | "admins" | "regular";

/** The panel's five tabs, as the URL's `tab` parameter names them. */
export const ADMIN_TABS = ["users", "notifications", "push-debug", "audit-log", "settings"] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];
