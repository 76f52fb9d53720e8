/**
 * The web app's pages: the paths client/app/router.tsx renders a screen for. The server answers a
 * page load of one of these 200, and of any other page path 404 with the same app shell, which
 * shows the app's own 404 page (issue 49): a link checker, a crawler or an uptime monitor then
 * reads a missing page as missing, and `/metrics` without its token is the 404 docs/operating.md says.
 */
export const PAGE_PATHS = {
  home: "/",
  auth: "/auth",
  passwordReset: "/password-reset",
  forgotPassword: "/forgot-password",
  resetPassword: "/reset-password",
  admin: "/admin",
  adminSchool: "/admin/school",
  pushDebug: "/admin/push-debug",
  plan: "/plan",
  focus: "/focus",
  grades: "/grades",
} as const;

const PAGES = new Set<string>(Object.values(PAGE_PATHS));

/** Whether `path` (no query, no hash) is one of the app's pages. */
export function isAppPage(path: string): boolean {
  return PAGES.has(path);
}
