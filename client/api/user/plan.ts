import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { addDaysToDate } from "@core/dates";
import type { FocusStats } from "@core/schemas/focus";
import type { Plan } from "@core/schemas/plan";
import { getTasksQueryOptions } from "@/api/tasks/get-tasks";
import { apiJson } from "@/lib/api/transport";

/** The days the study plan's screen shows: this week, from today. */
export const PLAN_DAYS = 7;

/** GET /api/user/plan (issue 51): the study plan from today, worked out by the server from everything it knows. */
export const planQueryOptions = queryOptions({
  queryKey: ["/api/user/plan", PLAN_DAYS] as const,
  queryFn: () => apiJson<Plan>("GET", `/api/user/plan?days=${PLAN_DAYS}`),
});

/** Read again each time the screen shows: a task, an event or the school's day may have changed the plan. */
export function usePlan() {
  return useQuery({ ...planQueryOptions, refetchOnMount: "always" });
}

/** The focus statistics' key for any range: every range read is stale after a session is kept. */
const FOCUS_STATS_KEY = "/api/user/focus-stats";

/**
 * After a focus session is kept (or refused): the time lands on its task (`spentMinutes`), the plan
 * places what is left of it, and where the time went counts it.
 */
export function refetchAfterFocus(queryClient: QueryClient) {
  return (): Promise<unknown> =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: getTasksQueryOptions().queryKey }),
      queryClient.invalidateQueries({ queryKey: planQueryOptions.queryKey }),
      queryClient.invalidateQueries({ queryKey: [FOCUS_STATS_KEY] }),
    ]);
}

/** GET /api/user/focus-stats for the `days` days up to `today`: where the time went. */
export function useFocusStats(today: string, days: number) {
  const from = addDaysToDate(today, -(days - 1));
  return useQuery({
    queryKey: [FOCUS_STATS_KEY, from, today] as const,
    queryFn: () => apiJson<FocusStats>("GET", `/api/user/focus-stats?from=${from}&to=${today}`),
  });
}
