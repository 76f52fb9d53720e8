import { type QueryClient, QueryObserver } from "@tanstack/react-query";
import { DEFAULT_TIME_ZONE, todayIn } from "@core/dates";
import type { PublicSettings } from "@core/api-types";
import type { Preferences } from "@core/schemas/preferences";
import type { Task } from "@core/schemas/task";
import { appBadgeCount } from "@core/tasks";
import { getTasksQueryOptions } from "@/api/tasks/get-tasks";
import { preferencesQueryOptions } from "@/api/user/preferences";
import { canShowAppBadge, showAppBadge } from "./badging";

/**
 * The school's settings' query key (getPublicSettingsQueryOptions in api/settings/get-public-settings),
 * spelled out: importing that module here moves shared code out of the start-up chunk into chunks
 * of their own, which Home's first screen would pay for (measured: +0.6 KB). A test holds them equal.
 */
export const PUBLIC_SETTINGS_KEY = ["/api/settings/public"] as const;

/** The reads the count comes from: the task list, the preferences (the switch) and the school's time zone. */
const READS = new Set<unknown>([getTasksQueryOptions().queryKey[0], preferencesQueryOptions.queryKey[0], PUBLIC_SETTINGS_KEY[0]]);

/**
 * Keeps the app icon's badge (decision 119) at the number of tasks due today or overdue while the
 * app is open: whenever the task list or the preferences change in the cache (the dashboard's
 * reads, a change made here, the live updates from another device), and when the school's day
 * changes at midnight. Turned off in Settings, the badge is cleared. Answers a function that stops it.
 */
export function startAppBadge(queryClient: QueryClient, { tickMs = 60_000 } = {}): () => void {
  if (!canShowAppBadge()) return () => {};
  let shown: number | null = null;
  const update = () => {
    const tasks = queryClient.getQueryData<Task[]>(getTasksQueryOptions().queryKey);
    const preferences = queryClient.getQueryData<Preferences>(preferencesQueryOptions.queryKey);
    // Until both are known nothing changes: a badge the student turned off must not flash on.
    if (!tasks || !preferences) return;
    const timeZone = queryClient.getQueryData<PublicSettings>(PUBLIC_SETTINGS_KEY)?.timeZone || DEFAULT_TIME_ZONE;
    const count = preferences.appBadge ? appBadgeCount(tasks, todayIn(timeZone, new Date())) : 0;
    if (count === shown) return;
    shown = count;
    showAppBadge(count);
  };
  // Observed rather than read once, so that the preferences are fetched, and fetched again when
  // another device changes them (the live updates refetch only what is observed).
  const stopPreferences = new QueryObserver(queryClient, preferencesQueryOptions).subscribe(update);
  const stopCache = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === "updated" && READS.has(event.query.queryKey[0])) update();
  });
  // The school's day changes at midnight: tasks due yesterday stay counted, tomorrow's join.
  const timer = setInterval(update, tickMs);
  update();
  return () => {
    stopPreferences();
    stopCache();
    clearInterval(timer);
  };
}
