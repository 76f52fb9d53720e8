import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Plan } from "@core/schemas/plan";
import { apiJson } from "@/lib/api/transport";

/** The days the Plan tab shows: this week, from today. */
export const PLAN_DAYS = 7;

/** GET /api/user/plan (issue 51): the study plan from today, worked out by the server from everything it knows. */
export const planQueryOptions = queryOptions({
  queryKey: ["/api/user/plan", PLAN_DAYS] as const,
  queryFn: () => apiJson<Plan>("GET", `/api/user/plan?days=${PLAN_DAYS}`),
});

/** Read again each time the tab shows: a task, an event or the school's day may have changed the plan. */
export function usePlan() {
  return useQuery({ ...planQueryOptions, refetchOnMount: "always" });
}
