/** The client's route paths, in one place: links, redirects and the router all use these. */
export const ROUTES = {
  home: "/",
  auth: "/auth",
  register: "/auth?mode=register",
  passwordReset: "/password-reset",
  admin: "/admin",
  adminSchool: "/admin/school",
  pushDebug: "/admin/push-debug",
  /** The study plan's week (issue 51): its own screen, reached from Home's Tonight card. */
  plan: "/plan",
  /** The focus timer (issue 51): started from a study block or set up here. */
  focus: "/focus",
  /** The student's grades (issue 53): every class, the GPA, and a class's page with `?class=`. */
  grades: "/grades",
} as const;

/** The dashboard's sections, chosen by the URL hash (#home, #todo, #calendar). */
export const DASHBOARD_TABS = ["home", "todo", "calendar"] as const;
export type DashboardTabId = (typeof DASHBOARD_TABS)[number];

/** A link to a dashboard section, e.g. the Home tab's "+N more tasks" → "#todo". */
export const dashboardTabHref = (tab: DashboardTabId) => `#${tab}`;

/** Where the class editor opens: on the classes, or straight on its School Day step (Settings → School Day). */
export type ClassEditorStart = "classes" | "school-day";
