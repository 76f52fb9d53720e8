import { queryOptions, useQuery } from "@tanstack/react-query";
import { addDaysToDate } from "@core/dates";
import type { FocusStats } from "@core/schemas/focus";
import type { Plan } from "@core/schemas/plan";
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

/** GET /api/user/focus-stats for the `days` days up to `today`: where the time went. */
export function useFocusStats(today: string, days: number) {
  const from = addDaysToDate(today, -(days - 1));
  return useQuery({
    queryKey: ["/api/user/focus-stats", from, today] as const,
    queryFn: () => apiJson<FocusStats>("GET", `/api/user/focus-stats?from=${from}&to=${today}`),
  });
}
