import type { QueryClient } from "@tanstack/react-query";
import { getEventsQueryOptions } from "@/api/events/get-events";
import { getTasksQueryOptions } from "@/api/tasks/get-tasks";
import { schoolScheduleQueryOptions } from "@/api/user/school-schedule";

/**
 * The reads the Home tab's first screen shows (Today's Schedule and the task card: tasks, events,
 * the school day). The start-up asks for them as soon as it knows a student is signed in on the
 * Home tab (router.tsx), beside the dashboard's code rather than after it has arrived and rendered:
 * on a phone's network that is a round trip or two sooner (decision 102). The dashboard's queries
 * then find them asked for, or answered, and ask nothing again.
 *
 * A module of its own, with nothing but the query options: the start-up chunk imports it.
 */
export function prefetchHomeReads(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(getTasksQueryOptions());
  void queryClient.prefetchQuery(getEventsQueryOptions());
  void queryClient.prefetchQuery(schoolScheduleQueryOptions);
}
