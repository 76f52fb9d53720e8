import type { QueryClient } from "@tanstack/react-query";
import { HOME_AGENDA_DAYS } from "@core/agenda";
import type { PublicSettings } from "@core/api-types";
import { addDaysToDate, DEFAULT_TIME_ZONE, todayIn } from "@core/dates";
import { getEventsQueryOptions } from "@/api/events/get-events";
import { getPublicSettingsQueryOptions } from "@/api/settings/get-public-settings";
import { getTasksQueryOptions } from "@/api/tasks/get-tasks";
import { agendaQueryOptions } from "@/api/user/agenda";

/** Today's Schedule's agenda read: today and the days after it, in the school's zone. */
export function homeAgendaRange(today: string): [from: string, to: string] {
  return [today, addDaysToDate(today, HOME_AGENDA_DAYS - 1)];
}

/**
 * The reads the Home tab's first screen shows (Today's Schedule and the task card: tasks, events,
 * the agenda). The start-up asks for them as soon as it knows a student is signed in on the
 * Home tab (router.tsx), beside the dashboard's code rather than after it has arrived and rendered:
 * on a phone's network that is a round trip or two sooner (decision 102). The dashboard's queries
 * then find them asked for, or answered, and ask nothing again.
 *
 * A module of its own, with nothing but the query options: the start-up chunk imports it.
 */
export function prefetchHomeReads(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(getTasksQueryOptions());
  void queryClient.prefetchQuery(getEventsQueryOptions());
  // Today in the school's zone if the public settings are in already, else the usual zone (a
  // school elsewhere asks once more, for its own dates, when Home renders).
  const zone = queryClient.getQueryData<PublicSettings>(getPublicSettingsQueryOptions().queryKey)?.timeZone || DEFAULT_TIME_ZONE;
  void queryClient.prefetchQuery(agendaQueryOptions(...homeAgendaRange(todayIn(zone))));
}
